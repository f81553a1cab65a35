/**
 * Reporting agrees with the ledger (ADR 0040), property-based on PostgreSQL: random sequences of
 * invoices raised (backdated, as the demo seed does), payments, refunds, disputes opened and
 * resolved (released, reduced with a credit note, cancelled, refunded) and roll-up rebuilds at
 * random points. Every change goes through core's invoice machine and is persisted as the product
 * persists it (`persistInvoiceTransition`, `writePaymentRefund`). Then, for every month: the
 * business's /analytics figures (monthly net and the headline's paid and refunded, which read the
 * insights_daily roll-up) = the sum of its Payment History = the agents' /performance earnings
 * (gross, refunded), and the agents' fees and net equal the reference sums to the cent.
 * One database for the file; every run starts from emptied tables.
 */

import { InsightsRepository } from "@closr/core/insights";
import { transitionInvoice } from "@closr/core/invoice";
import { PaymentRepository } from "@closr/core/payment";
import { PayoutRefundRepository } from "@closr/core/payout";
import { AgentProfileId, BusinessProfileId, cents, refundSplit } from "@closr/core/shared";
import { Effect, Either, FastCheck as fc, Layer } from "effect";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PgDatabaseFrom } from "./database-service.ts";
import { InsightsRepositoryPg, refreshInsightsRollup } from "./repositories/insights.ts";
import { findInvoice, persistInvoiceTransition } from "./repositories/invoice.ts";
import { PaymentRepositoryPg } from "./repositories/payment.ts";
import { PayoutRefundRepositoryPg, writePaymentRefund } from "./repositories/payout.ts";
import { createTestDatabase, type TestDatabase } from "./testing.ts";

const RUNS = 200;
/** The months the runs use (Sydney), and the instant each day starts at (UTC noon: the same Sydney date). */
const MONTHS = ["2026-08", "2026-09", "2026-10", "2026-11"];
const dayAt = (day: number) => new Date(Date.UTC(2026, 7, 1 + day, 2, 0, 0));
const sydneyMonth = (d: Date) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Australia/Sydney", year: "numeric", month: "2-digit" })
    .format(d)
    .slice(0, 7);

