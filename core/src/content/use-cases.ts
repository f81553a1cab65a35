/**
 * Content use cases (spec §2.11, §2.12, §7 content endpoints; issue 16): content CRUD (admins
 * write; everyone reads published entries, admins also drafts), the media library (images and
 * PDF typed by magic bytes, 10 MB, thumbnails, delete blocked while in use), the contact form
 * (stored and mailed to support), newsletter double opt-in, and user moderation (suspend ends
 * sessions through the same revocation path as password reset). Every admin write is recorded
 * in the audit log (who, what, when, before/after).
 */
import { Effect, Option } from "effect";
import type { User, UserRole } from "../identity/index.ts";
import { AccountRepository, SessionTokens } from "../identity/index.ts";
import { AppUrl } from "../shared/app-url.ts";
import { Clock } from "../shared/clock.ts";
import { FileStorage } from "../shared/file-storage.ts";
import type { UserId } from "../shared/ids.ts";
import { Mailer } from "../shared/mailer.ts";
import type { SearchPaging } from "../shared/paging.ts";
import { atomically } from "../shared/unit-of-work.ts";
import { recordAdminAction } from "./audit.ts";
import {
  AdminOnly,
  CannotChangeOwnAccount,
  ContentNotFound,
  InvalidContent,
  ManagedUserNotFound,
  MediaInUse,
  MediaNotFound,
  MediaTooLarge,
  MediaTypeUnsupported,
} from "./errors.ts";
import {
  type ContactInput,
  type ContentEntry,
  type ContentId,
  type ContentInput,
  type ContentQuery,
  type MediaId,
  markdownFields,
  mediaRules,
  SLUG_PATTERN,
} from "./model.ts";
import {
  type AuditQuery,
  AuditTrail,
  ContactRepository,
  ContentRepository,
  ImageProcessor,
  MarkdownRenderer,
  MediaRepository,
  NewsletterRepository,
  SiteContacts,
  UserAdministration,
} from "./ports.ts";

/** Admins (role admin) manage the site; the route guard answers first, this is the rule. */
export const isAdmin = (user: User | null | undefined): user is User => user?.role === "admin";

/** AdminOnly (403) unless the caller is an admin; `action` completes "… to <action>". */
export const requireAdmin = (user: User | null | undefined, action: string) =>
  isAdmin(user) ? Effect.void : Effect.fail(new AdminOnly({ action }));

type FieldError = { readonly field: string; readonly message: string };

/** §5 content form rules: title and slug required (spec wording), slug lower-case-hyphenated. */
export function checkContentInput(input: ContentInput): FieldError[] {
  const errors: FieldError[] = [];
  if (!input.title.trim()) errors.push({ field: "title", message: "Title is required" });
  else if (input.title.length > 300) errors.push({ field: "title", message: "At most 300 characters" });
  if (!input.slug.trim()) errors.push({ field: "slug", message: "Slug is required" });
  else if (!SLUG_PATTERN.test(input.slug) || input.slug.length > 120)
    errors.push({
      field: "slug",
      message: "Slug may contain only lower-case letters, digits and single hyphens",
    });
  return errors;
}

const validInput = (input: ContentInput) => {
  const errors = checkContentInput(input);
  return errors.length ? Effect.fail(new InvalidContent({ errors })) : Effect.succeed(input);
};

/** A list of content: anonymous and non-admin readers see published entries only. */
export const listContent = Effect.fn("content.list")(function* (user: User | null, query: ContentQuery) {
  return yield* (yield* ContentRepository).list({
    ...query,
    publishedOnly: isAdmin(user) ? query.publishedOnly : true,
  });
});

/** One entry; a draft is ContentNotFound (404) for anyone but an admin. */
export const getContent = Effect.fn("content.get")(function* (user: User | null, id: ContentId) {
  const found = yield* (yield* ContentRepository).findById(id);
  if (Option.isNone(found) || (!found.value.published && !isAdmin(user)))
    return yield* new ContentNotFound({ id });
  return found.value;
});

/** The sanitised HTML of an entry's Markdown fields (markdownFields), by field name. */
export const renderContent = Effect.fn("content.render")(function* (entry: ContentEntry) {
  const renderer = yield* MarkdownRenderer;
  const html: Record<string, string> = {};
  const fields = entry.content && typeof entry.content === "object" ? entry.content : {};
  for (const field of markdownFields[entry.type]) {
    const value = (fields as Record<string, unknown>)[field];
    if (typeof value === "string") html[field] = renderer.render(value);
  }
  return html;
});

