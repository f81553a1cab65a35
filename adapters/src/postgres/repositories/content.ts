/**
 * Content-context repositories on PostgreSQL (issue 16): content entries (jsonb, optimistic
 * locking by `version` in one conditional UPDATE), media (usage = content whose JSON mentions the
 * file name), contact messages, newsletter sign-ups and the admin's view of users.
 */
import {
  AuditTrail,
  ContactRepository,
  type ContentEntry,
  ContentId,
  ContentRepository,
  type ContentType,
  ContentVersionConflict,
  contentTypes,
  type ManagedUser,
  MediaId,
  type MediaItem,
  MediaRepository,
  type MediaWithUsage,
  NewsletterRepository,
  SlugTaken,
  UserAdministration,
} from "@closr/core/content";
import { UserId } from "@closr/core/shared";
import { Effect, Either, Option } from "effect";
import { type Selectable, sql, type Updateable } from "kysely";
import type { Db } from "../database.ts";
import { uniqueViolation } from "../errors.ts";
import type { ContactMessagesTable, ContentTable, MediaTable, UsersTable } from "../schema.ts";
import { ambientLayer } from "../transaction-scope.ts";
import { revokeCachedSessions } from "./session-cache.ts";

const parseJson = (value: unknown): unknown => {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
};

const toEntry = (r: Selectable<ContentTable>): ContentEntry => ({
  id: ContentId.make(r.id),
  title: r.title,
  slug: r.slug,
  type: r.type,
  content: parseJson(r.content),
  authorId: r.authorId === null ? null : UserId.make(r.authorId),
  published: r.published,
  featured: r.featured,
  publishedAt: r.publishedAt ? new Date(r.publishedAt) : null,
  createdAt: new Date(r.createdAt),
  updatedAt: new Date(r.updatedAt),
  version: r.version,
});

