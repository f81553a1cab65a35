/**
 * The commission ledger on PostgreSQL (issue 43 part B, Done when): for random histories of
 * confirmed sales, refunds, amended terms, releases, invoices and payments, run through core's use
 * cases on CommissionLedgerPg, every month's statement (SQL aggregates) equals the statement core
 * computes from the stored lines, the statements' totals equal the ledger, and what they call paid
 * equals the payment history (the paid invoices), to the cent. One database for the file; every
 * run starts from emptied ledger tables.
 */

import {
  CommissionLedger,
  markLinesPaid,
  monthOf,
  recordConfirmedSale,
  recordRefund,
  releasePayableLines,
  type SaleKind,
  statementFrom,
  takeLinesOnInvoice,
} from "@closr/core/commission";
import { aTerms } from "@closr/core/commission/testing";
import { cents, InvoiceId, makeTestClock, PartnershipId, type UnitOfWork } from "@closr/core/shared";
import { shiftCalendarDate } from "@closr/format";
import { Effect, Either, FastCheck as fc, Layer, ManagedRuntime } from "effect";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PgDatabaseFrom } from "../database-service.ts";
import { createTestDatabase, type TestDatabase } from "../testing.ts";
import { UnitOfWorkPg } from "../transaction-scope.ts";
import { CommissionLedgerPg } from "./commission-ledger.ts";

