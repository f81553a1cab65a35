/**
 * Content schemas (spec §2.11, §2.12, §3 content and media, §5, §7; issue 16). `content` is
 * free-form JSON; the admin editor writes one structured shape per type (blog: lead, body,
 * author, category, coverImage; careers: role, team, location, description; press: date, outlet,
 * link, body; guide: sections, body; about: body; help: topic, summary, body). Markdown fields
 * come back rendered and sanitised in `html`.
 */
import { z } from "@hono/zod-openapi";
import { pageSchema, paging, safeLink, safeLinkMessage, uploadedFile } from "./common.ts";

export const ContentTypeSchema = z
  .enum(["about", "careers", "blog", "press", "guide", "help"], {
    error: "type must be about, careers, blog, press, guide or help",
  })
  .openapi("ContentType");

export const ContentEntry = z
  .object({
    id: z.number().int(),
    title: z.string(),
    slug: z.string(),
    type: ContentTypeSchema,
    content: z.unknown().openapi({ description: "Free-form JSON, structured per type." }),
    html: z
      .record(z.string(), z.string())
      .openapi({ description: "The Markdown fields of `content`, rendered and sanitised, by field name." }),
    authorId: z.number().int().nullable(),
    published: z.boolean(),
    featured: z.boolean(),
    publishedAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    version: z.number().int().openapi({ description: "Send it back with PUT (optimistic locking)." }),
  })
  .openapi("ContentEntry");

export const ContentList = pageSchema(ContentEntry, "ContentList");

export const ContentQuery = z.object({
  type: ContentTypeSchema.optional().openapi({ param: { name: "type", in: "query" } }),
  slug: z
    .string()
    .max(120)
    .optional()
    .openapi({ param: { name: "slug", in: "query" } }),
  search: z
    .string()
    .max(200)
    .optional()
    .openapi({ param: { name: "search", in: "query" }, description: "Title, slug or content text." }),
  category: z
    .string()
    .max(100)
    .optional()
    .openapi({ param: { name: "category", in: "query" }, description: "Blog: content.category." }),
  defaults: z
    .enum(["true", "false"])
    .default("false")
    .openapi({
      param: { name: "defaults", in: "query" },
      description:
        "true: when no published entry matches, answer the public site's built-in entries of the type (id 0, version 0) instead of an empty list.",
    }),
  status: z
    .enum(["published", "all"])
    .default("published")
    .openapi({
      param: { name: "status", in: "query" },
      description: "all (drafts too) is for admins; everyone else always gets published entries.",
    }),
  ...paging(100, 20),
});

/** The keys of `content` that hold a link, at any depth (the editor's url and media fields). */
export const contentLinkKeys = ["link", "href", "url", "coverImage"] as const;

/**
 * `content`: any JSON value, whose link fields (`contentLinkKeys`, at any depth) must pass
 * `safeLink` (ADR 0034), so a `javascript:` link is never stored. The 422 names the field
 * (`content.link`).
 */
const contentBody = () =>
  z
    .unknown()
    .superRefine((value, ctx) => {
      const link = safeLink();
      const visit = (node: unknown, path: (string | number)[]) => {
        if (Array.isArray(node)) {
          for (const [index, item] of node.entries()) visit(item, [...path, index]);
        } else if (typeof node === "object" && node !== null)
          for (const [key, item] of Object.entries(node)) {
            if ((contentLinkKeys as readonly string[]).includes(key) && item !== null && item !== "") {
              const checked = link.safeParse(item);
              if (!checked.success)
                ctx.addIssue({
                  code: "custom",
                  path: [...path, key],
                  message: checked.error.issues[0]?.message ?? safeLinkMessage,
                });
            } else visit(item, [...path, key]);
          }
      };
      visit(value, []);
    })
    .openapi({
      description:
        "Any JSON value; structured per type by the editor. Its link fields (link, href, url, coverImage) take https:, http:, mailto: or a path on this site.",
    });

const requiredText = (message: string, max: number) =>
  z.string({ error: message }).max(max, { error: `At most ${max} characters` });

export const ContentInput = z
  .object({
    title: requiredText("Title is required", 300),
    slug: requiredText("Slug is required", 120),
    type: ContentTypeSchema,
    content: contentBody(),
    published: z.boolean().default(true),
    featured: z.boolean().default(false),
  })
  .openapi("ContentInput");

export const ContentUpdate = ContentInput.extend({
  version: z
    .number({ error: "version is required" })
    .int()
    .min(1)
    .openapi({ description: "The version this edit started from; a newer stored one answers 409." }),
}).openapi("ContentUpdate");

export const MarkdownPreviewInput = z
  .object({ markdown: z.string().max(200_000, { error: "At most 200000 characters" }) })
  .openapi("MarkdownPreviewInput");

export const MarkdownPreview = z.object({ html: z.string() }).openapi("MarkdownPreview");

