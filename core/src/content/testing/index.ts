/**
 * In-memory content ports for unit tests. ContentRepository like the Postgres adapter: slugs are
 * unique (SlugTaken), entries start at version 1 and each update bumps it only from the expected
 * version (ContentVersionConflict with the stored entry), lists are newest first. Also the media
 * library, contact messages and newsletter, user administration with the audit trail, and stubs
 * of the Markdown renderer, the image processor and the site contacts.
 */
import { Effect, Layer, Option } from "effect";
import { UserId } from "../../shared/ids.ts";
import { ContentVersionConflict, SlugTaken } from "../errors.ts";
import {
  type ContactMessage,
  type ContentEntry,
  ContentId,
  type ContentInput,
  contentTypes,
  MediaId,
  type MediaItem,
  type MediaWithUsage,
} from "../model.ts";
import {
  type AuditRecord,
  AuditTrail,
  ContactRepository,
  ContentRepository,
  ImageProcessor,
  type ManagedUser,
  MarkdownRenderer,
  MediaRepository,
  NewsletterRepository,
  SiteContacts,
  UserAdministration,
} from "../ports.ts";

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

/** A page of `all` (already in order). */
const pageOf = <T>(all: readonly T[], page: number, pageSize: number) => ({
  items: all.slice((page - 1) * pageSize, page * pageSize),
  total: all.length,
  page,
  pageSize,
});

/**
 * In-memory MediaRepository: ids from 1, newest first, `search` on the original file name or alt
 * text; `usage` maps a media id to the content entries that reference it (tests fill it).
 */
export function makeMediaMemory() {
  const items: MediaItem[] = [];
  const usage = new Map<number, MediaWithUsage["usedBy"]>();
  const withUsage = (item: MediaItem): MediaWithUsage => ({ ...item, usedBy: usage.get(item.id) ?? [] });
  const layer = Layer.succeed(MediaRepository, {
    insert: (media) =>
      Effect.sync(() => {
        const item: MediaItem = {
          ...media,
          id: MediaId.make(items.length + 1),
          url: `/media/${media.filename}`,
          thumbnailUrl: media.thumbnailKey ? `/media/${media.filename}/thumbnail` : null,
          createdAt: new Date(0),
        };
        items.push(item);
        return item;
      }),
    list: (query) =>
      Effect.sync(() => {
        const term = query.search?.toLowerCase();
        const all = items
          .filter(
            (m) =>
              !term ||
              m.originalFilename.toLowerCase().includes(term) ||
              (m.alt ?? "").toLowerCase().includes(term),
          )
          .reverse()
          .map(withUsage);
        return pageOf(all, query.page, query.pageSize);
      }),
    findById: (id) =>
      Effect.sync(() => Option.map(Option.fromNullable(items.find((m) => m.id === id)), withUsage)),
    findByFilename: (filename) =>
      Effect.sync(() => Option.fromNullable(items.find((m) => m.filename === filename))),
    setAlt: (id, alt) =>
      Effect.sync(() => {
        const index = items.findIndex((m) => m.id === id);
        const current = items[index];
        if (!current) return Option.none();
        items[index] = { ...current, alt };
        return Option.some(items[index]!);
      }),
    remove: (id) =>
      Effect.sync(() => {
        const index = items.findIndex((m) => m.id === id);
        if (index >= 0) items.splice(index, 1);
      }),
  });
  return { layer, items, usage };
}

/**
 * An ImageProcessor that "decodes" any bytes starting with the PNG or JPEG signature into a
 * 640×480 image with a WebP thumbnail of `width` px; anything else does not decode (none).
 */
export const imageProcessorStub = Layer.succeed(ImageProcessor, {
  thumbnail: (bytes, width) =>
    Effect.succeed(
      (bytes[0] === 0x89 && bytes[1] === 0x50) || (bytes[0] === 0xff && bytes[1] === 0xd8)
        ? Option.some({
            bytes: new TextEncoder().encode(`webp:${width}`),
            contentType: "image/webp",
            width: 640,
            height: 480,
          })
        : Option.none(),
    ),
});

/** A MarkdownRenderer that wraps the text in <p> (the sanitising renderer is the adapter's). */
export const markdownRendererStub = Layer.succeed(MarkdownRenderer, {
  render: (markdown) => `<p>${markdown}</p>`,
});