const like = (text: string) => `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

const slugClash = (slug: string) => (error: unknown) =>
  uniqueViolation(error) === "content_slug_key" ? Effect.fail(new SlugTaken({ slug })) : Effect.die(error);

export const makeContentRepository = (db: Db): typeof ContentRepository.Service => ({
  list: (query) =>
    Effect.promise(async () => {
      let q = db.selectFrom("content");
      if (query.type) q = q.where("type", "=", query.type);
      if (query.slug) q = q.where("slug", "=", query.slug);
      if (query.publishedOnly) q = q.where("published", "=", true);
      if (query.category) q = q.where(sql<string>`content->>'category'`, "=", query.category);
      if (query.search?.trim()) {
        const pattern = like(query.search.trim());
        q = q.where((eb) =>
          eb.or([
            eb("title", "ilike", pattern),
            eb("slug", "ilike", pattern),
            eb(sql<string>`content::text`, "ilike", pattern),
          ]),
        );
      }
      const total = await q.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow();
      let ordered = q.selectAll();
      if (query.publishedOnly) ordered = ordered.orderBy("featured", "desc");
      const rows = await ordered
        .orderBy(sql`coalesce(published_at, created_at)`, "desc")
        .orderBy("id", "desc")
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize)
        .execute();
      return { items: rows.map(toEntry), total: Number(total.n), page: query.page, pageSize: query.pageSize };
    }),
  findById: (id) =>
    Effect.promise(() => db.selectFrom("content").selectAll().where("id", "=", id).executeTakeFirst()).pipe(
      Effect.map((row) => Option.fromNullable(row).pipe(Option.map(toEntry))),
    ),
  insert: (input, authorId, now) =>
    Effect.tryPromise(() =>
      db
        .insertInto("content")
        .values({
          title: input.title,
          slug: input.slug,
          type: input.type,
          content: JSON.stringify(input.content ?? {}),
          authorId,
          updatedBy: authorId,
          published: input.published,
          featured: input.featured,
          publishedAt: input.published ? now : null,
          createdAt: now,
          updatedAt: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow(),
    ).pipe(Effect.catchAll(slugClash(input.slug)), Effect.map(toEntry)),
  update: (id, expectedVersion, input, editorId, now) =>
    Effect.tryPromise(async () => {
      const row = await db
        .updateTable("content")
        .set({
          title: input.title,
          slug: input.slug,
          type: input.type,
          content: JSON.stringify(input.content ?? {}),
          published: input.published,
          featured: input.featured,
          // First publication sets publishedAt; unpublishing clears it.
          publishedAt: input.published ? sql`coalesce(published_at, ${now})` : null,
          updatedAt: now,
          updatedBy: editorId,
          version: sql`version + 1`,
        })
        .where("id", "=", id)
        .where("version", "=", expectedVersion)
        .returningAll()
        .executeTakeFirst();
      if (row) return Either.right(Option.some(toEntry(row)));
      const current = await db.selectFrom("content").selectAll().where("id", "=", id).executeTakeFirst();
      if (!current) return Either.right(Option.none());
      return Either.left(
        new ContentVersionConflict({ expected: expectedVersion, current: toEntry(current) }),
      );
    }).pipe(
      Effect.catchAll(slugClash(input.slug)),
      Effect.flatMap((result) =>
        Either.isLeft(result) ? Effect.fail(result.left) : Effect.succeed(result.right),
      ),
    ),
  remove: (id) =>
    Effect.promise(() =>
      db.deleteFrom("content").where("id", "=", id).returningAll().executeTakeFirst(),
    ).pipe(Effect.map((row) => Option.fromNullable(row).pipe(Option.map(toEntry)))),
  countByType: () =>
    Effect.promise(async () => {
      const rows = await db
        .selectFrom("content")
        .select((eb) => [
          "type",
          eb.fn.countAll<string>().as("total"),
          eb.fn.count<string>("id").filterWhere("published", "=", true).as("published"),
        ])
        .groupBy("type")
        .execute();
      const counts = Object.fromEntries(contentTypes.map((t) => [t, { total: 0, published: 0 }])) as Record<
        ContentType,
        { total: number; published: number }
      >;
      for (const row of rows)
        counts[row.type] = { total: Number(row.total), published: Number(row.published) };
      return counts;
    }),
});

const mediaUrl = (filename: string) => `/api/media/files/${filename}`;

const toMedia = (r: Selectable<MediaTable>): MediaItem => ({
  id: MediaId.make(r.id),
  filename: r.filename,
  originalFilename: r.originalFilename,
  mimeType: r.mimeType,
  size: r.size,
  url: r.url,
  thumbnailUrl: r.thumbnailKey ? `${mediaUrl(r.filename)}?variant=thumbnail` : null,
  storageKey: r.storageKey ?? `media/${r.filename}`,
  thumbnailKey: r.thumbnailKey,
  width: r.width,
  height: r.height,
  uploaderId: r.uploaderId === null ? null : UserId.make(r.uploaderId),
  alt: r.alt,
  createdAt: new Date(r.createdAt),
});

/** Content entries whose JSON mentions each file name. */
async function usageOf(db: Db, items: readonly MediaItem[]): Promise<MediaWithUsage[]> {
  if (!items.length) return [];
  const rows = await db
    .selectFrom("content")
    .innerJoin(
      sql<{ filename: string }>`unnest(${sql.val(items.map((i) => i.filename))}::text[])`.as("f"),
      (join) => join.on(sql`content.content::text`, "like", sql`'%' || f || '%'`),
    )
    .select(["content.id", "content.title", "content.type", sql<string>`f`.as("filename")])
    .execute();
  return items.map((item) => ({
    ...item,
    usedBy: rows
      .filter((r) => r.filename === item.filename)
      .map((r) => ({ id: ContentId.make(r.id), title: r.title, type: r.type })),
  }));
}

export const makeMediaRepository = (db: Db): typeof MediaRepository.Service => ({
  insert: (media) =>
    Effect.promise(() =>
      db
        .insertInto("media")
        .values({
          filename: media.filename,
          originalFilename: media.originalFilename,
          mimeType: media.mimeType,
          size: media.size,
          url: mediaUrl(media.filename),
          uploaderId: media.uploaderId,
          alt: media.alt,
          storageKey: media.storageKey,
          thumbnailKey: media.thumbnailKey,
          width: media.width,
          height: media.height,
        })
        .returningAll()
        .executeTakeFirstOrThrow(),
    ).pipe(Effect.map(toMedia)),
  list: (query) =>
    Effect.promise(async () => {
      let q = db.selectFrom("media");
      if (query.search?.trim()) {
        const pattern = like(query.search.trim());
        q = q.where((eb) => eb.or([eb("originalFilename", "ilike", pattern), eb("alt", "ilike", pattern)]));
      }
      const total = await q.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow();
      const rows = await q
        .selectAll()
        .orderBy("id", "desc")
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize)
        .execute();
      return {
        items: await usageOf(db, rows.map(toMedia)),
        total: Number(total.n),
        page: query.page,
        pageSize: query.pageSize,
      };
    }),
  findById: (id) =>
    Effect.promise(async () => {
      const row = await db.selectFrom("media").selectAll().where("id", "=", id).executeTakeFirst();
      return row ? Option.some((await usageOf(db, [toMedia(row)]))[0]!) : Option.none();
    }),
  findByFilename: (filename) =>
    Effect.promise(() =>
      db.selectFrom("media").selectAll().where("filename", "=", filename).executeTakeFirst(),
    ).pipe(Effect.map((row) => Option.fromNullable(row).pipe(Option.map(toMedia)))),
  setAlt: (id, alt) =>
    Effect.promise(() =>
      db.updateTable("media").set({ alt }).where("id", "=", id).returningAll().executeTakeFirst(),
    ).pipe(Effect.map((row) => Option.fromNullable(row).pipe(Option.map(toMedia)))),
  remove: (id) =>
    Effect.promise(() => db.deleteFrom("media").where("id", "=", id).execute()).pipe(Effect.asVoid),
});

const toContact = (r: Selectable<ContactMessagesTable>) => ({
  id: r.id,
  fullName: r.fullName,
  email: r.email,
  subject: r.subject,
  message: r.message,
  userId: r.userId === null ? null : UserId.make(r.userId),
  createdAt: new Date(r.createdAt),
});

export const makeContactRepository = (db: Db): typeof ContactRepository.Service => ({
  insert: (message, userId) =>
    Effect.promise(() =>
      db
        .insertInto("contactMessages")
        .values({ ...message, userId })
        .returningAll()
        .executeTakeFirstOrThrow(),
    ).pipe(Effect.map(toContact)),
  list: (page, pageSize) =>
    Effect.promise(async () => {
      const total = await db
        .selectFrom("contactMessages")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .executeTakeFirstOrThrow();
      const rows = await db
        .selectFrom("contactMessages")
        .selectAll()
        .orderBy("id", "desc")
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute();
      return { items: rows.map(toContact), total: Number(total.n), page, pageSize };
    }),
});

export const makeNewsletterRepository = (db: Db): typeof NewsletterRepository.Service => ({
  subscribe: (email, tokenHash) =>
    Effect.promise(async () => {
      const row = await db
        .insertInto("newsletterSubscriptions")
        .values({ email, tokenHash })
        .onConflict((oc) =>
          oc
            .column("email")
            .doUpdateSet({ tokenHash })
            .where("newsletterSubscriptions.confirmedAt", "is", null),
        )
        .returning("id")
        .executeTakeFirst();
      return row !== undefined;
    }),
  confirm: (tokenHash, now) =>
    Effect.promise(() =>
      db
        .updateTable("newsletterSubscriptions")
        .set({ confirmedAt: now })
        .where("tokenHash", "=", tokenHash)
        .returning("email")
        .executeTakeFirst(),
    ).pipe(Effect.map((row) => Option.fromNullable(row?.email))),
});

const managedColumns = [
  "id",
  "email",
  "username",
  "userType",
  "role",
  "verificationStatus",
  "suspendedAt",
  "createdAt",
] as const;

const toManaged = (r: {
  id: number;
  email: string;
  username: string;
  userType: "business" | "agent";
  role: "member" | "admin";
  verificationStatus: "unverified" | "pending" | "verified";
  suspendedAt: Date | null;
  createdAt: Date;
}): ManagedUser => ({
  ...r,
  id: UserId.make(r.id),
  suspendedAt: r.suspendedAt ? new Date(r.suspendedAt) : null,
  createdAt: new Date(r.createdAt),
});

export const makeUserAdministration = (db: Db): typeof UserAdministration.Service => {
  const byId = (id: number) =>
    db.selectFrom("users").select(managedColumns).where("id", "=", id).where("deletedAt", "is", null);
  /** Changes a live (not deleted) user; None when there is none. */
  const updateLive = (id: UserId, changes: Updateable<UsersTable>) =>
    Effect.promise(() =>
      db
        .updateTable("users")
        .set(changes)
        .where("id", "=", id)
        .where("deletedAt", "is", null)
        .returning(managedColumns)
        .executeTakeFirst(),
    ).pipe(
      Effect.map((row) => Option.fromNullable(row).pipe(Option.map(toManaged))),
      // A role or suspension change takes effect on this process's next request, before the
      // NOTIFY round trip (ADR 0015).
      Effect.tap(() => Effect.sync(() => revokeCachedSessions(id))),
    );
  return {
    list: (query) =>
      Effect.promise(async () => {
        let q = db.selectFrom("users").where("deletedAt", "is", null);
        if (query.search?.trim()) {
          const pattern = like(query.search.trim());
          q = q.where((eb) => eb.or([eb("username", "ilike", pattern), eb("email", "ilike", pattern)]));
        }
        const total = await q.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow();
        const rows = await q
          .select(managedColumns)
          .orderBy("id", "desc")
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize)
          .execute();
        return {
          items: rows.map(toManaged),
          total: Number(total.n),
          page: query.page,
          pageSize: query.pageSize,
        };
      }),
    findById: (id) =>
      Effect.promise(() => byId(id).executeTakeFirst()).pipe(
        Effect.map((row) => Option.fromNullable(row).pipe(Option.map(toManaged))),
      ),
    setSuspended: (id, at) => updateLive(id, { suspendedAt: at }),
    setRole: (id, role) => updateLive(id, { role }),
    stats: () =>
      Effect.promise(async () => {
        const row = await sql<{ users: string; open: string; contact: string; media: string; audit: string }>`
          SELECT (SELECT count(*) FROM users WHERE deleted_at IS NULL) AS users,
                 (SELECT count(*) FROM verification_requests WHERE status IN ('submitted','under_review')) AS open,
                 (SELECT count(*) FROM contact_messages) AS contact,
                 (SELECT count(*) FROM media) AS media,
                 (SELECT count(*) FROM audit_log) AS audit`.execute(db);
        const r = row.rows[0]!;
        return {
          users: Number(r.users),
          openVerifications: Number(r.open),
          contactMessages: Number(r.contact),
          media: Number(r.media),
          auditEntries: Number(r.audit),
        };
      }),
  };
};

export const ContentRepositoryPg = ambientLayer(ContentRepository, makeContentRepository);
export const MediaRepositoryPg = ambientLayer(MediaRepository, makeMediaRepository);
export const ContactRepositoryPg = ambientLayer(ContactRepository, makeContactRepository);
export const NewsletterRepositoryPg = ambientLayer(NewsletterRepository, makeNewsletterRepository);
export const UserAdministrationPg = ambientLayer(UserAdministration, makeUserAdministration);

export const makeAuditTrail = (db: Db): typeof AuditTrail.Service => ({
  list: (query) =>
    Effect.promise(async () => {
      let q = db.selectFrom("auditLog as a").leftJoin("users as u", "u.id", "a.actorUserId");
      if (query.action)
        q = query.action.endsWith(".")
          ? q.where("a.action", "like", `${query.action.replace(/[\\%_]/g, (m) => `\\${m}`)}%`)
          : q.where("a.action", "=", query.action);
      if (query.subjectType) q = q.where("a.subjectType", "=", query.subjectType);
      if (query.subjectId) q = q.where("a.subjectId", "=", query.subjectId);
      if (query.actor) q = q.where(sql`lower(u.username)`, "=", query.actor.toLowerCase());
      const total = await q.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow();
      const rows = await q
        .select([
          "a.id",
          "a.actorUserId",
          "u.username",
          "a.action",
          "a.subjectType",
          "a.subjectId",
          "a.before",
          "a.after",
          "a.createdAt",
        ])
        .orderBy("a.createdAt", "desc")
        .orderBy("a.id", "desc")
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize)
        .execute();
      return {
        items: rows.map((r) => ({
          id: Number(r.id),
          actorUserId: r.actorUserId === null ? null : UserId.make(r.actorUserId),
          actorUsername: r.username ?? null,
          action: r.action,
          subjectType: r.subjectType,
          subjectId: r.subjectId,
          before: parseJson(r.before),
          after: parseJson(r.after),
          createdAt: new Date(r.createdAt),
        })),
        total: Number(total.n),
        page: query.page,
        pageSize: query.pageSize,
      };
    }),
});

export const AuditTrailPg = ambientLayer(AuditTrail, makeAuditTrail);