export const MediaItem = z
  .object({
    id: z.number().int(),
    filename: z.string(),
    originalFilename: z.string(),
    mimeType: z.string(),
    size: z.number().int().openapi({ description: "Bytes." }),
    url: z.string(),
    thumbnailUrl: z.string().nullable(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    uploaderId: z.number().int().nullable(),
    alt: z.string().nullable(),
    createdAt: z.string(),
    usedBy: z.array(z.object({ id: z.number().int(), title: z.string(), type: ContentTypeSchema })),
  })
  .openapi("MediaItem");

export const MediaList = pageSchema(MediaItem, "MediaList");

export const SearchPageQuery = z.object({
  search: z
    .string()
    .max(200)
    .optional()
    .openapi({ param: { name: "search", in: "query" } }),
  ...paging(100, 20),
});

export const PageQuery = z.object({ ...paging(100, 20) });

export const MediaUpload = z
  .object({
    file: uploadedFile("JPEG, PNG, WebP, GIF or PDF; at most 10 MB."),
    alt: z
      .string()
      .max(300, { error: "At most 300 characters" })
      .optional()
      .openapi({ description: "Required for images." }),
  })
  .openapi("MediaUpload", { description: "multipart/form-data." });

export const MediaFileParams = z.object({
  name: z
    .string()
    .regex(/^[A-Za-z0-9_-]{22}$/)
    .openapi({ param: { name: "name", in: "path" } }),
});

export const MediaFileQuery = z.object({
  variant: z
    .enum(["original", "thumbnail"])
    .default("original")
    .openapi({ param: { name: "variant", in: "query" } }),
});

export const ContactInput = z
  .object({
    fullName: requiredText("Full name is required", 200),
    email: requiredText("Email is required", 254),
    subject: requiredText("Subject is required", 300),
    message: requiredText("Message is required", 5000),
  })
  .openapi("ContactInput");

export const ContactMessage = z
  .object({
    id: z.number().int(),
    fullName: z.string(),
    email: z.string(),
    subject: z.string(),
    message: z.string(),
    userId: z.number().int().nullable(),
    createdAt: z.string(),
  })
  .openapi("ContactMessage");

export const ContactMessageList = pageSchema(ContactMessage, "ContactMessageList");

export const NewsletterInput = z
  .object({ email: requiredText("Email is required", 254) })
  .openapi("NewsletterInput");

export const NewsletterConfirm = z.object({ token: z.string().min(1).max(200) }).openapi("NewsletterConfirm");

export const ManagedUser = z
  .object({
    id: z.number().int(),
    email: z.string(),
    username: z.string(),
    userType: z.enum(["business", "agent"]),
    role: z.enum(["member", "admin"]),
    verificationStatus: z.enum(["unverified", "pending", "verified"]),
    suspendedAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi("ManagedUser");

export const ManagedUserList = pageSchema(ManagedUser, "ManagedUserList");

export const SuspensionInput = z
  .object({ suspended: z.boolean({ error: "suspended must be true or false" }) })
  .strict()
  .openapi("SuspensionInput");

export const RoleInput = z
  .object({ role: z.enum(["member", "admin"], { error: "role must be member or admin" }) })
  .strict()
  .openapi("RoleInput");

const typeCounts = z.object({ total: z.number().int(), published: z.number().int() });

export const AdminStats = z
  .object({
    content: z.object({
      about: typeCounts,
      careers: typeCounts,
      blog: typeCounts,
      press: typeCounts,
      guide: typeCounts,
      help: typeCounts,
    }),
    users: z.number().int(),
    openVerifications: z.number().int(),
    contactMessages: z.number().int(),
    media: z.number().int(),
    auditEntries: z.number().int(),
  })
  .openapi("AdminStats");

export const AuditRecord = z
  .object({
    id: z.number().int(),
    actorUserId: z.number().int().nullable(),
    actorUsername: z.string().nullable(),
    action: z.string().openapi({ example: "user.suspended" }),
    subjectType: z.string().openapi({ example: "user" }),
    subjectId: z.string(),
    before: z.unknown().openapi({ description: "The object's state before (null for a creation)." }),
    after: z.unknown().openapi({ description: "The object's state after (null for a deletion)." }),
    createdAt: z.string(),
  })
  .openapi("AuditRecord");

export const AuditRecordList = pageSchema(AuditRecord, "AuditRecordList");

const filter = (name: string, description: string) =>
  z
    .string()
    .max(100)
    .optional()
    .openapi({ param: { name, in: "query" }, description });

export const AuditQuery = z.object({
  action: filter("action", 'Exact action, or a prefix ending in "." (content.).'),
  subjectType: filter("subjectType", "user, content, media, payment, …"),
  subjectId: filter("subjectId", "The subject's id."),
  actor: filter("actor", "The acting admin's username."),
  ...paging(100, 50),
});
