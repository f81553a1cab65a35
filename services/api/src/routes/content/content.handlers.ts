/**
 * Content handlers (issue 16): see contracts/src/routes/content.routes.ts. Reads are open (the
 * use case narrows non-admins to published entries); writes need a session and core's admin rule.
 * Media arrives as multipart/form-data and is typed by its magic bytes here.
 */
import { sniffContentType } from "@closr/adapters/storage";
import { contentRoutes } from "@closr/contracts";
import {
  adminStats,
  type ContentEntry,
  ContentId,
  type ContentQuery,
  confirmNewsletter,
  createContent,
  deleteContent,
  deleteMedia,
  getContent,
  listAuditLog,
  listContactMessages,
  listContent,
  listMedia,
  listUsers,
  type ManagedUser,
  MediaId,
  type MediaWithUsage,
  previewMarkdown,
  readMediaFile,
  renderContent,
  setUserRole,
  setUserSuspended,
  submitContact,
  subscribeNewsletter,
  updateContent,
  uploadMedia,
} from "@closr/core/content";
import { grantUserApiAccess } from "@closr/core/integrations";
import { UserId } from "@closr/core/shared";
import type { OpenAPIHono } from "@hono/zod-openapi";
import { Effect } from "effect";
import type { AppEnv } from "../../http/env.ts";
import { signedIn } from "../../http/guards.ts";
import { pageOf } from "../../http/lists.ts";
import { problem } from "../../http/problem.ts";
import { runUseCase } from "../../http/run.ts";
import { storedFilePolicy } from "../../http/stored-file-headers.ts";
import type { AppRuntime } from "../../runtime.ts";
import { defaultEntriesJson } from "./default-entries.ts";

/** Core entry (with its rendered Markdown) → contract JSON. */
export const contentJson = (entry: ContentEntry, html: Record<string, string>) => ({
  id: entry.id,
  title: entry.title,
  slug: entry.slug,
  type: entry.type,
  content: entry.content,
  html,
  authorId: entry.authorId,
  published: entry.published,
  featured: entry.featured,
  publishedAt: entry.publishedAt?.toISOString() ?? null,
  createdAt: entry.createdAt.toISOString(),
  updatedAt: entry.updatedAt.toISOString(),
  version: entry.version,
});

const withHtml = (entry: ContentEntry) =>
  Effect.map(renderContent(entry), (html) => contentJson(entry, html));

export const mediaJson = (m: MediaWithUsage) => ({
  id: m.id,
  filename: m.filename,
  originalFilename: m.originalFilename,
  mimeType: m.mimeType,
  size: m.size,
  url: m.url,
  thumbnailUrl: m.thumbnailUrl,
  width: m.width,
  height: m.height,
  uploaderId: m.uploaderId,
  alt: m.alt,
  createdAt: m.createdAt.toISOString(),
  usedBy: m.usedBy.map((u) => ({ id: u.id, title: u.title, type: u.type })),
});

export const managedUserJson = (u: ManagedUser) => ({
  id: u.id,
  email: u.email,
  username: u.username,
  userType: u.userType,
  role: u.role,
  verificationStatus: u.verificationStatus,
  suspendedAt: u.suspendedAt?.toISOString() ?? null,
  createdAt: u.createdAt.toISOString(),
});