/** Admin: Markdown → sanitised HTML, for the editor's preview. */
export const previewMarkdown = Effect.fn("content.preview")(function* (user: User, markdown: string) {
  yield* requireAdmin(user, "preview content");
  return (yield* MarkdownRenderer).render(markdown);
});

const snapshot = (entry: ContentEntry) => ({
  title: entry.title,
  slug: entry.slug,
  type: entry.type,
  published: entry.published,
  featured: entry.featured,
  version: entry.version,
  content: entry.content,
});

/** Admin: creates an entry (SlugTaken 409 when another has the slug). */
export const createContent = Effect.fn("content.create")(function* (user: User, input: ContentInput) {
  yield* requireAdmin(user, "manage content");
  yield* validInput(input);
  const now = yield* (yield* Clock).now;
  const created = yield* (yield* ContentRepository).insert(input, user.id, now);
  yield* recordAdminAction(user, "content.created", "content", created.id, null, snapshot(created));
  return created;
});

/**
 * Admin: saves over version `expectedVersion`; ContentVersionConflict (409, with the stored entry)
 * when someone saved a newer one in between.
 */
export const updateContent = Effect.fn("content.update")(function* (
  user: User,
  id: ContentId,
  expectedVersion: number,
  input: ContentInput,
) {
  yield* requireAdmin(user, "manage content");
  yield* validInput(input);
  const repository = yield* ContentRepository;
  const before = yield* repository.findById(id);
  if (Option.isNone(before)) return yield* new ContentNotFound({ id });
  const now = yield* (yield* Clock).now;
  const updated = yield* repository.update(id, expectedVersion, input, user.id, now);
  if (Option.isNone(updated)) return yield* new ContentNotFound({ id });
  yield* recordAdminAction(
    user,
    "content.updated",
    "content",
    id,
    snapshot(before.value),
    snapshot(updated.value),
  );
  return updated.value;
});

/** Admin: deletes an entry. */
export const deleteContent = Effect.fn("content.delete")(function* (user: User, id: ContentId) {
  yield* requireAdmin(user, "manage content");
  const removed = yield* (yield* ContentRepository).remove(id);
  if (Option.isNone(removed)) return yield* new ContentNotFound({ id });
  yield* recordAdminAction(user, "content.deleted", "content", id, snapshot(removed.value), null);
});

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
    originalFilename: upload.fileName.slice(0, 200) || "file",
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

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** §5 contact form: all four fields required, email well-formed. */
export function checkContactInput(input: ContactInput): FieldError[] {
  const errors: FieldError[] = [];
  const required: Array<[keyof ContactInput, string]> = [
    ["fullName", "Full name is required"],
    ["email", "Email is required"],
    ["subject", "Subject is required"],
    ["message", "Message is required"],
  ];
  for (const [field, message] of required) if (!input[field].trim()) errors.push({ field, message });
  if (input.email.trim() && !EMAIL.test(input.email.trim()))
    errors.push({ field: "email", message: "Please enter a valid email" });
  return errors;
}

/** Public: stores the message and delivers it to the support address through the Mailer. */
export const submitContact = Effect.fn("content.submitContact")(function* (
  user: User | null,
  input: ContactInput,
) {
  const errors = checkContactInput(input);
  if (errors.length) return yield* new InvalidContent({ errors });
  const clean = {
    fullName: input.fullName.trim(),
    email: input.email.trim(),
    subject: input.subject.trim(),
    message: input.message.trim(),
  };
  const saved = yield* (yield* ContactRepository).insert(clean, user?.id ?? null);
  const { supportEmail } = yield* SiteContacts;
  yield* (yield* Mailer).send({
    to: supportEmail,
    subject: `Contact form: ${clean.subject}`,
    text: `From: ${clean.fullName} <${clean.email}>\n\n${clean.message}\n\n(Message ${saved.id}; reply to ${clean.email}.)`,
  });
  return saved;
}, atomically);

/** Admin: received contact messages, newest first. */
export const listContactMessages = Effect.fn("content.listContact")(function* (
  user: User,
  page: number,
  pageSize: number,
) {
  yield* requireAdmin(user, "read contact messages");
  return yield* (yield* ContactRepository).list(page, pageSize);
});

