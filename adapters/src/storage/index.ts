/** FileStorage adapters (local disk, S3), content sniffing and signed links. */
export * from "./file-storage-local.ts";
export * from "./file-storage-s3.ts";
export * from "./signed-links.ts";
export * from "./sniff.ts";
