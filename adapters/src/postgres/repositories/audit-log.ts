/** AuditLog on PostgreSQL: one INSERT into the append-only `audit_log` per staff write. */
import { AuditLog } from "@closr/core/shared";
import { Effect, Layer } from "effect";
import { sql } from "kysely";
import { PgDatabase } from "../database-service.ts";
import { joinAmbient } from "../transaction-scope.ts";

/** A snapshot as jsonb (an object, not a JSON string inside jsonb), or null when absent. */
const json = (value: unknown) =>
  value === undefined ? null : sql<string>`cast(${JSON.stringify(value)}::text as jsonb)`;

export const AuditLogPg = Layer.effect(
  AuditLog,
  Effect.map(
    PgDatabase,
    joinAmbient((db) =>
      AuditLog.of({
        record: (entry) =>
          Effect.promise(() =>
            db
              .insertInto("auditLog")
              .values({
                actorUserId: entry.actorUserId,
                action: entry.action,
                subjectType: entry.subjectType,
                subjectId: entry.subjectId,
                before: json(entry.before),
                after: json(entry.after),
              })
              .execute(),
          ),
      }),
    ),
  ),
);
