/** Messaging's tagged errors (mapped to problems in services/api/src/http/problem.ts). */
import { Data } from "effect";

/** Empty, whitespace-only or over-long content (422 on field content; spec §5). */
export class InvalidMessageContent extends Data.TaggedError("InvalidMessageContent")<{
  readonly message: string;
}> {}

/** The receiver is the sender (422 on field receiverId). */
export class CannotMessageSelf extends Data.TaggedError("CannotMessageSelf")<Record<never, never>> {}

/** No user with that id: the receiver of a message, or the counterpart of a conversation (404). */
export class MessageUserNotFound extends Data.TaggedError("MessageUserNotFound")<{
  /** The request field that named the user: receiverId or with. */
  readonly field: string;
}> {}

/** Every tagged error the messaging context fails with (the service maps each to a problem). */
export type MessagingError = InvalidMessageContent | CannotMessageSelf | MessageUserNotFound;
