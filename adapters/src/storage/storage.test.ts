import { mkdtemp, readdir, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Effect, Option } from "effect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isStorageKey, makeLocalFileStorage } from "./file-storage-local.ts";
import { makeS3FileStorage } from "./file-storage-s3.ts";
import { signedFilePath, verifyLink } from "./signed-links.ts";
import { sniffContentType } from "./sniff.ts";

/** The smallest valid files, from bytes (object mothers). */
export const tinyPng = Uint8Array.from(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
    "base64",
  ),
);
export const tinyPdf = new TextEncoder().encode(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);
const tinyJpeg = Uint8Array.from([
  0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0,
]);

describe("sniffContentType (magic bytes, file-type)", () => {
  it("knows PDF, PNG and JPEG whatever they are called, and nothing for text", async () => {
    expect(await sniffContentType(tinyPdf)).toBe("application/pdf");
    expect(await sniffContentType(tinyPng)).toBe("image/png");
    expect(await sniffContentType(tinyJpeg)).toBe("image/jpeg");
    expect(await sniffContentType(new TextEncoder().encode("just some text, not a pdf"))).toBeUndefined();
  });
});

describe("signed links", () => {
  const secret = "s".repeat(32);
  const parts = {
    key: "verification/AAAAAAAAAAAAAAAAAAAAAA",
    disposition: "attachment" as const,
    contentType: "application/pdf",
    name: "a.pdf",
  };
  const now = new Date("2026-11-23T10:00:00Z");
  const read = (path: string) => {
    const url = new URL(path, "http://x");
    const q = url.searchParams;
    return {
      parts: {
        key: url.pathname.replace("/api/files/", ""),
        expires: Number(q.get("expires")),
        disposition: q.get("disposition") as "attachment",
        contentType: q.get("type") ?? "",
        name: q.get("name") ?? "",
      },
      signature: q.get("signature") ?? "",
    };
  };

  it("verifies for at most 5 minutes, and refuses any changed part or another secret", () => {
    const { path, expiresAt } = signedFilePath(secret, parts, now, 3600);
    expect(expiresAt.getTime() - now.getTime()).toBe(300_000);
    const link = read(path);
    expect(verifyLink(secret, link.parts, link.signature, now)).toBe(true);
    expect(verifyLink(secret, link.parts, link.signature, new Date(now.getTime() + 301_000))).toBe(false);
    expect(verifyLink("other secret", link.parts, link.signature, now)).toBe(false);
    expect(verifyLink(secret, { ...link.parts, disposition: "inline" as never }, link.signature, now)).toBe(
      false,
    );
    expect(verifyLink(secret, { ...link.parts, contentType: "text/html" }, link.signature, now)).toBe(false);
    expect(verifyLink(secret, { ...link.parts, expires: link.parts.expires + 60 }, link.signature, now)).toBe(
      false,
    );
    expect(verifyLink(secret, link.parts, `${link.signature.slice(0, -1)}A`, now)).toBe(false);
  });
});

describe("FileStorage on local disk", () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), "closr-uploads-"));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it("stores under a random key (never the client's name), reads back, removes", async () => {
    const storage = makeLocalFileStorage(root);
    const a = await Effect.runPromise(storage.put("verification", tinyPdf, "application/pdf"));
    const b = await Effect.runPromise(storage.put("verification", tinyPdf, "application/pdf"));
    expect(isStorageKey(a.key)).toBe(true);
    expect(a.key).not.toBe(b.key);
    expect(a.size).toBe(tinyPdf.byteLength);
    const read = await Effect.runPromise(storage.get(a.key));
    expect(Option.getOrThrow(read)).toEqual(tinyPdf);
    await Effect.runPromise(storage.remove(a.key));
    expect(Option.isNone(await Effect.runPromise(storage.get(a.key)))).toBe(true);
    expect(await readdir(join(root, "verification"))).toEqual([b.key.split("/")[1]]);
  });

  it("refuses keys that could leave the root", async () => {
    const storage = makeLocalFileStorage(root);
    expect(Option.isNone(await Effect.runPromise(storage.get("../../etc/passwd")))).toBe(true);
    expect(Option.isNone(await Effect.runPromise(storage.get("verification/../../x")))).toBe(true);
  });
});

describe("FileStorage on S3 (against a local stand-in speaking the S3 REST calls)", () => {
  const objects = new Map<string, { body: Buffer; type: string }>();
  let server: Server;
  let endpoint: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        if (req.method === "PUT") {
          objects.set(path, { body: Buffer.concat(chunks), type: String(req.headers["content-type"]) });
          res.writeHead(200, { etag: '"1"' }).end();
        } else if (req.method === "GET") {
          const found = objects.get(path);
          if (!found)
            return res
              .writeHead(404, { "content-type": "application/xml" })
              .end("<Error><Code>NoSuchKey</Code><Message>missing</Message></Error>");
          res
            .writeHead(200, { "content-type": found.type, "content-length": found.body.length })
            .end(found.body);
        } else if (req.method === "DELETE") {
          objects.delete(path);
          res.writeHead(204).end();
        } else res.writeHead(405).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("puts with the sniffed content type under the bucket, gets, and removes", async () => {
    const storage = makeS3FileStorage({
      bucket: "closr-test",
      endpoint,
      credentials: { accessKeyId: "test", secretAccessKey: "test" },
    });
    const saved = await Effect.runPromise(storage.put("verification", tinyPng, "image/png"));
    const stored = objects.get(`/closr-test/${saved.key}`);
    expect(stored?.type).toBe("image/png");
    expect(new Uint8Array(stored?.body ?? [])).toEqual(tinyPng);
    expect(Option.getOrThrow(await Effect.runPromise(storage.get(saved.key)))).toEqual(tinyPng);
    await Effect.runPromise(storage.remove(saved.key));
    expect(objects.size).toBe(0);
    expect(Option.isNone(await Effect.runPromise(storage.get(saved.key)))).toBe(true);
  });
});
