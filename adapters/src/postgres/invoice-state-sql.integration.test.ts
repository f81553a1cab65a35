/**
 * Pins the SQL mirror of the invoice display state (invoice-state-sql.ts) to core's
 * `displayStateOn` (ADR 0040): generated facts (paid or not, refunds none/part/all, cancelled,
 * disputed, due before/on/after today) give the same state in SQL as in core.
 */
import { displayStateOn } from "@closr/core/invoice";
import { FastCheck as fc } from "effect";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { displayStateSql } from "./invoice-state-sql.ts";
import { createTestDatabase, type TestDatabase } from "./testing.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
}, 120_000);
afterAll(async () => database?.dispose());

const facts = fc.record({
  isPaid: fc.boolean(),
  amountCents: fc.integer({ min: 1, max: 99_999_999 }),
  refunded: fc.constantFrom("none", "part", "all", "over"),
  cancelled: fc.boolean(),
  disputed: fc.boolean(),
  dueOffset: fc.integer({ min: -3, max: 3 }),
  today: fc.date({
    min: new Date("2024-01-01T00:00:00Z"),
    max: new Date("2030-12-31T00:00:00Z"),
    noInvalidDate: true,
  }),
});

describe("invoice display state: the SQL mirror equals core's function", () => {
  it("agrees on 300 generated invoices", async () => {
    await fc.assert(
      fc.asyncProperty(facts, async (f) => {
        const today = f.today.toISOString().slice(0, 10);
        const due = new Date(`${today}T00:00:00Z`);
        due.setUTCDate(due.getUTCDate() + f.dueOffset);
        const dueDate = due.toISOString().slice(0, 10);
        const refundedCents =
          {
            none: 0,
            part: Math.max(0, f.amountCents - 1),
            all: f.amountCents,
            over: f.amountCents + 1,
          }[f.refunded] ?? 0;
        const cancelledAt = f.cancelled ? new Date("2026-01-01T00:00:00Z") : null;
        const expected = displayStateOn(
          {
            isPaid: f.isPaid,
            amountCents: f.amountCents,
            refundedCents,
            cancelledAt,
            disputed: f.disputed,
            dueDate,
          },
          today,
        );
        const state = displayStateSql(
          {
            isPaid: sql<boolean>`${f.isPaid}::boolean`,
            amountCents: sql`${f.amountCents}::bigint`,
            refundedCents: sql`${refundedCents}::bigint`,
            cancelledAt: sql`${cancelledAt?.toISOString() ?? null}::timestamptz`,
            disputed: sql<boolean>`${f.disputed}::boolean`,
            dueDate: sql`${dueDate}::date`,
          },
          today,
        );
        const { rows } = await sql<{ state: string }>`SELECT ${state} AS state`.execute(database.db);
        expect(rows[0]?.state).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });
});