const RUNS = 25;
let database: TestDatabase;
let partnershipId = PartnershipId.make(1);
let businessId = 0;
let agentId = 0;
let agreementId = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const user = async (type: "business" | "agent") =>
    (
      await db
        .insertInto("users")
        .values({ email: `${type}@example.com`, username: type, passwordHash: "x", userType: type })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  businessId = (
    await db
      .insertInto("businessProfiles")
      .values({
        userId: await user("business"),
        companyName: "Harbour Tech",
        industry: "technology",
        size: "small",
        location: "sydney",
      })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
  agentId = (
    await db
      .insertInto("agentProfiles")
      .values({
        userId: await user("agent"),
        fullName: "Mia Chen",
        specialization: "B2B Sales",
        yearsOfExperience: 3,
        location: "sydney",
      })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
  const p = await sql<{ id: number }>`
    INSERT INTO partnerships (business_id, agent_id, status, requested_by, commission_rate, start_date)
    VALUES (${businessId}, ${agentId}, 'active', 'agent', 10, '2027-01-01') RETURNING id`.execute(db);
  partnershipId = PartnershipId.make(p.rows[0]!.id);
  const a = await sql<{
    id: number;
  }>`INSERT INTO agreements (partnership_id, stage) VALUES (${partnershipId}, 'signed') RETURNING id`.execute(
    db,
  );
  agreementId = a.rows[0]!.id;
}, 120_000);
afterAll(async () => database?.dispose());

const rate = fc.integer({ min: 0, max: 3000 }).map((bp) => bp / 100);
const model = fc.oneof(
  rate.map((r) => ({ type: "straight" as const, rate: r })),
  fc
    .record({ baseCents: fc.integer({ min: 0, max: 100_000 }), rate })
    .map((m) => ({ type: "base_plus" as const, ...m })),
  fc.tuple(rate, rate, fc.integer({ min: 1, max: 3_000_000 })).map(([r1, r2, at]) => ({
    type: "tiered" as const,
    tiers: [
      { fromCents: 0, rate: r1 },
      { fromCents: at, rate: r2 },
    ],
  })),
  fc
    .record({ rate, months: fc.integer({ min: 1, max: 6 }) })
    .map((m) => ({ type: "residual" as const, ...m })),
);
const terms = fc
  .record({
    model,
    holdingPeriodDays: fc.integer({ min: 0, max: 30 }),
    clawbackWindowDays: fc.integer({ min: 0, max: 90 }),
    tierPeriod: fc.constantFrom<"month" | "year">("month", "year"),
  })
  .map(({ model: m, ...ledger }) => aTerms(m, ledger));
type Step =
  | { type: "sale"; amountCents: number; kind: SaleKind; advance: number }
  | { type: "refund"; pick: number; refundCents: number }
  | { type: "amend"; terms: ReturnType<typeof aTerms> }
  | { type: "invoice"; advance: number }
  | { type: "pay"; advance: number };
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      type: fc.constant("sale" as const),
      amountCents: fc.integer({ min: 1, max: 1_500_000 }),
      kind: fc.constantFrom<SaleKind>("one_off", "recurring_monthly"),
      advance: fc.integer({ min: 0, max: 15 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant("refund" as const),
      pick: fc.nat(),
      refundCents: fc.integer({ min: 1, max: 1_500_000 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant("amend" as const), terms }) },
  {
    weight: 2,
    arbitrary: fc.record({ type: fc.constant("invoice" as const), advance: fc.integer({ min: 0, max: 20 }) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ type: fc.constant("pay" as const), advance: fc.integer({ min: 0, max: 10 }) }),
  },
);

describe("commission ledger on PostgreSQL", () => {
  it("for random histories every statement = the ledger = the payment history, to the cent", async () => {
    await fc.assert(
      fc.asyncProperty(terms, fc.array(step, { maxLength: 25 }), async (first, steps) => {
        const db = database.db;
        await sql`TRUNCATE commission_lines, commission_sales, sales, agreement_versions RESTART IDENTITY CASCADE`.execute(
          db,
        );
        await sql`DELETE FROM invoices`.execute(db);
        const clock = makeTestClock(new Date("2027-01-01T01:00:00Z"));
        const runtime = ManagedRuntime.make(
          Layer.mergeAll(CommissionLedgerPg, UnitOfWorkPg, clock.layer).pipe(
            Layer.provide(PgDatabaseFrom(db)),
          ),
        );
        let today = "2027-01-01";
        const advance = (days: number) => {
          today = shiftCalendarDate(today, { days });
          clock.set(new Date(`${today}T01:00:00Z`));
        };
        let version = 0;
        const sign = async (t: ReturnType<typeof aTerms>) => {
          version++;
          await sql`UPDATE agreement_versions SET status = 'superseded' WHERE agreement_id = ${agreementId} AND status = 'signed'`.execute(
            db,
          );
          await sql`INSERT INTO agreement_versions (agreement_id, number, terms, proposed_by, proposed_by_user, status, document, document_sha256, signed_at)
            VALUES (${agreementId}, ${version}, ${JSON.stringify(t)}::jsonb, 'business', 1, 'signed', '{}'::jsonb, ${"a".repeat(64)}, ${new Date(`${today}T01:00:00Z`)})`.execute(
            db,
          );
        };
        await sign(first);
        const sales: number[] = [];
        const invoices: { id: number; netCents: number; paid: boolean }[] = [];
        const exec = <A, E>(
          e: Effect.Effect<A, E, CommissionLedger | UnitOfWork | import("@closr/core/shared").Clock>,
        ) => runtime.runPromise(Effect.either(e));
        try {
          for (const s of steps) {
            if (s.type === "amend") {
              advance(1);
              await sign(s.terms);
            } else if (s.type === "sale") {
              advance(s.advance);
              // The ledger's sales reference the deal context's (migration 2026-12-03-43).
              const saleId = (
                await sql<{
                  id: number;
                }>`INSERT INTO sales (partnership_id, amount_cents, sale_date, kind, state, reported_by, source)
                  VALUES (${partnershipId}, ${s.amountCents}, ${today}::date, ${s.kind}, 'confirmed', 'business', 'form')
                  RETURNING id`.execute(db)
              ).rows[0]!.id;
              const r = await exec(
                recordConfirmedSale({
                  saleId,
                  partnershipId,
                  amountCents: cents(s.amountCents),
                  saleDate: today,
                  kind: s.kind,
                }),
              );
              expect(Either.isRight(r)).toBe(true);
              sales.push(saleId);
            } else if (s.type === "refund" && sales.length) {
              const saleId = sales[s.pick % sales.length]!;
              await exec(
                recordRefund({ saleId, partnershipId, refundCents: cents(s.refundCents), refundDate: today }),
              );
            } else if (s.type === "invoice") {
              advance(s.advance);
              await exec(releasePayableLines());
              const payable = await exec(
                Effect.flatMap(CommissionLedger, (l) =>
                  l.lines(partnershipId, { page: 1, pageSize: 100, states: ["payable"] }),
                ),
              );
              if (Either.isLeft(payable) || payable.right.total > 100) continue;
              const net = payable.right.items.reduce((sum, l) => sum + l.amountCents, 0);
              if (net <= 0) continue;
              const inv = await db
                .insertInto("invoices")
                .values({
                  partnershipId,
                  businessId,
                  agentId,
                  amountCents: cents(net),
                  subtotalCents: cents(net),
                  gstCents: 0,
                  platformFeeCents: 0,
                  agentAbn: null,
                  gstRegistered: false,
                  description: "Commission statement",
                  dueDate: today,
                })
                .returning("id")
                .executeTakeFirstOrThrow();
              const taken = await exec(takeLinesOnInvoice(payable.right.items, InvoiceId.make(inv.id)));
              expect(Either.isRight(taken)).toBe(true);
              invoices.push({ id: inv.id, netCents: net, paid: false });
            } else if (s.type === "pay") {
              const open = invoices.find((i) => !i.paid);
              if (!open) continue;
              advance(s.advance);
              await sql`UPDATE invoices SET is_paid = true, paid_at = ${new Date(`${today}T01:00:00Z`)} WHERE id = ${open.id}`.execute(
                db,
              );
              await exec(markLinesPaid(InvoiceId.make(open.id), new Date(`${today}T01:00:00Z`)));
              open.paid = true;
            }
          }
          const all = await exec(
            Effect.flatMap(CommissionLedger, (l) => l.lines(partnershipId, { page: 1, pageSize: 100_000 })),
          );
          const lines = Either.getOrThrow(all).items;
          const ledgerSales = (
            await sql<{
              saleDate: string;
              amountCents: string;
            }>`SELECT sale_date::text AS "saleDate", amount_cents AS "amountCents" FROM commission_sales`.execute(
              db,
            )
          ).rows.map((r) => ({ saleDate: r.saleDate, amountCents: cents(Number(r.amountCents)) }));
          const months = [
            ...new Set([
              ...lines.map((l) => monthOf(l.earnedOn)),
              ...lines.flatMap((l) => (l.paidOn ? [monthOf(l.paidOn)] : [])),
            ]),
          ].sort();
          let earned = 0;
          let paid = 0;
          for (const month of months) {
            const statement = Either.getOrThrow(
              await exec(Effect.flatMap(CommissionLedger, (l) => l.statement(partnershipId, month))),
            );
            expect(statement).toEqual(statementFrom(partnershipId, month, lines, ledgerSales));
            earned += statement.earnedCents;
            paid += statement.paidCents;
          }
          const paidHistory = await sql<{
            total: string | null;
          }>`SELECT sum(subtotal_cents) AS total FROM invoices WHERE is_paid`.execute(db);
          expect(paid).toBe(Number(paidHistory.rows[0]?.total ?? 0));
          expect(paid).toBe(lines.filter((l) => l.state === "paid").reduce((s, l) => s + l.amountCents, 0));
          expect(earned).toBe(
            lines.filter((l) => l.earnedOn <= "9999").reduce((s, l) => s + l.amountCents, 0),
          );
        } finally {
          await runtime.dispose();
        }
      }),
      { numRuns: RUNS },
    );
  }, 600_000);
});
