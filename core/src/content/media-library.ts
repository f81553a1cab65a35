/** The media library (issue 16): images and PDFs typed by magic bytes, at most 10 MB, thumbnails; delete blocked while in use. */
import { Effect, Option } from "effect";
import type { User } from "../identity/index.ts";
import { cleanFileName } from "../shared/file-name.ts";
import { FileStorage } from "../shared/file-storage.ts";
import type { SearchPaging } from "../shared/paging.ts";
import { requireAdmin } from "./admin-access.ts";
import { recordAdminAction } from "./audit.ts";
import { InvalidContent, MediaInUse, MediaNotFound, MediaTooLarge, MediaTypeUnsupported } from "./errors.ts";
import { type MediaId, mediaRules } from "./model.ts";
import { ImageProcessor, MediaRepository } from "./ports.ts";

export interface MediaUpload {
  readonly bytes: Uint8Array;
  /** Sniffed from the magic bytes (never the client's claim); null when unknown. */
  readonly detectedType: string | null;
  readonly fileName: string;
  readonly alt: string;
}

/**
 * Admin: stores an image or PDF (typed by magic bytes; 415 otherwise; 413 over 10 MB); images
 * need alt text (422) and get a WebP thumbnail.
 */
export const uploadMedia = Effect.fn("content.uploadMedia")(function* (user: User, upload: MediaUpload) {
  yield* requireAdmin(user, "manage media");
  if (upload.bytes.byteLength > mediaRules.maxBytes)
    return yield* new MediaTooLarge({ size: upload.bytes.byteLength });
  const type = upload.detectedType;
  const isImage = type !== null && mediaRules.imageTypes.includes(type);
  if (type === null || (!isImage && !mediaRules.documentTypes.includes(type)))
    return yield* new MediaTypeUnsupported({ detected: type });
  const alt = upload.alt.trim();
  if (isImage && !alt)
    return yield* new InvalidContent({
      errors: [{ field: "alt", message: "Alt text is required for images" }],
    });
  const storage = yield* FileStorage;
  const thumb = isImage
    ? yield* (yield* ImageProcessor).thumbnail(upload.bytes, mediaRules.thumbnailWidth)
    : Option.none();
  if (isImage && Option.isNone(thumb)) return yield* new MediaTypeUnsupported({ detected: type });
  const stored = yield* storage.put("media", upload.bytes, type);
  const thumbStored = Option.isSome(thumb)
    ? yield* storage.put("media-thumbs", thumb.value.bytes, thumb.value.contentType)
    : null;
  const created = yield* (yield* MediaRepository).insert({
    filename: stored.key.split("/").pop() ?? stored.key,
    originalFilename: cleanFileName(upload.fileName, "file"),
    mimeType: type,
    size: stored.size,
    storageKey: stored.key,
    thumbnailKey: thumbStored?.key ?? null,
    width: Option.isSome(thumb) ? thumb.value.width : null,
    height: Option.isSome(thumb) ? thumb.value.height : null,
    uploaderId: user.id,
    alt: alt || null,
  });
  yield* recordAdminAction(user, "media.uploaded", "media", created.id, null, {
    filename: created.filename,
    originalFilename: created.originalFilename,
    mimeType: created.mimeType,
    size: created.size,
    alt: created.alt,
  });
  return created;
});

/** Admin: the media library, newest first, with usage. */
export const listMedia = Effect.fn("content.listMedia")(function* (user: User, query: SearchPaging) {
  yield* requireAdmin(user, "manage media");
  return yield* (yield* MediaRepository).list(query);
});

/** Admin: deletes a media item and its files; MediaInUse (409) while content references it. */
export const deleteMedia = Effect.fn("content.deleteMedia")(function* (user: User, id: MediaId) {
  yield* requireAdmin(user, "manage media");
  const media = yield* MediaRepository;
  const found = yield* media.findById(id);
  if (Option.isNone(found)) return yield* new MediaNotFound({ id });
  if (found.value.usedBy.length)
    return yield* new MediaInUse({ titles: found.value.usedBy.map((u) => u.title) });
  yield* media.remove(id);
  const storage = yield* FileStorage;
  yield* storage.remove(found.value.storageKey);
  if (found.value.thumbnailKey) yield* storage.remove(found.value.thumbnailKey);
  yield* recordAdminAction(
    user,
    "media.deleted",
    "media",
    id,
    { filename: found.value.filename, originalFilename: found.value.originalFilename, alt: found.value.alt },
    null,
  );
});

/** Public: a media file (or its thumbnail) by its file name, with its type. */
export const readMediaFile = Effect.fn("content.readMediaFile")(function* (
  filename: string,
  variant: "original" | "thumbnail",
) {
  const found = yield* (yield* MediaRepository).findByFilename(filename);
  if (Option.isNone(found)) return yield* new MediaNotFound({ id: filename });
  const item = found.value;
  const key = variant === "thumbnail" && item.thumbnailKey ? item.thumbnailKey : item.storageKey;
  const bytes = yield* (yield* FileStorage).get(key);
  if (Option.isNone(bytes)) return yield* new MediaNotFound({ id: filename });
  const contentType = key === item.storageKey ? item.mimeType : "image/webp";
  return { bytes: bytes.value, contentType, item };
});
