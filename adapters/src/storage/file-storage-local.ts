/**
 * FileStorage on local disk (the default): files under `root` (`.data/uploads` in the process,
 * a temp dir in tests), named by a random 128-bit key in a per-prefix folder. Writes go to a
 * temporary name and are renamed into place, so a crash never leaves a half-written file under a key.
 */
import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import { FileStorage } from "@closr/core/shared";
import { Effect, Layer, Option } from "effect";

const KEY = /^[a-z0-9-]+\/[A-Za-z0-9_-]{22}$/;

/** A new random key under `prefix`. */
export const newKey = (prefix: string) =>
  `${prefix.replace(/[^a-z0-9-]/g, "")}/${randomBytes(16).toString("base64url")}`;

/** True when `key` has the shape the adapters issue (keeps paths inside the root). */
export const isStorageKey = (key: string) => KEY.test(key);

export function makeLocalFileStorage(root: string) {
  const base = resolve(root);
  const pathOf = (key: string) => {
    if (!isStorageKey(key)) throw new Error(`invalid storage key ${key}`);
    const path = resolve(base, key);
    if (!path.startsWith(base + sep)) throw new Error(`invalid storage key ${key}`);
    return path;
  };
  return FileStorage.of({
    put: (prefix, bytes, contentType) =>
      Effect.promise(async () => {
        const key = newKey(prefix);
        const path = pathOf(key);
        await mkdir(dirname(path), { recursive: true });
        const temporary = `${path}.${randomBytes(4).toString("hex")}.part`;
        await writeFile(temporary, bytes, { flag: "wx" });
        await rename(temporary, path);
        return { key, size: bytes.byteLength, contentType };
      }),
    get: (key) =>
      Effect.promise(async () => {
        if (!isStorageKey(key)) return Option.none();
        try {
          return Option.some(new Uint8Array(await readFile(pathOf(key))));
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === "ENOENT") return Option.none();
          throw error;
        }
      }),
    remove: (key) =>
      Effect.promise(async () => {
        if (isStorageKey(key)) await rm(pathOf(key), { force: true });
      }),
  });
}

/** The local-disk FileStorage Layer rooted at `root` (default `.data/uploads`). */
export const FileStorageLocal = (root = join(".data", "uploads")) =>
  Layer.succeed(FileStorage, makeLocalFileStorage(root));
