/**
 * Content sniffing: the MIME type of bytes from their magic numbers (the `file-type` package),
 * never from the client's name or Content-Type. Undefined when unrecognised (e.g. plain text).
 */
import { fileTypeFromBuffer } from "file-type";

export async function sniffContentType(bytes: Uint8Array): Promise<string | undefined> {
  return (await fileTypeFromBuffer(bytes))?.mime;
}
