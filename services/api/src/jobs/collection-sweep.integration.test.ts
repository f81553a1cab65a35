/**
 * Automatic collection on PostgreSQL with the local gateway (issue 45, ADR 0064): a BECS mandate
 * set up on a partnership; the sweep charges the invoice due today once (a second sweep and a
 * resumed attempt charge nothing more), the debit stays processing until the 2nd business day,
 * then pays the invoice once; a closed account fails, makes the mandate inactive and tells both
 * sides (the emails reach the outbox).
 */
import { MandateGatewayLocal } from "@closr/adapters/local-gateway";
import { runCollectionSweep, setUpMandate } from "@closr/core/collection";
import { UserRepository } from "@closr/core/identity";
import { AgentProfileId, BusinessProfileId, makeTestClock, PartnershipId, UserId } from "@closr/core/shared";
import { Effect, Option } from "effect";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anActivePartnership, aTestParty } from "../testing/parties.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

// Tuesday 1 December 2026, 10:00 in Sydney (AEDT, UTC+11).
const clock = makeTestClock(new Date("2026-11-30T23:00:00Z"));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: clock.layer });
}, 60_000);
afterAll(() => t?.close());

const day = 24 * 60 * 60 * 1000;

async function world(n: number, account: string) {
  const business = await aTestParty(t, "business", {
    username: `collect_biz_${n}`,
    profile: { companyName: `Collect ${n}`, industry: "technology", size: "small", location: "sydney" },
  });
  const agent = await aTestParty(t, "agent", {
    username: `collect_agent_${n}`,
    profile: { fullName: `Ava Agent ${n}`, specialization: "B2B Sales", yearsOfExperience: 4 },
  });
  const partnershipId = await anActivePartnership(t, { business, agent });
  const invoice = await t.database.db
    .insertInto("invoices")
    .values({
      partnershipId,
      businessId: business.profileId,
      agentId: agent.profileId,
      amountCents: 55_000 as never,
      subtotalCents: 55_000 as never,
      description: "Commission, November",
      dueDate: "2026-12-01",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const user = await t.runtime.runPromise(
    Effect.flatMap(UserRepository, (r) => r.findById(UserId.make(business.userId))),
  );
  const mandate = await t.runtime.runPromise(
    setUpMandate(Option.getOrThrow(user), {
      partnershipId: PartnershipId.make(partnershipId),
      businessId: BusinessProfileId.make(business.profileId),
      agentId: AgentProfileId.make(agent.profileId),
      method: "au_becs_debit",
      bsb: "000-000",
      accountNumber: account,
      accountName: `Collect ${n} Pty Ltd`,
      acceptedDirectDebitRequest: true,
      ip: "203.0.113.9",
      userAgent: "vitest",
    }).pipe(Effect.provide(MandateGatewayLocal)),
  );
  return { business, agent, invoiceId: invoice.id, mandate };
}

const paymentsOf = (invoiceId: number) =>
  t.database.db
    .selectFrom("payments")
    .select(["status", "collectionAttempt", "paymentIntentId"])
    .where("invoiceId", "=", invoiceId)
    .execute();
const intentsOf = async (invoiceId: number) =>
  Number(
    (
      await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM local_payment_intents WHERE invoice_id = ${invoiceId}`.execute(
        t.database.db,
      )
    ).rows[0]!.n,
  );

describe("collection sweep on PostgreSQL", () => {
  it("charges a due invoice once, keeps it processing for 2 business days, then pays it once", async () => {
    const w = await world(1, "000123456");
    expect(w.mandate.status).toBe("active");
    const first = await t.runtime.runPromise(runCollectionSweep());
    expect(first.today).toBe("2026-12-01");
    expect(first.charged).toBe(1);
    await t.runtime.runPromise(runCollectionSweep());
    expect(await intentsOf(w.invoiceId)).toBe(1);
    expect((await paymentsOf(w.invoiceId)).map((p) => p.status)).toEqual(["processing"]);
    clock.advance(1 * day); // Wednesday: still clearing
    await t.runtime.runPromise(runCollectionSweep());
    const invoice = () =>
      t.database.db
        .selectFrom("invoices")
        .select(["isPaid"])
        .where("id", "=", w.invoiceId)
        .executeTakeFirstOrThrow();
    expect((await invoice()).isPaid).toBe(false);
    clock.advance(2 * day); // Friday 4 December: cleared on the 2nd business day after the 1st sweep's date
    await t.runtime.runPromise(runCollectionSweep());
    await t.runtime.runPromise(runCollectionSweep());
    expect((await invoice()).isPaid).toBe(true);
    expect((await paymentsOf(w.invoiceId)).map((p) => [p.status, p.collectionAttempt])).toEqual([
      ["completed", 1],
    ]);
    expect(await intentsOf(w.invoiceId)).toBe(1);
  }, 60_000);

  it("a closed account fails the debit, makes the mandate inactive and tells both sides", async () => {
    clock.set(new Date("2026-11-30T23:00:00Z"));
    const w = await world(2, "111111113");
    await t.runtime.runPromise(runCollectionSweep());
    clock.advance(3 * day);
    await t.runtime.runPromise(runCollectionSweep());
    await t.runtime.runPromise(runCollectionSweep());
    expect((await paymentsOf(w.invoiceId)).map((p) => p.status)).toEqual(["failed"]);
    const mandate = await t.database.db
      .selectFrom("paymentMandates")
      .select(["status", "inactiveReason"])
      .where("id", "=", w.mandate.id)
      .executeTakeFirstOrThrow();
    expect(mandate).toEqual({ status: "inactive", inactiveReason: "account_closed" });
    const notices = await t.database.db
      .selectFrom("notifications")
      .select(["kind", "userId"])
      .where("kind", "=", "collection_failed")
      .execute();
    expect(new Set(notices.map((n) => n.userId))).toEqual(new Set([w.business.userId, w.agent.userId]));
    clock.advance(7 * day);
    await t.runtime.runPromise(runCollectionSweep());
    expect(await intentsOf(w.invoiceId)).toBe(1); // no active mandate: no retry
  }, 60_000);
});
