/**
 * Content model (spec §2.11, §2.12, §3 content and media; issue 16). An entry's `content` is
 * free-form JSON (the editor writes one structured shape per type, see `contentFields`); the
 * public site reads published entries and falls back to built-in defaults when none exist.
 */
import { intId, type UserId } from "../shared/ids.ts";
import type { Paging } from "../shared/paging.ts";

/** A content entry. */
export const ContentId = intId("ContentId");
export type ContentId = typeof ContentId.Type;

/** A media library item. */
export const MediaId = intId("MediaId");
export type MediaId = typeof MediaId.Type;

/** §3 content types, plus `help` (the Help Centre articles: {topic, summary, body}). */
export const contentTypes = ["about", "careers", "blog", "press", "guide", "help"] as const;
export type ContentType = (typeof contentTypes)[number];

/** Fields of each type's structured form whose value is Markdown (rendered and sanitised). */
export const markdownFields: Readonly<Record<ContentType, readonly string[]>> = {
  about: ["body"],
  careers: ["description"],
  blog: ["body"],
  press: ["body"],
  guide: ["body"],
  help: ["body"],
};

export interface ContentEntry {
  readonly id: ContentId;
  readonly title: string;
  readonly slug: string;
  readonly type: ContentType;
  /** Free-form JSON (§3); structured per type by the editor. */
  readonly content: unknown;
  readonly authorId: UserId | null;
  readonly published: boolean;
  readonly featured: boolean;
  readonly publishedAt: Date | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  /** Optimistic locking: bumped by every update. */
  readonly version: number;
}

/** What the editor sends (§7 POST/PUT /api/content). */
export interface ContentInput {
  readonly title: string;
  readonly slug: string;
  readonly type: ContentType;
  readonly content: unknown;
  readonly published: boolean;
  readonly featured: boolean;
}

export interface ContentQuery extends Paging {
  readonly type?: ContentType | undefined;
  readonly slug?: string | undefined;
  /** Case-insensitive match on title, slug or content text. */
  readonly search?: string | undefined;
  /** Only published entries (anonymous and non-admin readers always get this). */
  readonly publishedOnly: boolean;
  readonly category?: string | undefined;
}

export type { Page } from "../shared/paging.ts";

export interface MediaItem {
  readonly id: MediaId;
  /** The storage key's file name (random); the only name in URLs. */
  readonly filename: string;
  readonly originalFilename: string;
  readonly mimeType: string;
  /** Bytes. */
  readonly size: number;
  /** Public path of the file. */
  readonly url: string;
  /** Public path of the thumbnail (images only). */
  readonly thumbnailUrl: string | null;
  readonly storageKey: string;
  readonly thumbnailKey: string | null;
  readonly width: number | null;
  readonly height: number | null;
  readonly uploaderId: UserId | null;
  readonly alt: string | null;
  readonly createdAt: Date;
}

/** A media item with where it is used (content entries whose JSON mentions its file). */
export interface MediaWithUsage extends MediaItem {
  readonly usedBy: ReadonlyArray<{
    readonly id: ContentId;
    readonly title: string;
    readonly type: ContentType;
  }>;
}

/** Accepted media: images (thumbnailed) and PDF, typed by magic bytes; 10 MB each. */
export const mediaRules = {
  maxBytes: 10 * 1024 * 1024,
  imageTypes: ["image/jpeg", "image/png", "image/webp", "image/gif"] as readonly string[],
  documentTypes: ["application/pdf"] as readonly string[],
  thumbnailWidth: 320,
} as const;

export interface ContactMessage {
  readonly id: number;
  readonly fullName: string;
  readonly email: string;
  readonly subject: string;
  readonly message: string;
  readonly userId: UserId | null;
  readonly createdAt: Date;
}

export type ContactInput = Pick<ContactMessage, "fullName" | "email" | "subject" | "message">;

/** Lower-case, ASCII letters and digits joined by single hyphens (the DB's slug CHECK). */
export const slugify = (title: string): string =>
  title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 120)
    .replace(/-+$/g, "");

export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
