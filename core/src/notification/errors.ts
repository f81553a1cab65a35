/** The notification context's tagged errors. */
import { Data } from "effect";
import type { NotificationId } from "../shared/ids.ts";

/** No such notification of the caller (another user's id answers the same: 404). */
export class NotificationNotFound extends Data.TaggedError("NotificationNotFound")<{
  readonly id: NotificationId;
}> {}

/** Every tagged error the notification use cases fail with. */
export type NotificationError = NotificationNotFound;
