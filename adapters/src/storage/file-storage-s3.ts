/**
 * FileStorage on S3-compatible object storage (when S3_BUCKET is set), through @aws-sdk/client-s3.
 * Keys are the same random keys as on disk; the sniffed content type is stored as the object's
 * Content-Type. `endpoint` + `forcePathStyle` reach MinIO, R2 and the like.
 */
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { FileStorage } from "@closr/core/shared";
import { Effect, Layer, Option } from "effect";
import { isStorageKey, newKey } from "./file-storage-local.ts";

export interface S3StorageConfig {
  readonly bucket: string;
  readonly region?: string | undefined;
  /** For S3-compatible services (and tests): e.g. http://127.0.0.1:9000. */
  readonly endpoint?: string | undefined;
  readonly forcePathStyle?: boolean | undefined;
  /** Explicit credentials; otherwise the SDK's default chain (env, profile, role). */
  readonly credentials?: { readonly accessKeyId: string; readonly secretAccessKey: string } | undefined;
}

export function makeS3FileStorage(config: S3StorageConfig) {
  const client = new S3Client({
    region: config.region ?? "ap-southeast-2",
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle ?? Boolean(config.endpoint),
    ...(config.credentials ? { credentials: { ...config.credentials } } : {}),
  });
  return FileStorage.of({
    put: (prefix, bytes, contentType) =>
      Effect.promise(async () => {
        const key = newKey(prefix);
        await client.send(
          new PutObjectCommand({ Bucket: config.bucket, Key: key, Body: bytes, ContentType: contentType }),
        );
        return { key, size: bytes.byteLength, contentType };
      }),
    get: (key) =>
      Effect.promise(async () => {
        if (!isStorageKey(key)) return Option.none();
        try {
          const object = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: key }));
          if (!object.Body) return Option.none();
          return Option.some(await object.Body.transformToByteArray());
        } catch (error) {
          const name = (error as { name?: string }).name;
          if (name === "NoSuchKey" || name === "NotFound") return Option.none();
          throw error;
        }
      }),
    remove: (key) =>
      Effect.promise(async () => {
        if (!isStorageKey(key)) return;
        await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key }));
      }),
  });
}

export const FileStorageS3 = (config: S3StorageConfig) =>
  Layer.succeed(FileStorage, makeS3FileStorage(config));
