/** Content tagged errors (mapped to problems in services/api/src/http/problem.ts). */
import { Data } from "effect";
import type { ContentEntry } from "./model.ts";

/** No such entry, or (for non-admins) not published (404). */
export class ContentNotFound extends Data.TaggedError("ContentNotFound")<{ readonly id: number | string }> {}

/** Another entry already has that slug (409). */
export class SlugTaken extends Data.TaggedError("SlugTaken")<{ readonly slug: string }> {}

/** The save was based on an older version than the stored one (409, with the stored entry for a diff). */
export class ContentVersionConflict extends Data.TaggedError("ContentVersionConflict")<{
  readonly expected: number;
  readonly current: ContentEntry;
}> {}

/** Fields that break §5's content form rules (422), each with its message. */
export class InvalidContent extends Data.TaggedError("InvalidContent")<{
  readonly errors: ReadonlyArray<{ readonly field: string; readonly message: string }>;
}> {}

/** Only admins may manage content, media, users and the audit log (403). */
export class AdminOnly extends Data.TaggedError("AdminOnly")<{ readonly action: string }> {}

export class MediaNotFound extends Data.TaggedError("MediaNotFound")<{ readonly id: number | string }> {}

/** A file over 10 MB (413). */
export class MediaTooLarge extends Data.TaggedError("MediaTooLarge")<{ readonly size: number }> {}

/** A file whose sniffed type is not an accepted image or PDF (415). */
export class MediaTypeUnsupported extends Data.TaggedError("MediaTypeUnsupported")<{
  readonly detected: string | null;
}> {}

/** Media still referenced by content cannot be deleted (409). */
export class MediaInUse extends Data.TaggedError("MediaInUse")<{ readonly titles: readonly string[] }> {}

/** No such user (404). */
export class ManagedUserNotFound extends Data.TaggedError("ManagedUserNotFound")<{ readonly id: number }> {}

/** An admin may not suspend or demote themself (409). */
export class CannotChangeOwnAccount extends Data.TaggedError("CannotChangeOwnAccount")<{
  readonly action: string;
}> {}

/** Every tagged error the content context can fail with. */
export type ContentError =
  | ContentNotFound
  | SlugTaken
  | ContentVersionConflict
  | InvalidContent
  | AdminOnly
  | MediaNotFound
  | MediaTooLarge
  | MediaTypeUnsupported
  | MediaInUse
  | ManagedUserNotFound
  | CannotChangeOwnAccount;