/** SiteContacts with support@closr.test. */
export const siteContactsStub = Layer.succeed(SiteContacts, { supportEmail: "support@closr.test" });

/**
 * In-memory ContactRepository (`messages`, newest first when listed) and NewsletterRepository
 * (`subscribers` by email: the token hash of the pending confirmation and when it was confirmed).
 */
export function makeContactMemory() {
  const messages: ContactMessage[] = [];
  const subscribers = new Map<string, { tokenHash: string; confirmedAt: Date | null }>();
  const contact = Layer.succeed(ContactRepository, {
    insert: (message, userId) =>
      Effect.sync(() => {
        const saved = { ...message, id: messages.length + 1, userId, createdAt: new Date(0) };
        messages.push(saved);
        return saved;
      }),
    list: (page, pageSize) => Effect.sync(() => pageOf([...messages].reverse(), page, pageSize)),
  });
  const newsletter = Layer.succeed(NewsletterRepository, {
    subscribe: (email, tokenHash) =>
      Effect.sync(() => {
        if (subscribers.get(email)?.confirmedAt) return false;
        subscribers.set(email, { tokenHash, confirmedAt: null });
        return true;
      }),
    confirm: (tokenHash, now) =>
      Effect.sync(() => {
        for (const [email, s] of subscribers)
          if (s.tokenHash === tokenHash && !s.confirmedAt) {
            subscribers.set(email, { tokenHash, confirmedAt: now });
            return Option.some(email);
          }
        return Option.none();
      }),
  });
  return { layer: Layer.merge(contact, newsletter), messages, subscribers };
}

/** A member as the admin app manages them (object mother): user{id}, u{id}@example.com, an agent. */
export const aManagedUser = (id: number, overrides: Partial<ManagedUser> = {}): ManagedUser => ({
  id: UserId.make(id),
  email: `u${id}@example.com`,
  username: `user${id}`,
  userType: "agent",
  role: "member",
  verificationStatus: "unverified",
  suspendedAt: null,
  createdAt: new Date(0),
  ...overrides,
});

/**
 * In-memory UserAdministration over `users` (newest first, `search` on username or email) and an
 * AuditTrail over `audit` (newest first, filtered like the adapter: exact action or a prefix ending
 * in ".", subject, actor username). `stats` counts the users and the audit entries; the other
 * counts are 0.
 */
export function makeUserAdministrationMemory(users: ManagedUser[] = []) {
  const audit: AuditRecord[] = [];
  const update = (id: number, change: Partial<ManagedUser>) => {
    const index = users.findIndex((u) => u.id === id);
    const current = users[index];
    if (!current) return Option.none();
    users[index] = { ...current, ...change };
    return Option.some(users[index]!);
  };
  const administration = Layer.succeed(UserAdministration, {
    list: (query) =>
      Effect.sync(() => {
        const term = query.search?.toLowerCase();
        const all = users
          .filter((u) => !term || u.username.toLowerCase().includes(term) || u.email.includes(term))
          .reverse();
        return pageOf(all, query.page, query.pageSize);
      }),
    findById: (id) => Effect.sync(() => Option.fromNullable(users.find((u) => u.id === id))),
    setSuspended: (id, at) => Effect.sync(() => update(id, { suspendedAt: at })),
    setRole: (id, role) => Effect.sync(() => update(id, { role })),
    stats: () =>
      Effect.sync(() => ({
        users: users.length,
        openVerifications: 0,
        contactMessages: 0,
        media: 0,
        auditEntries: audit.length,
      })),
  });
  const trail = Layer.succeed(AuditTrail, {
    list: (query) =>
      Effect.sync(() => {
        const all = audit
          .filter((a) =>
            !query.action
              ? true
              : query.action.endsWith(".")
                ? a.action.startsWith(query.action)
                : a.action === query.action,
          )
          .filter((a) => !query.subjectType || a.subjectType === query.subjectType)
          .filter((a) => !query.subjectId || a.subjectId === query.subjectId)
          .filter((a) => !query.actor || a.actorUsername?.toLowerCase() === query.actor.toLowerCase())
          .reverse();
        return pageOf(all, query.page, query.pageSize);
      }),
  });
  return { layer: Layer.merge(administration, trail), users, audit };
}
