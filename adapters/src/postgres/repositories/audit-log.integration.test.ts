import { AuditLog, UserId } from "@closr/core/shared";
import { Effect, Layer } from "effect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PgDatabaseFrom } from "../database-service.ts";
import { createTestDatabase, type TestDatabase } from "../testing.ts";
import { AuditLogPg } from "./audit-log.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

describe("AuditLogPg", () => {
  it("stores who did what to which object, with before/after snapshots, and keeps entries when the actor is deleted", async () => {
    const staff = await database.db
      .insertInto("users")
      .values({ email: "staff@example.com", username: "staff", passwordHash: "x", userType: "business" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const layer = AuditLogPg.pipe(Layer.provide(PgDatabaseFrom(database.db)));
    await Effect.runPromise(
      Effect.gen(function* () {
        const log = yield* AuditLog;
        yield* log.record({
          actorUserId: UserId.make(staff.id),
          action: "payment.refunded",
          subjectType: "payment",
          subjectId: "42",
          before: { refundedCents: 0 },
          after: { refundedCents: 5_000 },
        });
        yield* log.record({
          actorUserId: UserId.make(staff.id),
          action: "user.suspended",
          subjectType: "user",
          subjectId: "7",
        });
      }).pipe(Effect.provide(layer)),
    );
    const rows = await database.db.selectFrom("auditLog").selectAll().orderBy("id").execute();
    expect(rows.map((r) => [r.actorUserId, r.action, r.subjectType, r.subjectId])).toEqual([
      [staff.id, "payment.refunded", "payment", "42"],
      [staff.id, "user.suspended", "user", "7"],
    ]);
    expect(rows[0]?.before).toEqual({ refundedCents: 0 });
    expect(rows[0]?.after).toEqual({ refundedCents: 5_000 });
    expect(rows[1]?.before).toBeNull();

    await database.db.deleteFrom("users").where("id", "=", staff.id).execute();
    const kept = await database.db.selectFrom("auditLog").select("actorUserId").execute();
    expect(kept).toEqual([{ actorUserId: null }, { actorUserId: null }]);
  });

  it("stores the fee and refunded columns on payments as zero by default", async () => {
    const columns = await database.db
      .selectFrom("information_schema.columns" as never)
      .select(["column_name" as never, "column_default" as never])
      .where("table_name" as never, "=", "payments" as never)
      .where("column_name" as never, "in", ["application_fee_cents", "refunded_cents"] as never)
      .execute();
    expect(columns).toEqual(
      expect.arrayContaining([
        { columnName: "application_fee_cents", columnDefault: "0" },
        { columnName: "refunded_cents", columnDefault: "0" },
      ]),
    );
    expect(columns).toHaveLength(2);
  });
});
