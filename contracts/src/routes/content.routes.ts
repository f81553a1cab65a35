/**
 * Content routes (spec §2.11, §2.12, §7; issue 16). The §7 content endpoints at their exact
 * paths (anyone reads published entries; admins read drafts and write), the media library
 * (admin; files are public once uploaded), the contact form, newsletter double opt-in, and the
 * admin's users and dashboard counts.
 */
import { createRoute } from "@hono/zod-openapi";
import { IdParam } from "../common.ts";
import {
  AdminStats,
  AuditQuery,
  AuditRecordList,
  ContactInput,
  ContactMessage,
  ContactMessageList,
  ContentEntry,
  ContentInput,
  ContentList,
  ContentQuery,
  ContentUpdate,
  ManagedUser,
  ManagedUserList,
  MarkdownPreview,
  MarkdownPreviewInput,
  MediaFileParams,
  MediaFileQuery,
  MediaItem,
  MediaList,
  MediaUpload,
  NewsletterConfirm,
  NewsletterInput,
  PageQuery,
  RoleInput,
  SearchPageQuery,
  SuspensionInput,
} from "../content.ts";
import { commonProblems, problemResponses } from "../problems.ts";
import { body, file, json, writeProblems } from "./route-helpers.ts";

const adminRead = ["unauthenticated", "forbidden", "validation-failed", ...commonProblems] as const;
const adminWrite = ["unauthenticated", "forbidden", ...writeProblems, ...commonProblems] as const;

export const listContent = createRoute({
  method: "get",
  path: "/api/content",
  operationId: "listContent",
  tags: ["content"],
  summary: "Content of a type (§7); published only unless an admin asks for status=all",
  description: "Published reads put featured entries first, then newest publishedAt.",
  request: { query: ContentQuery },
  responses: {
    200: json(ContentList, "A page of entries"),
    ...problemResponses("validation-failed", ...commonProblems),
  },
});

export const getContent = createRoute({
  method: "get",
  path: "/api/content/{id}",
  operationId: "getContent",
  tags: ["content"],
  summary: "One entry (§7); a draft is 404 for anyone but an admin",
  request: { params: IdParam },
  responses: {
    200: json(ContentEntry, "The entry"),
    ...problemResponses("not-found", "validation-failed", ...commonProblems),
  },
});

export const createContent = createRoute({
  method: "post",
  path: "/api/content",
  operationId: "createContent",
  tags: ["content"],
  summary: "Admin: create an entry (§7); slugs are unique (409 slug-taken)",
  request: body(ContentInput),
  responses: {
    201: json(ContentEntry, "The created entry"),
    ...problemResponses(...adminWrite, "slug-taken"),
  },
});

export const updateContent = createRoute({
  method: "put",
  path: "/api/content/{id}",
  operationId: "updateContent",
  tags: ["content"],
  summary: "Admin: update an entry (§7) from the version it was read at",
  description:
    "If the stored version is newer than `version`, nothing is saved and the answer is 409 content-version-conflict: read the entry again, compare, and save with the new version.",
  request: { params: IdParam, ...body(ContentUpdate) },
  responses: {
    200: json(ContentEntry, "The updated entry"),
    ...problemResponses(...adminWrite, "not-found", "slug-taken", "content-version-conflict"),
  },
});

export const deleteContent = createRoute({
  method: "delete",
  path: "/api/content/{id}",
  operationId: "deleteContent",
  tags: ["content"],
  summary: "Admin: delete an entry (§7)",
  request: { params: IdParam },
  responses: {
    204: { description: "Deleted" },
    ...problemResponses(...adminWrite, "not-found"),
  },
});

export const previewMarkdown = createRoute({
  method: "post",
  path: "/api/admin/content/preview",
  operationId: "previewMarkdown",
  tags: ["content"],
  summary: "Admin: Markdown rendered and sanitised exactly as the public site shows it",
  request: body(MarkdownPreviewInput),
  responses: {
    200: json(MarkdownPreview, "The HTML"),
    ...problemResponses(...adminWrite),
  },
});

export const getAdminStats = createRoute({
  method: "get",
  path: "/api/admin/stats",
  operationId: "getAdminStats",
  tags: ["content"],
  summary: "Admin: the dashboard's live counts",
  responses: {
    200: json(AdminStats, "Counts"),
    ...problemResponses(...adminRead),
  },
});

export const listMedia = createRoute({
  method: "get",
  path: "/api/admin/media",
  operationId: "listMedia",
  tags: ["content"],
  summary: "Admin: the media library, newest first, with where each item is used",
  request: { query: SearchPageQuery },
  responses: {
    200: json(MediaList, "A page of media"),
    ...problemResponses(...adminRead),
  },
});

export const uploadMedia = createRoute({
  method: "post",
  path: "/api/admin/media",
  operationId: "uploadMedia",
  tags: ["content"],
  summary: "Admin: upload an image or PDF (multipart/form-data)",
  description:
    "Typed by magic bytes: anything but JPEG, PNG, WebP, GIF or PDF is 415 media-type-unsupported; over 10 MB is 413 media-too-large; an image without alt text is 422. Images get a WebP thumbnail.",
  request: { body: { required: true, content: { "multipart/form-data": { schema: MediaUpload } } } },
  responses: {
    201: json(MediaItem, "The stored item"),
    ...problemResponses(...adminWrite, "media-too-large", "media-type-unsupported"),
  },
});

