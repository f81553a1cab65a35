/**
 * In-memory ContentRepository for unit tests. Like the Postgres adapter: slugs are unique
 * (SlugTaken), entries start at version 1 and each update bumps it only from the expected version
 * (ContentVersionConflict with the stored entry), lists are newest first.
 */
import { Effect, Layer, Option } from "effect";
import { ContentVersionConflict, SlugTaken } from "../errors.ts";
import { type ContentEntry, ContentId, type ContentInput, contentTypes } from "../model.ts";
import { ContentRepository } from "../ports.ts";

/** An About page draft (object mother). */
export const aContentInput = (overrides: Partial<ContentInput> = {}): ContentInput => ({
  title: "About Closr",
  slug: "about-closr",
  type: "about",
  content: { body: "Closr connects businesses with commission-based sales agents." },
  published: false,
  featured: false,
  ...overrides,
});

export function makeContentMemory() {
  const entries: ContentEntry[] = [];
  const layer = Layer.succeed(ContentRepository, {
    list: (query) =>
      Effect.sync(() => {
        const all = entries
          .filter((e) => (query.publishedOnly ? e.published : true))
          .filter((e) => (query.type ? e.type === query.type : true))
          .filter((e) => (query.slug ? e.slug === query.slug : true))
          .reverse();
        const start = (query.page - 1) * query.pageSize;
        return {
          items: all.slice(start, start + query.pageSize),
          total: all.length,
          page: query.page,
          pageSize: query.pageSize,
        };
      }),
    findById: (id) => Effect.sync(() => Option.fromNullable(entries.find((e) => e.id === id))),
    insert: (input, authorId, now) =>
      Effect.suspend(() => {
        if (entries.some((e) => e.slug === input.slug))
          return Effect.fail(new SlugTaken({ slug: input.slug }));
        const entry: ContentEntry = {
          ...input,
          id: ContentId.make(entries.length + 1),
          authorId,
          publishedAt: input.published ? now : null,
          createdAt: now,
          updatedAt: now,
          version: 1,
        };
        entries.push(entry);
        return Effect.succeed(entry);
      }),
    update: (id, expectedVersion, input, _editorId, now) =>
      Effect.suspend((): Effect.Effect<Option.Option<ContentEntry>, SlugTaken | ContentVersionConflict> => {
        const index = entries.findIndex((e) => e.id === id);
        const current = entries[index];
        if (!current) return Effect.succeed(Option.none());
        if (entries.some((e) => e.id !== id && e.slug === input.slug))
          return Effect.fail(new SlugTaken({ slug: input.slug }));
        if (current.version !== expectedVersion)
          return Effect.fail(new ContentVersionConflict({ expected: expectedVersion, current }));
        const next: ContentEntry = {
          ...current,
          ...input,
          publishedAt: input.published ? (current.publishedAt ?? now) : null,
          updatedAt: now,
          version: current.version + 1,
        };
        entries[index] = next;
        return Effect.succeed(Option.some(next));
      }),
    remove: (id) =>
      Effect.sync(() => {
        const index = entries.findIndex((e) => e.id === id);
        return index < 0 ? Option.none() : Option.fromNullable(entries.splice(index, 1)[0]);
      }),
    countByType: () =>
      Effect.sync(
        () =>
          Object.fromEntries(
            contentTypes.map((type) => {
              const mine = entries.filter((e) => e.type === type);
              return [type, { total: mine.length, published: mine.filter((e) => e.published).length }];
            }),
          ) as Record<(typeof contentTypes)[number], { total: number; published: number }>,
      ),
  });
  return { layer, entries };
}
