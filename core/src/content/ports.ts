/**
 * Content ports. Infrastructure failures are defects; the error channel holds domain errors.
 * Adapters: adapters/src/postgres/repositories/content.ts (repositories), adapters/src/content
 * (Markdown rendering with marked + sanitize-html, thumbnails with sharp).
 */
import { Context, type Effect, type Option } from "effect";
import type { UserRole } from "../identity/index.ts";
import type { UserId } from "../shared/ids.ts";
import type { Paging, SearchPaging } from "../shared/paging.ts";
import type { ContentVersionConflict, SlugTaken } from "./errors.ts";
import type {
  ContactInput,
  ContactMessage,
  ContentEntry,
  ContentId,
  ContentInput,
  ContentQuery,
  ContentType,
  MediaId,
  MediaItem,
  MediaWithUsage,
  Page,
} from "./model.ts";

export class ContentRepository extends Context.Tag("content/ContentRepository")<
  ContentRepository,
  {
    /** Newest first (featured first for published-only reads). */
    readonly list: (query: ContentQuery) => Effect.Effect<Page<ContentEntry>>;
    readonly findById: (id: ContentId) => Effect.Effect<Option.Option<ContentEntry>>;
    /** Inserts at version 1; SlugTaken on a clash (also under races, by the unique index). */
    readonly insert: (
      input: ContentInput,
      authorId: UserId,
      now: Date,
    ) => Effect.Effect<ContentEntry, SlugTaken>;
    /**
     * Updates when the stored version is `expectedVersion` (one statement), bumping it; none when
     * the entry does not exist; ContentVersionConflict (with the stored entry) when it moved on.
     */
    readonly update: (
      id: ContentId,
      expectedVersion: number,
      input: ContentInput,
      editorId: UserId,
      now: Date,
    ) => Effect.Effect<Option.Option<ContentEntry>, SlugTaken | ContentVersionConflict>;
    /** Deletes; the deleted entry, or none. */
    readonly remove: (id: ContentId) => Effect.Effect<Option.Option<ContentEntry>>;
    /** Entries per type (all, and published). */
    readonly countByType: () => Effect.Effect<
      Readonly<Record<ContentType, { readonly total: number; readonly published: number }>>
    >;
  }
>() {}

export interface NewMedia {
  readonly filename: string;
  readonly originalFilename: string;
  readonly mimeType: string;
  readonly size: number;
  readonly storageKey: string;
  readonly thumbnailKey: string | null;
  readonly width: number | null;
  readonly height: number | null;
  readonly uploaderId: UserId;
  readonly alt: string | null;
}

export class MediaRepository extends Context.Tag("content/MediaRepository")<
  MediaRepository,
  {
    readonly insert: (media: NewMedia) => Effect.Effect<MediaItem>;
    /** Newest first, each with its usage; `search` matches the original file name or alt text. */
    readonly list: (query: SearchPaging) => Effect.Effect<Page<MediaWithUsage>>;
    readonly findById: (id: MediaId) => Effect.Effect<Option.Option<MediaWithUsage>>;
    readonly findByFilename: (filename: string) => Effect.Effect<Option.Option<MediaItem>>;
    readonly setAlt: (id: MediaId, alt: string | null) => Effect.Effect<Option.Option<MediaItem>>;
    readonly remove: (id: MediaId) => Effect.Effect<void>;
  }
>() {}

export class ContactRepository extends Context.Tag("content/ContactRepository")<
  ContactRepository,
  {
    readonly insert: (message: ContactInput, userId: UserId | null) => Effect.Effect<ContactMessage>;
    /** Newest first. */
    readonly list: (page: number, pageSize: number) => Effect.Effect<Page<ContactMessage>>;
  }
>() {}

/** Newsletter sign-ups with double opt-in: stored unconfirmed, confirmed by the emailed link. */
export class NewsletterRepository extends Context.Tag("content/NewsletterRepository")<
  NewsletterRepository,
  {
    /** Stores (or replaces the token of) an unconfirmed sign-up; false when already confirmed. */
    readonly subscribe: (email: string, tokenHash: string) => Effect.Effect<boolean>;
    /** Confirms the sign-up with that token hash; its email, or none. */
    readonly confirm: (tokenHash: string, now: Date) => Effect.Effect<Option.Option<string>>;
  }
>() {}

/** A user as the admin app manages them. */
export interface ManagedUser {
  readonly id: UserId;
  readonly email: string;
  readonly username: string;
  readonly userType: "business" | "agent";
  readonly role: UserRole;
  readonly verificationStatus: "unverified" | "pending" | "verified";
  readonly suspendedAt: Date | null;
  readonly createdAt: Date;
}

export class UserAdministration extends Context.Tag("content/UserAdministration")<
  UserAdministration,
  {
    /** Live (not deleted) users, newest first; `search` matches username or email. */
    readonly list: (query: SearchPaging) => Effect.Effect<Page<ManagedUser>>;
    readonly findById: (id: UserId) => Effect.Effect<Option.Option<ManagedUser>>;
    /** Sets or clears suspended_at. */
    readonly setSuspended: (id: UserId, at: Date | null) => Effect.Effect<Option.Option<ManagedUser>>;
    readonly setRole: (id: UserId, role: UserRole) => Effect.Effect<Option.Option<ManagedUser>>;
    /** Dashboard counts: live users, open verification requests, contact messages, media items, audit entries. */
    readonly stats: () => Effect.Effect<{
      readonly users: number;
      readonly openVerifications: number;
      readonly contactMessages: number;
      readonly media: number;
      readonly auditEntries: number;
    }>;
  }
>() {}

/** Markdown → HTML with nothing executable left (marked + sanitize-html in the adapter). */
export class MarkdownRenderer extends Context.Tag("content/MarkdownRenderer")<
  MarkdownRenderer,
  { readonly render: (markdown: string) => string }
>() {}

/** Image work for the media library (sharp in the adapter). */
export class ImageProcessor extends Context.Tag("content/ImageProcessor")<
  ImageProcessor,
  {
    /** A WebP thumbnail `width` px wide and the original's size; none when the bytes do not decode. */
    readonly thumbnail: (
      bytes: Uint8Array,
      width: number,
    ) => Effect.Effect<
      Option.Option<{
        readonly bytes: Uint8Array;
        readonly contentType: string;
        readonly width: number;
        readonly height: number;
      }>
    >;
  }
>() {}

/** Where the contact form is delivered (config SUPPORT_EMAIL). */
export class SiteContacts extends Context.Tag("content/SiteContacts")<
  SiteContacts,
  { readonly supportEmail: string }
>() {}

/** One audit log entry as the admin app reads it (the writing side is shared/AuditLog). */
export interface AuditRecord {
  readonly id: number;
  readonly actorUserId: UserId | null;
  /** The actor's username (null once the user is gone). */
  readonly actorUsername: string | null;
  readonly action: string;
  readonly subjectType: string;
  readonly subjectId: string;
  readonly before: unknown;
  readonly after: unknown;
  readonly createdAt: Date;
}

export interface AuditQuery extends Paging {
  /** Exact action ("user.suspended") or a prefix ending in "." ("content."). */
  readonly action?: string | undefined;
  readonly subjectType?: string | undefined;
  readonly subjectId?: string | undefined;
  /** The actor's username (case-insensitive). */
  readonly actor?: string | undefined;
}

/** The reading side of the audit log (admin app), newest first. */
export class AuditTrail extends Context.Tag("content/AuditTrail")<
  AuditTrail,
  { readonly list: (query: AuditQuery) => Effect.Effect<Page<AuditRecord>> }
>() {}