export function registerContentRoutes(app: OpenAPIHono<AppEnv>, runtime: AppRuntime) {
  app.openapi(contentRoutes.listContent, async (c) => {
    const q = c.req.valid("query");
    const query: ContentQuery = {
      type: q.type,
      slug: q.slug,
      search: q.search,
      category: q.category,
      publishedOnly: q.status !== "all",
      page: q.page,
      pageSize: q.pageSize,
    };
    const program = Effect.flatMap(listContent(c.get("user"), query), (page) =>
      Effect.map(Effect.forEach(page.items, withHtml), (items) => ({ ...page, items })),
    );
    return runUseCase(runtime, c, program, async (page) => {
      // The public site's built-in entries while nothing of the type is published (issue 16).
      if (page.total === 0 && q.defaults === "true" && q.type && !q.search && q.page === 1) {
        const items = await defaultEntriesJson(runtime, q.type, q.slug);
        return c.json({ items, total: items.length, page: 1, pageSize: q.pageSize }, 200);
      }
      return c.json(
        pageOf(page, (x) => x),
        200,
      );
    });
  });

  app.openapi(contentRoutes.getContent, async (c) => {
    const id = ContentId.make(c.req.valid("param").id);
    return runUseCase(runtime, c, Effect.flatMap(getContent(c.get("user"), id), withHtml), (entry) =>
      c.json(entry, 200),
    );
  });

  app.openapi(signedIn(contentRoutes.createContent), async (c) => {
    const input = c.req.valid("json");
    return runUseCase(
      runtime,
      c,
      Effect.flatMap(createContent(c.get("user"), { ...input, content: input.content ?? {} }), withHtml),
      (entry) => c.json(entry, 201, { location: `/api/content/${entry.id}` }),
    );
  });

  app.openapi(signedIn(contentRoutes.updateContent), async (c) => {
    const { version, ...input } = c.req.valid("json");
    const id = ContentId.make(c.req.valid("param").id);
    return runUseCase(
      runtime,
      c,
      Effect.flatMap(
        updateContent(c.get("user"), id, version, { ...input, content: input.content ?? {} }),
        withHtml,
      ),
      (entry) => c.json(entry, 200),
    );
  });

  app.openapi(signedIn(contentRoutes.deleteContent), async (c) => {
    const id = ContentId.make(c.req.valid("param").id);
    return runUseCase(runtime, c, deleteContent(c.get("user"), id), () => c.body(null, 204));
  });

  app.openapi(signedIn(contentRoutes.previewMarkdown), async (c) =>
    runUseCase(runtime, c, previewMarkdown(c.get("user"), c.req.valid("json").markdown), (html) =>
      c.json({ html }, 200),
    ),
  );

  app.openapi(signedIn(contentRoutes.getAdminStats), async (c) =>
    runUseCase(runtime, c, adminStats(c.get("user")), (stats) => c.json(stats, 200)),
  );

  app.openapi(signedIn(contentRoutes.listMedia), async (c) =>
    runUseCase(runtime, c, listMedia(c.get("user"), c.req.valid("query")), (page) =>
      c.json(pageOf(page, mediaJson), 200),
    ),
  );

  app.openapi(signedIn(contentRoutes.uploadMedia), async (c) => {
    const form = c.req.valid("form") as { file: File; alt?: string };
    const bytes = new Uint8Array(await form.file.arrayBuffer());
    const upload = {
      bytes,
      detectedType: (await sniffContentType(bytes)) ?? null,
      fileName: form.file.name || "file",
      alt: form.alt ?? "",
    };
    return runUseCase(runtime, c, uploadMedia(c.get("user"), upload), (item) =>
      c.json(mediaJson({ ...item, usedBy: [] }), 201),
    );
  });

  app.openapi(signedIn(contentRoutes.deleteMedia), async (c) =>
    runUseCase(runtime, c, deleteMedia(c.get("user"), MediaId.make(c.req.valid("param").id)), () =>
      c.body(null, 204),
    ),
  );

  app.openapi(contentRoutes.getMediaFile, async (c) => {
    const { name } = c.req.valid("param");
    const exit = await runtime.runPromiseExit(readMediaFile(name, c.req.valid("query").variant));
    if (exit._tag === "Failure") return problem(c, "not-found", { detail: "No such file." });
    const { bytes, contentType, item } = exit.value;
    const pdf = contentType === "application/pdf";
    const ascii = item.originalFilename.replace(/[^\x20-\x7e]|["\\]/g, "_");
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      "content-type": contentType,
      "content-length": String(bytes.byteLength),
      "x-content-type-options": "nosniff",
      "content-security-policy": storedFilePolicy,
      "cache-control": "public, max-age=31536000, immutable",
      ...(pdf ? { "content-disposition": `attachment; filename="${ascii}"` } : {}),
    });
  });

  app.openapi(contentRoutes.sendContactMessage, async (c) =>
    runUseCase(runtime, c, submitContact(c.get("user"), c.req.valid("json")), (saved) =>
      c.json(
        {
          id: saved.id,
          fullName: saved.fullName,
          email: saved.email,
          subject: saved.subject,
          message: saved.message,
          userId: saved.userId,
          createdAt: saved.createdAt.toISOString(),
        },
        201,
      ),
    ),
  );

  app.openapi(signedIn(contentRoutes.listContactMessages), async (c) => {
    const { page, pageSize } = c.req.valid("query");
    return runUseCase(runtime, c, listContactMessages(c.get("user"), page, pageSize), (result) =>
      c.json(
        pageOf(result, (m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
        200,
      ),
    );
  });

  app.openapi(contentRoutes.subscribeNewsletter, async (c) =>
    runUseCase(runtime, c, subscribeNewsletter(c.req.valid("json").email), () => c.body(null, 202)),
  );

  app.openapi(contentRoutes.confirmNewsletter, async (c) => {
    const confirmed = await runtime.runPromise(confirmNewsletter(c.req.valid("json").token));
    if (!confirmed) return problem(c, "invalid-token", { detail: "This confirmation link is invalid." });
    return c.body(null, 204);
  });

  app.openapi(signedIn(contentRoutes.listUsers), async (c) =>
    runUseCase(runtime, c, listUsers(c.get("user"), c.req.valid("query")), (page) =>
      c.json(pageOf(page, managedUserJson), 200),
    ),
  );

  app.openapi(signedIn(contentRoutes.setUserSuspension), async (c) =>
    runUseCase(
      runtime,
      c,
      setUserSuspended(c.get("user"), UserId.make(c.req.valid("param").id), c.req.valid("json").suspended),
      (user) => c.json(managedUserJson(user), 200),
    ),
  );

  app.openapi(signedIn(contentRoutes.setUserRole), async (c) =>
    runUseCase(
      runtime,
      c,
      setUserRole(c.get("user"), UserId.make(c.req.valid("param").id), c.req.valid("json").role),
      (user) => c.json(managedUserJson(user), 200),
    ),
  );

  app.openapi(signedIn(contentRoutes.grantUserApiAccess), async (c) =>
    runUseCase(runtime, c, grantUserApiAccess(c.get("user"), UserId.make(c.req.valid("param").id)), (user) =>
      c.json(managedUserJson(user), 200),
    ),
  );

  app.openapi(signedIn(contentRoutes.listAuditLog), async (c) =>
    runUseCase(runtime, c, listAuditLog(c.get("user"), c.req.valid("query")), (page) =>
      c.json(
        pageOf(page, (r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
        200,
      ),
    ),
  );
}