let database: TestDatabase;
let layer: Layer.Layer<InsightsRepository | PaymentRepository | PayoutRefundRepository>;
const run = <A>(
  effect: Effect.Effect<A, never, InsightsRepository | PaymentRepository | PayoutRefundRepository>,
) => Effect.runPromise(Effect.provide(effect, layer));
let businessUserId = 0;
let businessId = 0;
const agents: { id: number; partnershipId: number }[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  layer = Layer.mergeAll(InsightsRepositoryPg, PaymentRepositoryPg, PayoutRefundRepositoryPg).pipe(
    Layer.provide(PgDatabaseFrom(db)),
  ) as typeof layer;
  const user = async (type: "business" | "agent", n: number) =>
    (
      await db
        .insertInto("users")
        .values({
          email: `${type}${n}@example.com`,
          username: `${type}${n}`,
          passwordHash: "x",
          userType: type,
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  businessUserId = await user("business", 0);
  businessId = (
    await db
      .insertInto("businessProfiles")
      .values({
        userId: businessUserId,
        companyName: "Ledger Co",
        industry: "technology",
        size: "small",
        location: "sydney",
      })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
  for (const n of [1, 2]) {
    const agentId = (
      await db
        .insertInto("agentProfiles")
        .values({
          userId: await user("agent", n),
          fullName: `Agent ${n}`,
          specialization: "B2B Sales",
          yearsOfExperience: 3,
          location: "sydney",
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    const p = await sql<{ id: number }>`
      INSERT INTO partnerships (business_id, agent_id, status, requested_by, commission_rate, start_date)
      VALUES (${businessId}, ${agentId}, 'active', 'agent', 10, '2026-01-01') RETURNING id`.execute(db);
    agents.push({ id: agentId, partnershipId: p.rows[0]!.id });
  }
}, 120_000);
afterAll(async () => database?.dispose());

type Command =
  | { kind: "raise"; agent: number; subtotal: number; gst: boolean; day: number; dueIn: number }
  | { kind: "pay"; invoice: number; after: number }
  | { kind: "refund"; invoice: number; share: number }
  | { kind: "open"; invoice: number }
  | {
      kind: "resolve";
      invoice: number;
      how: "released" | "reduced" | "cancelled" | "refunded";
      share: number;
    }
  | { kind: "rebuild"; day: number };

const idx = fc.integer({ min: 0, max: 7 });
const share = fc.integer({ min: 1, max: 1000 });
const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("raise" as const),
      agent: fc.integer({ min: 0, max: 1 }),
      subtotal: fc.integer({ min: 1, max: 2_000_000 }),
      gst: fc.boolean(),
      day: fc.integer({ min: 0, max: 110 }),
      dueIn: fc.integer({ min: 0, max: 30 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("pay" as const),
      invoice: idx,
      after: fc.integer({ min: 0, max: 20 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("refund" as const), invoice: idx, share }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("open" as const), invoice: idx }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("resolve" as const),
      invoice: idx,
      how: fc.constantFrom(
        "released" as const,
        "reduced" as const,
        "cancelled" as const,
        "refunded" as const,
      ),
      share,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant("rebuild" as const), day: fc.integer({ min: 0, max: 120 }) }),
  },
);

/** Reference sums per Sydney month (by the month the invoice was paid), cents. */
type Sums = { gross: number; refunded: number; fee: number };

async function apply(c: Command, invoices: number[], expected: Map<string, Sums>, paidAt: Map<number, Date>) {
  const db = database.db;
  if (c.kind === "rebuild") {
    await refreshInsightsRollup(db, dayAt(c.day).toISOString().slice(0, 10));
    return;
  }
  if (c.kind === "raise") {
    const agent = agents[c.agent]!;
    const gst = c.gst ? Math.floor((c.subtotal + 5) / 10) : 0;
    const created = dayAt(c.day);
    const due = dayAt(c.day + c.dueIn)
      .toISOString()
      .slice(0, 10);
    const { id } = await db
      .insertInto("invoices")
      .values({
        partnershipId: agent.partnershipId,
        businessId,
        agentId: agent.id,
        amountCents: cents(c.subtotal + gst),
        subtotalCents: cents(c.subtotal),
        gstCents: gst,
        platformFeeCents: Math.floor(c.subtotal / 20),
        agentAbn: null,
        gstRegistered: c.gst,
        description: "Ledger property run",
        dueDate: due,
        createdAt: created,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    invoices.push(id);
    return;
  }
  const id = invoices[c.invoice % Math.max(invoices.length, 1)];
  if (id === undefined) return;
  await db.transaction().execute(async (trx) => {
    await trx.selectFrom("invoices").select("id").where("id", "=", id).forUpdate().execute();
    const invoice = await findInvoice(trx, id);
    if (!invoice) throw new Error("gone");
    const payment = await trx
      .selectFrom("payments")
      .select(["id", "amountCents", "applicationFeeCents", "refundedCents"])
      .where("invoiceId", "=", id)
      .where("status", "in", ["completed", "refunded"])
      .executeTakeFirst();
    const month = paidAt.has(id) ? sydneyMonth(paidAt.get(id)!) : "";
    const sums = expected.get(month) ?? { gross: 0, refunded: 0, fee: 0 };
    const refund = async (refundCents: number, event: Parameters<typeof transitionInvoice>[1]) => {
      if (!payment) return;
      const next = transitionInvoice(invoice, event);
      if (Either.isLeft(next)) return;
      const split = refundSplit({
        amountCents: Number(payment.amountCents),
        feeCents: Number(payment.applicationFeeCents),
        gstCents: invoice.gstCents,
        refundedSoFarCents: Number(payment.refundedCents),
        refundCents,
      });
      const written = await writePaymentRefund(
        trx,
        {
          paymentId: payment.id,
          refundedBefore: Number(payment.refundedCents),
          split,
          gatewayRefundId: null,
          reason: "property run",
          actorUserId: businessUserId,
        },
        { withinAmount: true },
      );
      if (!written) throw new Error("refund not written");
      if (event.type === "DisputeResolved") {
        await trx
          .updateTable("disputes")
          .set({ state: "resolved" })
          .where("invoiceId", "=", id)
          .where("state", "=", "open")
          .execute();
        await persistInvoiceTransition(trx, next.right);
      }
      expected.set(month, {
        gross: sums.gross,
        refunded: sums.refunded + refundCents,
        fee: sums.fee - split.feeRefundCents,
      });
    };
    const left = invoice.amountCents - invoice.refundedCents;
    const part = (of: number, s: number) => Math.max(1, Math.floor((of * s) / 1000));
    switch (c.kind) {
      case "pay": {
        const at = new Date(Math.max(invoice.createdAt.getTime(), dayAt(0).getTime()) + c.after * 86_400_000);
        const next = transitionInvoice(invoice, {
          type: "PaymentCompleted",
          amountCents: invoice.amountCents,
          at,
        });
        if (Either.isLeft(next)) return;
        await trx
          .insertInto("payments")
          .values({
            invoiceId: id,
            businessId,
            agentId: invoice.agentId,
            amountCents: invoice.amountCents,
            status: "completed",
            paymentIntentId: `pi_ledger_${id}`,
            applicationFeeCents: invoice.platformFeeCents,
            createdAt: at,
            updatedAt: at,
          })
          .execute();
        await persistInvoiceTransition(trx, next.right);
        paidAt.set(id, at);
        const m = sydneyMonth(at);
        const s = expected.get(m) ?? { gross: 0, refunded: 0, fee: 0 };
        expected.set(m, {
          gross: s.gross + invoice.amountCents,
          refunded: s.refunded,
          fee: s.fee + invoice.platformFeeCents,
        });
        return;
      }
      case "refund":
        return refund(part(left, c.share), {
          type: "RefundRecorded",
          refundCents: cents(part(left, c.share)),
          at: new Date(),
        });
      case "open": {
        const next = transitionInvoice(invoice, { type: "DisputeOpened", at: new Date() });
        if (Either.isLeft(next)) return;
        await trx
          .insertInto("disputes")
          .values({
            invoiceId: id,
            openedBy: businessUserId,
            opener: "business",
            reason: "amount_not_owed",
            description: "property run",
            invoicePaid: invoice.isPaid,
            invoiceAmountCents: invoice.amountCents,
            state: "open",
            offerBy: "business",
            offerAmountCents: 0,
          })
          .execute();
        return;
      }
      case "resolve": {
        const at = new Date();
        if (c.how === "refunded") {
          const r = cents(part(left, c.share));
          return refund(r, { type: "DisputeResolved", resolution: { kind: "refunded", refundCents: r }, at });
        }
        const resolution =
          c.how === "reduced"
            ? {
                kind: "reduced" as const,
                split: refundSplit({
                  amountCents: invoice.amountCents,
                  feeCents: invoice.platformFeeCents,
                  gstCents: invoice.gstCents,
                  refundedSoFarCents: 0,
                  refundCents: Math.min(
                    part(invoice.amountCents, c.share),
                    Math.max(invoice.amountCents - 1, 1),
                  ),
                }),
              }
            : { kind: c.how };
        const next = transitionInvoice(invoice, { type: "DisputeResolved", resolution, at });
        if (Either.isLeft(next)) return;
        await trx
          .updateTable("disputes")
          .set({ state: "resolved" })
          .where("invoiceId", "=", id)
          .where("state", "=", "open")
          .execute();
        await persistInvoiceTransition(trx, next.right);
        return;
      }
    }
  });
}

describe("reports agree with the ledger (PostgreSQL, property-based)", () => {
  it(`analytics = payment history = performance, per month, over ${RUNS} random histories`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 16 }), async (commands) => {
        // DELETE, not TRUNCATE: a few rows per run, and TRUNCATE's file work dominated the run time.
        for (const table of [
          "payout_refunds",
          "disputes",
          "payments",
          "invoices",
          "insights_daily",
          "insights_rollup_state",
        ])
          await sql`DELETE FROM ${sql.table(table)}`.execute(database.db);
        const invoices: number[] = [];
        const expected = new Map<string, Sums>();
        const paidAt = new Map<number, Date>();
        for (const c of commands) await apply(c, invoices, expected, paidAt);

        const range = { from: `${MONTHS[0]}-01`, to: "2026-12-31" };
        const business = BusinessProfileId.make(businessId);
        const analytics = await run(
          InsightsRepository.pipe(Effect.flatMap((r) => r.businessMonths(business, range))),
        );
        const history = await run(
          PaymentRepository.pipe(
            Effect.flatMap((r) => r.listFor("business", business, { page: 1, pageSize: 100 })),
          ),
        );
        const earnings = (
          await Promise.all(
            agents.map((a) =>
              run(
                PayoutRefundRepository.pipe(
                  Effect.flatMap((r) =>
                    r.earningsPerMonth(
                      AgentProfileId.make(a.id),
                      new Date("2027-06-01T00:00:00Z"),
                      undefined,
                    ),
                  ),
                ),
              ),
            ),
          )
        ).flat();
        for (const month of [...MONTHS, "2026-12"]) {
          const want = expected.get(month) ?? { gross: 0, refunded: 0, fee: 0 };
          const [y, m] = month.split("-").map(Number) as [number, number];
          const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
          const monthRange = { from: `${month}-01`, to: `${month}-${String(last).padStart(2, "0")}` };
          const headline = await run(
            InsightsRepository.pipe(
              Effect.flatMap((r) => r.businessHeadline(business, monthRange, "2027-01-01")),
            ),
          );
          const paidHere = history.items.filter(
            (p) =>
              (p.status === "completed" || p.status === "refunded") && sydneyMonth(p.createdAt) === month,
          );
          const historyGross = paidHere.reduce((s, p) => s + p.amountCents, 0);
          const historyRefunded = paidHere.reduce((s, p) => s + p.refundedCents, 0);
          const perf = earnings.filter((e) => e.month === month);
          const perfGross = perf.reduce((s, e) => s + e.paidCents, 0);
          const perfRefunded = perf.reduce((s, e) => s + e.refundedCents, 0);
          const perfFee = perf.reduce((s, e) => s + e.platformFeesCents, 0);
          const perfNet = perf.reduce((s, e) => s + e.netCents, 0);
          const net = want.gross - want.refunded;
          expect({
            month,
            analyticsNet: analytics.find((a) => a.month === month)?.netPaidCents ?? 0,
            headlinePaid: headline.paidCents,
            headlineRefunded: headline.refundedCents,
            historyGross,
            historyRefunded,
            perfGross,
            perfRefunded,
            perfFee,
            perfNet,
          }).toEqual({
            month,
            analyticsNet: net,
            headlinePaid: want.gross,
            headlineRefunded: want.refunded,
            historyGross: want.gross,
            historyRefunded: want.refunded,
            perfGross: want.gross,
            perfRefunded: want.refunded,
            perfFee: want.fee,
            perfNet: net - want.fee,
          });
        }
        // No cancelled invoice is overdue anywhere: the headline's overdue excludes them.
        const cancelled = await sql<{
          n: number;
        }>`SELECT count(*)::int AS n FROM invoices WHERE cancelled_at IS NOT NULL AND NOT is_paid`.execute(
          database.db,
        );
        const all = await run(
          InsightsRepository.pipe(Effect.flatMap((r) => r.businessHeadline(business, range, "2027-06-01"))),
        );
        const unpaidLive = await sql<{ c: number; n: number }>`
          SELECT coalesce(sum(amount_cents), 0)::float8 AS c, count(*)::int AS n FROM invoices
          WHERE business_id = ${businessId} AND NOT is_paid AND cancelled_at IS NULL
            AND NOT EXISTS (SELECT 1 FROM disputes d WHERE d.invoice_id = invoices.id AND d.state = 'open')`.execute(
          database.db,
        );
        expect(all.overdueCount).toBe(unpaidLive.rows[0]!.n);
        expect(all.overdueCents).toBe(unpaidLive.rows[0]!.c);
        expect(cancelled.rows[0]!.n).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: RUNS },
    );
  }, 600_000);
});
