/**
 * FileStorage port: stores uploaded files under random keys the adapter chooses (never the
 * client's file name). Adapters: local disk under `.data/uploads` (default) and S3-compatible
 * object storage when `S3_BUCKET` is set (adapters/src/storage). Used by verification documents
 * and, later, media and dispute evidence. Infrastructure failures are defects.
 */
import { Context, type Effect, type Option } from "effect";

export interface StoredFile {
  /** Random, URL-safe key; the only name the file has in storage. */
  readonly key: string;
  /** Bytes. */
  readonly size: number;
  /** The sniffed MIME type it was stored with. */
  readonly contentType: string;
}

export class FileStorage extends Context.Tag("shared/FileStorage")<
  FileStorage,
  {
    /** Stores bytes under a new random key (prefix groups keys, e.g. "verification"). */
    readonly put: (prefix: string, bytes: Uint8Array, contentType: string) => Effect.Effect<StoredFile>;
    /** The bytes under `key`, or none. */
    readonly get: (key: string) => Effect.Effect<Option.Option<Uint8Array>>;
    /** Removes `key`; removing a missing key succeeds. */
    readonly remove: (key: string) => Effect.Effect<void>;
  }
>() {}
