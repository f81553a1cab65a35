/**
 * Content entries (spec §2.11, §2.12, §7): admins write; everyone reads published entries,
 * admins also drafts; Markdown fields render to sanitised HTML.
 */
import { Effect, Option } from "effect";
import type { User } from "../identity/index.ts";
import { Clock } from "../shared/clock.ts";
import { isAdmin, requireAdmin } from "./admin-access.ts";
import { recordAdminAction } from "./audit.ts";
import { ContentNotFound, InvalidContent } from "./errors.ts";
import {
  type ContentEntry,
  type ContentId,
  type ContentInput,
  type ContentQuery,
  markdownFields,
  SLUG_PATTERN,
} from "./model.ts";
import { ContentRepository, MarkdownRenderer } from "./ports.ts";

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
