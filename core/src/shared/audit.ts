/** PLACEHOLDER until the lead's seam lands (replaced by main's file at merge). */
import { Context, type Effect } from "effect";

export class AuditLog extends Context.Tag("shared/AuditLog")<
  AuditLog,
  {
    readonly record: (entry: {
      readonly actorUserId: number;
      readonly action: string;
      readonly subjectType: string;
      readonly subjectId: string;
      readonly before: unknown;
      readonly after: unknown;
    }) => Effect.Effect<void>;
  }
>() {}

import { Effect as E, Layer } from "effect";
/** PLACEHOLDER: until the seam lands. */
export const AuditLogPlaceholder = Layer.succeed(AuditLog, { record: () => E.void });
