/** DocumentDigest with node:crypto: SHA-256 (hex) of a text's UTF-8 bytes (issue 17, signed agreements). */
import { createHash } from "node:crypto";
import { DocumentDigest } from "@closr/core/agreement";
import { Layer } from "effect";

export const sha256Hex = (text: string): string => createHash("sha256").update(text, "utf8").digest("hex");

export const DocumentDigestCrypto = Layer.succeed(DocumentDigest, { sha256: sha256Hex });
