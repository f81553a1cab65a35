import { describe, expect, it } from "vitest";
import { deleteMedia, listMedia, readMediaFile, uploadMedia } from "./media-library.ts";
import { MediaId, mediaRules } from "./model.ts";
import { contentCast, contentWorld, leftOf } from "./testing/world.ts";

const { admin, member } = contentCast;
const png = {
  bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]),
  detectedType: "image/png",
  fileName: "team photo.png",
  alt: "  The Closr team  ",
};
const pdf = {
  bytes: new TextEncoder().encode("%PDF-1.7"),
  detectedType: "application/pdf",
  fileName: "kit.pdf",
  alt: "",
};
const page = { page: 1, pageSize: 20 };

describe("uploadMedia", () => {
  it("stores an image and its WebP thumbnail, with size, dimensions and trimmed alt; audit-logged", async () => {
    const { ok, media, storage, audit } = contentWorld();
    const item = await ok(uploadMedia(admin, png));
    expect(item).toMatchObject({
      filename: "file-1",
      mimeType: "image/png",
      size: 7,
      storageKey: "media/file-1",
      thumbnailKey: "media-thumbs/file-2",
      width: 640,
      height: 480,
      uploaderId: 1,
      alt: "The Closr team",
    });
    expect(item.originalFilename).toContain("team");
    expect(storage.files.get("media-thumbs/file-2")?.contentType).toBe("image/webp");
    expect(media.items).toEqual([item]);
    expect(audit.entries).toMatchObject([
      { action: "media.uploaded", subjectType: "media", subjectId: String(item.id), before: null },
    ]);
  });

  it("a PDF needs no alt text and gets no thumbnail", async () => {
    const { ok, storage } = contentWorld();
    const item = await ok(uploadMedia(admin, pdf));
    expect(item).toMatchObject({ mimeType: "application/pdf", thumbnailKey: null, width: null, alt: null });
    expect([...storage.files.keys()]).toEqual(["media/file-1"]);
  });

  it("MediaTooLarge over 10 MB, MediaTypeUnsupported for unknown or undecodable bytes, InvalidContent without alt", async () => {
    const { run, storage, media } = contentWorld();
    const big = new Uint8Array(mediaRules.maxBytes + 1);
    expect(leftOf(await run(uploadMedia(admin, { ...pdf, bytes: big })))).toMatchObject({
      _tag: "MediaTooLarge",
      size: mediaRules.maxBytes + 1,
    });
    expect(leftOf(await run(uploadMedia(admin, { ...pdf, detectedType: null })))).toMatchObject({
      _tag: "MediaTypeUnsupported",
      detected: null,
    });
    expect(leftOf(await run(uploadMedia(admin, { ...pdf, detectedType: "text/html" })))).toMatchObject({
      _tag: "MediaTypeUnsupported",
      detected: "text/html",
    });
    expect(leftOf(await run(uploadMedia(admin, { ...png, bytes: new Uint8Array([1, 2, 3]) })))).toMatchObject(
      { _tag: "MediaTypeUnsupported", detected: "image/png" },
    );
    expect(leftOf(await run(uploadMedia(admin, { ...png, alt: "  " })))).toMatchObject({
      _tag: "InvalidContent",
      errors: [{ field: "alt", message: "Alt text is required for images" }],
    });
    expect(storage.files.size).toBe(0);
    expect(media.items).toEqual([]);
  });

  it("AdminOnly for a member", async () => {
    const { run } = contentWorld();
    expect(leftOf(await run(uploadMedia(member, png)))).toMatchObject({
      _tag: "AdminOnly",
      action: "manage media",
    });
  });
});

describe("listMedia", () => {
  it("newest first with usage, searchable; AdminOnly for a member", async () => {
    const { ok, run, media } = contentWorld();
    const photo = await ok(uploadMedia(admin, png));
    const kit = await ok(uploadMedia(admin, pdf));
    media.usage.set(photo.id, [{ id: 1 as never, title: "About Closr", type: "about" }]);
    const all = await ok(listMedia(admin, page));
    expect(all.items.map((m) => [m.id, m.usedBy.length])).toEqual([
      [kit.id, 0],
      [photo.id, 1],
    ]);
    expect((await ok(listMedia(admin, { ...page, search: "closr team" }))).items.map((m) => m.id)).toEqual([
      photo.id,
    ]);
    expect(leftOf(await run(listMedia(member, page)))).toMatchObject({ _tag: "AdminOnly" });
  });
});

describe("deleteMedia", () => {
  it("removes the item and both files; audit-logged", async () => {
    const { ok, media, storage, audit } = contentWorld();
    const photo = await ok(uploadMedia(admin, png));
    await ok(deleteMedia(admin, photo.id));
    expect(media.items).toEqual([]);
    expect(storage.removed).toEqual(["media/file-1", "media-thumbs/file-2"]);
    expect(audit.entries.at(-1)).toMatchObject({ action: "media.deleted", after: null });
  });

  it("MediaInUse names the content using it; MediaNotFound for an unknown id; AdminOnly for a member", async () => {
    const { ok, run, media, storage } = contentWorld();
    const photo = await ok(uploadMedia(admin, png));
    media.usage.set(photo.id, [{ id: 1 as never, title: "About Closr", type: "about" }]);
    expect(leftOf(await run(deleteMedia(admin, photo.id)))).toMatchObject({
      _tag: "MediaInUse",
      titles: ["About Closr"],
    });
    expect(leftOf(await run(deleteMedia(admin, MediaId.make(99))))).toMatchObject({
      _tag: "MediaNotFound",
      id: 99,
    });
    expect(leftOf(await run(deleteMedia(member, photo.id)))).toMatchObject({ _tag: "AdminOnly" });
    expect(media.items).toHaveLength(1);
    expect(storage.removed).toEqual([]);
  });
});

describe("readMediaFile", () => {
  it("anyone reads the original or the thumbnail by file name, each with its type", async () => {
    const { ok } = contentWorld();
    const photo = await ok(uploadMedia(admin, png));
    const original = await ok(readMediaFile(photo.filename, "original"));
    expect(original).toMatchObject({ contentType: "image/png", bytes: png.bytes });
    const thumb = await ok(readMediaFile(photo.filename, "thumbnail"));
    expect(thumb.contentType).toBe("image/webp");
    expect(new TextDecoder().decode(thumb.bytes)).toBe("webp:320");
  });

  it("a PDF's thumbnail is the PDF itself", async () => {
    const { ok } = contentWorld();
    const kit = await ok(uploadMedia(admin, pdf));
    expect((await ok(readMediaFile(kit.filename, "thumbnail"))).contentType).toBe("application/pdf");
  });

  it("MediaNotFound for an unknown name and for bytes gone from storage", async () => {
    const { ok, run, storage } = contentWorld();
    const kit = await ok(uploadMedia(admin, pdf));
    expect(leftOf(await run(readMediaFile("nope", "original")))).toMatchObject({
      _tag: "MediaNotFound",
      id: "nope",
    });
    storage.files.clear();
    expect(leftOf(await run(readMediaFile(kit.filename, "original")))).toMatchObject({
      _tag: "MediaNotFound",
      id: kit.filename,
    });
  });
});
