/** Branded integer ids, so a user id can never be passed where a profile id is expected. */
import { Schema } from "effect";

export const UserId = Schema.Int.pipe(Schema.positive(), Schema.brand("UserId"));
export type UserId = typeof UserId.Type;

export const SessionId = Schema.Int.pipe(Schema.positive(), Schema.brand("SessionId"));
export type SessionId = typeof SessionId.Type;