/**
 * Public: newsletter sign-up with double opt-in. Stores the address unconfirmed and emails a
 * confirmation link; the answer is the same whether or not the address was already signed up.
 */
export const subscribeNewsletter = Effect.fn("content.subscribeNewsletter")(function* (email: string) {
  const address = email.trim().toLowerCase();
  if (!EMAIL.test(address) || address.length > 254)
    return yield* new InvalidContent({ errors: [{ field: "email", message: "Please enter a valid email" }] });
  const tokens = yield* SessionTokens;
  const token = yield* tokens.generate;
  const fresh = yield* (yield* NewsletterRepository).subscribe(address, tokens.hash(token));
  if (fresh) {
    const { origin } = yield* AppUrl;
    yield* (yield* Mailer).send({
      to: address,
      subject: "Confirm your Closr newsletter subscription",
      text: "Please confirm that you want the Closr newsletter. If you did not sign up, ignore this email.",
      action: {
        label: "Confirm subscription",
        url: `${origin}/blog?newsletter=${encodeURIComponent(token)}`,
      },
    });
  }
}, atomically);

/** Public: confirms a newsletter sign-up; false when the link is unknown. */
export const confirmNewsletter = Effect.fn("content.confirmNewsletter")(function* (token: string) {
  const tokens = yield* SessionTokens;
  const now = yield* (yield* Clock).now;
  return Option.isSome(yield* (yield* NewsletterRepository).confirm(tokens.hash(token), now));
});

/** Admin: users, newest first, searchable by username or email. */
export const listUsers = Effect.fn("content.listUsers")(function* (user: User, query: SearchPaging) {
  yield* requireAdmin(user, "manage users");
  return yield* (yield* UserAdministration).list(query);
});

/**
 * Admin: suspends (the user can no longer log in, and every session of theirs ends through the
 * password-reset revocation path, AccountRepository.endSessions) or unsuspends a user.
 */
export const setUserSuspended = Effect.fn("content.setUserSuspended")(function* (
  user: User,
  id: UserId,
  suspended: boolean,
) {
  yield* requireAdmin(user, "manage users");
  if (id === user.id) return yield* new CannotChangeOwnAccount({ action: "suspend" });
  const users = yield* UserAdministration;
  const before = yield* users.findById(id);
  if (Option.isNone(before)) return yield* new ManagedUserNotFound({ id });
  const now = yield* (yield* Clock).now;
  const after = yield* users.setSuspended(id, suspended ? (before.value.suspendedAt ?? now) : null);
  if (Option.isNone(after)) return yield* new ManagedUserNotFound({ id });
  const ended = suspended ? yield* (yield* AccountRepository).endSessions(id) : 0;
  yield* recordAdminAction(
    user,
    suspended ? "user.suspended" : "user.unsuspended",
    "user",
    id,
    { suspendedAt: before.value.suspendedAt?.toISOString() ?? null },
    { suspendedAt: after.value.suspendedAt?.toISOString() ?? null, sessionsEnded: ended },
  );
  return after.value;
});

/** Admin: grants or revokes the admin role (not one's own). */
export const setUserRole = Effect.fn("content.setUserRole")(function* (
  user: User,
  id: UserId,
  role: UserRole,
) {
  yield* requireAdmin(user, "manage users");
  if (id === user.id) return yield* new CannotChangeOwnAccount({ action: "change the role of" });
  const users = yield* UserAdministration;
  const before = yield* users.findById(id);
  if (Option.isNone(before)) return yield* new ManagedUserNotFound({ id });
  const after = yield* users.setRole(id, role);
  if (Option.isNone(after)) return yield* new ManagedUserNotFound({ id });
  yield* recordAdminAction(
    user,
    role === "admin" ? "user.admin-granted" : "user.admin-revoked",
    "user",
    id,
    { role: before.value.role },
    { role: after.value.role },
  );
  return after.value;
});

/** Admin: the dashboard's live counts. */
export const adminStats = Effect.fn("content.adminStats")(function* (user: User) {
  yield* requireAdmin(user, "see the admin dashboard");
  const content = yield* (yield* ContentRepository).countByType();
  const other = yield* (yield* UserAdministration).stats();
  return { content, ...other };
});

/** Admin: the audit log, newest first, filtered by action, subject or actor. */
export const listAuditLog = Effect.fn("content.listAuditLog")(function* (user: User, query: AuditQuery) {
  yield* requireAdmin(user, "read the audit log");
  return yield* (yield* AuditTrail).list(query);
});