export const deleteMedia = createRoute({
  method: "delete",
  path: "/api/admin/media/{id}",
  operationId: "deleteMedia",
  tags: ["content"],
  summary: "Admin: delete a media item (409 media-in-use while content references it)",
  request: { params: IdParam },
  responses: {
    204: { description: "Deleted" },
    ...problemResponses(...adminWrite, "not-found", "media-in-use"),
  },
});

export const getMediaFile = createRoute({
  method: "get",
  path: "/api/media/files/{name}",
  operationId: "getMediaFile",
  tags: ["content"],
  summary: "A media file (public), or its WebP thumbnail",
  description: "Served with its sniffed type and X-Content-Type-Options: nosniff; PDFs download.",
  request: { params: MediaFileParams, query: MediaFileQuery },
  responses: {
    200: file("The file", "image/jpeg", "image/png", "image/webp", "image/gif", "application/pdf"),
    ...problemResponses("not-found", "validation-failed", ...commonProblems),
  },
});

export const sendContactMessage = createRoute({
  method: "post",
  path: "/api/contact",
  operationId: "sendContactMessage",
  tags: ["content"],
  summary: "The contact form (§2.12): stored and delivered to the support address; rate limited",
  request: body(ContactInput),
  responses: {
    201: json(ContactMessage, "Received"),
    ...problemResponses(...writeProblems, "rate-limited", ...commonProblems),
  },
});

export const listContactMessages = createRoute({
  method: "get",
  path: "/api/admin/contact-messages",
  operationId: "listContactMessages",
  tags: ["content"],
  summary: "Admin: received contact messages, newest first",
  request: { query: PageQuery },
  responses: {
    200: json(ContactMessageList, "A page of messages"),
    ...problemResponses(...adminRead),
  },
});

export const subscribeNewsletter = createRoute({
  method: "post",
  path: "/api/newsletter",
  operationId: "subscribeNewsletter",
  tags: ["content"],
  summary: "Newsletter sign-up: emails a confirmation link (double opt-in); rate limited",
  description: "The answer is the same whether or not the address was already subscribed.",
  request: body(NewsletterInput),
  responses: {
    202: { description: "A confirmation email is on its way" },
    ...problemResponses(...writeProblems, "rate-limited", ...commonProblems),
  },
});

export const confirmNewsletter = createRoute({
  method: "post",
  path: "/api/newsletter/confirm",
  operationId: "confirmNewsletter",
  tags: ["content"],
  summary: "Confirms a newsletter sign-up with the emailed token",
  request: body(NewsletterConfirm),
  responses: {
    204: { description: "Confirmed" },
    ...problemResponses(...writeProblems, "invalid-token", ...commonProblems),
  },
});

export const listUsers = createRoute({
  method: "get",
  path: "/api/admin/users",
  operationId: "listManagedUsers",
  tags: ["content"],
  summary: "Admin: users, newest first; search by username or email",
  request: { query: SearchPageQuery },
  responses: {
    200: json(ManagedUserList, "A page of users"),
    ...problemResponses(...adminRead),
  },
});

export const setUserSuspension = createRoute({
  method: "put",
  path: "/api/admin/users/{id}/suspension",
  operationId: "setUserSuspension",
  tags: ["content"],
  summary: "Admin: suspend (cannot log in; every session ends) or unsuspend a user",
  request: { params: IdParam, ...body(SuspensionInput) },
  responses: {
    200: json(ManagedUser, "The user"),
    ...problemResponses(...adminWrite, "not-found", "own-account"),
  },
});

export const setUserRole = createRoute({
  method: "put",
  path: "/api/admin/users/{id}/role",
  operationId: "setUserRole",
  tags: ["content"],
  summary: "Admin: grant or revoke the admin role",
  request: { params: IdParam, ...body(RoleInput) },
  responses: {
    200: json(ManagedUser, "The user"),
    ...problemResponses(...adminWrite, "not-found", "own-account"),
  },
});

export const grantUserApiAccess = createRoute({
  method: "put",
  path: "/api/admin/users/{id}/api-access",
  operationId: "grantUserApiAccess",
  tags: ["content"],
  summary: "Admin: grant a user API access (API keys in Settings → API)",
  description:
    "The administrator's grant of API access (ADR 0021) for accounts without the Enterprise plan (e.g. agents), the same as `pnpm api:grant <username>`. Idempotent; recorded in the audit log.",
  request: { params: IdParam },
  responses: {
    200: json(ManagedUser, "The user, who may now create API keys"),
    ...problemResponses(...adminWrite, "not-found", "validation-failed"),
  },
});

export const listAuditLog = createRoute({
  method: "get",
  path: "/api/admin/audit-log",
  operationId: "listAuditLog",
  tags: ["content"],
  summary: "Admin: the audit log (who, what, when, before/after), newest first",
  request: { query: AuditQuery },
  responses: {
    200: json(AuditRecordList, "A page of entries"),
    ...problemResponses(...adminRead),
  },
});
