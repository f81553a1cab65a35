import { InvoiceRepository } from "@closr/core/invoice";
import {
  applyGatewayEvent,
  chooseAttempt,
  deliverLocalGatewayEvents,
  GatewayEventOutbox,
  type GatewayIntent,
  PaymentGateway,
  PaymentMethodRepository,
  PaymentRepository,
} from "@closr/core/payment";
import {
  AgentProfileId,
  BusinessProfileId,
  type Clock,
  ClockLive,
  cents,
  InvoiceId,
  PartnershipId,
  type PaymentId,
} from "@closr/core/shared";
import { Effect, Exit, Layer, Option } from "effect";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalCardNetwork } from "../../local-gateway/local-card-network.ts";
import { PaymentGatewayLocal } from "../../local-gateway/payment-gateway-local.ts";
import type { Db } from "../database.ts";
import { PgDatabaseFrom } from "../database-service.ts";
import { createTestDatabase, type TestDatabase } from "../testing.ts";
import { InvoiceRepositoryPg } from "./invoice.ts";
import { PaymentMethodRepositoryPg, PaymentRepositoryPg } from "./payment.ts";

let database: TestDatabase;
let layer: Layer.Layer<
  | InvoiceRepository
  | PaymentRepository
  | PaymentMethodRepository
  | PaymentGateway
  | GatewayEventOutbox
  | LocalCardNetwork
>;
const run = <A, E>(effect: Effect.Effect<A, E, Layer.Layer.Success<typeof layer> | Clock>) =>
  Effect.runPromise(Effect.provide(effect, Layer.merge(layer, ClockLive)) as Effect.Effect<A>);
const runExit = <A, E>(effect: Effect.Effect<A, E, Layer.Layer.Success<typeof layer> | Clock>) =>
  Effect.runPromiseExit(Effect.provide(effect, Layer.merge(layer, ClockLive)));

let n = 0;
/** A business and an agent with profiles and an active partnership; returns their ids. */
export async function aPartnershipIn(db: Db, status = "active") {
  n++;
  const user = (type: "business" | "agent") =>
    db
      .insertInto("users")
      .values({
        email: `${type}${n}@example.com`,
        username: `${type}${n}`,
        passwordHash: "x",
        userType: type,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
  const bu = await user("business");
  const au = await user("agent");
  const business = await db
    .insertInto("businessProfiles")
    .values({
      userId: bu.id,
      companyName: `Company ${n}`,
      industry: "technology",
      size: "small",
      location: "sydney",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const agent = await db
    .insertInto("agentProfiles")
    .values({
      userId: au.id,
      fullName: `Agent ${n}`,
      specialization: "B2B Sales",
      yearsOfExperience: 3,
      location: "sydney",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const partnership = await sql<{ id: number }>`
    INSERT INTO partnerships (business_id, agent_id, status, requested_by, commission_rate, start_date)
    VALUES (${business.id}, ${agent.id}, ${status}, 'agent', 10, now()) RETURNING id`.execute(db);
  return {
    businessUserId: bu.id,
    agentUserId: au.id,
    businessId: BusinessProfileId.make(business.id),
    agentId: AgentProfileId.make(agent.id),
    partnershipId: partnership.rows[0]!.id,
  };
}

beforeAll(async () => {
  database = await createTestDatabase();
  layer = Layer.mergeAll(
    InvoiceRepositoryPg,
    PaymentRepositoryPg,
    PaymentMethodRepositoryPg,
    PaymentGatewayLocal,
  ).pipe(Layer.provide(PgDatabaseFrom(database.db)));
}, 60_000);
afterAll(() => database?.dispose());

async function anInvoice(amountCents = 15_000) {
  const p = await aPartnershipIn(database.db);
  const invoice = await run(
    Effect.flatMap(InvoiceRepository, (r) =>
      r.insert({
        partnershipId: PartnershipId.make(p.partnershipId),
        businessId: BusinessProfileId.make(p.businessId),
        agentId: AgentProfileId.make(p.agentId),
        amountCents: cents(amountCents),
        subtotalCents: cents(amountCents),
        gstCents: cents(0),
        platformFeeCents: cents(0),
        agentAbn: null,
        gstRegistered: false,
        description: "Lead generation",
        dueDate: "2026-12-31",
      }),
    ),
  );
  return { ...p, invoice };
}

const begin = (invoiceId: InvoiceId) =>
  Effect.flatMap(PaymentRepository, (r) => r.beginAttempt(invoiceId, chooseAttempt));

const createIntent = (invoiceId: InvoiceId, paymentId: PaymentId, attempt: number) =>
  Effect.flatMap(PaymentGateway, (g) =>
    g.createPaymentIntent({
      amountCents: cents(15_000),
      currency: "AUD",
      idempotencyKey: `closr-invoice-${invoiceId}-attempt-${attempt}`,
      invoiceId,
      paymentId,
      description: `Closr invoice #${invoiceId}`,
    }),
  );

const card = (number: string) => ({ number, expMonth: 12, expYear: 2034, cvc: "123" });

describe("invoices", () => {
  it("insert reads back with names, cents and the date; lists per party; money above 2^31 cents", async () => {
    const { invoice, businessId, agentId } = await anInvoice(5_000_000_000);
    expect(invoice).toMatchObject({
      amountCents: cents(5_000_000_000),
      dueDate: "2026-12-31",
      isPaid: false,
      paidAt: null,
      businessName: expect.stringMatching(/^Company/),
      agentName: expect.stringMatching(/^Agent/),
    });
    const forAgent = await run(
      Effect.flatMap(InvoiceRepository, (r) => r.listFor("agent", agentId, { page: 1, pageSize: 10 })),
    );
    const forBusiness = await run(
      Effect.flatMap(InvoiceRepository, (r) => r.listFor("business", businessId, { page: 1, pageSize: 10 })),
    );
    expect(forAgent).toMatchObject({ total: 1, items: [{ id: invoice.id }] });
    expect(forBusiness).toMatchObject({ total: 1, items: [{ id: invoice.id }] });
  });

  it("paid total per Sydney month", async () => {
    const { invoice, agentId } = await anInvoice(12_345);
    // 2026-10-31T13:30Z is 2026-11-01 00:30 in Sydney.
    await database.db
      .updateTable("invoices")
      .set({ isPaid: true, paidAt: "2026-10-31T13:30:00Z" })
      .where("id", "=", invoice.id)
      .execute();
    const total = (month: string) =>
      run(Effect.flatMap(InvoiceRepository, (r) => r.paidTotalForAgent(agentId, month)));
    expect((await total("2026-11")).paidCents).toBe(12_345);
    expect((await total("2026-10")).paidCents).toBe(0);
  });
});

describe("payment attempts and gateway events", () => {
  it("parallel Pay Now on one invoice opens one attempt; the local gateway answers one intent per key", async () => {
    const { invoice } = await anInvoice();
    const attempts = await Promise.all(Array.from({ length: 5 }, () => run(begin(invoice.id))));
    expect(new Set(attempts.map((a) => a.payment.id)).size).toBe(1);
    const intents = await Promise.all(
      attempts.map((a) => run(createIntent(invoice.id, a.payment.id, a.payment.attempt))),
    );
    expect(new Set(intents.map((i) => i.id)).size).toBe(1);
    expect(intents[0]).toMatchObject({
      status: "requires_payment_method",
      amountCents: cents(15_000),
      invoiceId: InvoiceId.make(invoice.id),
    });
  });

  it("4242 pays the invoice once via the outbox; replays and parallel deliveries change nothing", async () => {
    const { invoice } = await anInvoice();
    const { payment } = await run(begin(invoice.id));
    const intent = await run(createIntent(invoice.id, payment.id, payment.attempt));
    await run(Effect.flatMap(PaymentRepository, (r) => r.setPaymentIntent(payment.id, intent.id)));
    const confirmed = await run(
      Effect.flatMap(LocalCardNetwork, (l) =>
        l.confirm(intent.id, intent.clientSecret, card("4242 4242 4242 4242")),
      ),
    );
    expect(confirmed).toMatchObject({
      status: "succeeded",
      latestChargeId: expect.stringMatching(/^ch_local_/),
    });
    const events = await run(Effect.flatMap(GatewayEventOutbox, (o) => o.undeliveredEvents));
    const mine = events.filter((e) => e.intent.id === intent.id);
    expect(mine.map((e) => e.type)).toEqual(["payment_intent.processing", "payment_intent.succeeded"]);
    // Deliver each event three times in parallel (a replayed webhook racing the original).
    for (const event of mine) await Promise.all([1, 2, 3].map(() => run(applyGatewayEvent(event))));
    await run(deliverLocalGatewayEvents());
    const payments = await run(Effect.flatMap(PaymentRepository, (r) => r.listForInvoice(invoice.id)));
    expect(payments).toMatchObject([{ status: "completed", transactionId: confirmed.latestChargeId }]);
    const paid = await run(Effect.flatMap(InvoiceRepository, (r) => r.findById(invoice.id)));
    expect(Option.getOrThrow(paid)).toMatchObject({ isPaid: true });
    const recorded = await database.db
      .selectFrom("gatewayEvents")
      .select(sql<number>`count(*)::int`.as("n"))
      .where("paymentIntentId", "=", intent.id)
      .executeTakeFirstOrThrow();
    expect(recorded.n).toBe(2);
    // Confirming again is refused: charged once.
    const again = await runExit(
      Effect.flatMap(LocalCardNetwork, (l) =>
        l.confirm(intent.id, intent.clientSecret, card("4242424242424242")),
      ),
    );
    expect(Exit.isFailure(again)).toBe(true);
  });

  it("0002 declines (invoice stays due); 3155 needs authentication; a wrong client secret is not found", async () => {
    const { invoice } = await anInvoice();
    const { payment } = await run(begin(invoice.id));
    const intent = await run(createIntent(invoice.id, payment.id, payment.attempt));
    await run(Effect.flatMap(PaymentRepository, (r) => r.setPaymentIntent(payment.id, intent.id)));
    const wrong = await runExit(
      Effect.flatMap(LocalCardNetwork, (l) => l.confirm(intent.id, "nope", card("4242424242424242"))),
    );
    expect(Exit.isFailure(wrong)).toBe(true);
    const declined = await run(
      Effect.flatMap(LocalCardNetwork, (l) =>
        l.confirm(intent.id, intent.clientSecret, card("4000000000000002")),
      ),
    );
    expect(declined).toMatchObject({
      status: "requires_payment_method",
      lastError: { code: "card_declined", message: "Your card was declined." },
    });
    await run(deliverLocalGatewayEvents());
    const afterDecline = await run(Effect.flatMap(PaymentRepository, (r) => r.listForInvoice(invoice.id)));
    expect(afterDecline).toMatchObject([{ status: "failed", failureMessage: "Your card was declined." }]);
    expect(
      Option.getOrThrow(await run(Effect.flatMap(InvoiceRepository, (r) => r.findById(invoice.id)))).isPaid,
    ).toBe(false);
    // The same intent is confirmed again with the 3155 card, then authenticated.
    const action: GatewayIntent = await run(
      Effect.flatMap(LocalCardNetwork, (l) =>
        l.confirm(intent.id, intent.clientSecret, card("4000002500003155")),
      ),
    );
    expect(action).toMatchObject({ status: "requires_action", nextAction: "local_authenticate" });
    const done = await run(
      Effect.flatMap(LocalCardNetwork, (l) => l.authenticate(intent.id, intent.clientSecret, "complete")),
    );
    expect(done.status).toBe("succeeded");
    await run(deliverLocalGatewayEvents());
    const payments = await run(Effect.flatMap(PaymentRepository, (r) => r.listForInvoice(invoice.id)));
    expect(payments).toMatchObject([{ status: "completed" }]);
  });

  it("the database allows one completed payment per invoice", async () => {
    const { invoice } = await anInvoice();
    const insert = (attempt: number) =>
      database.db
        .insertInto("payments")
        .values({
          invoiceId: InvoiceId.make(invoice.id),
          businessId: invoice.businessId,
          agentId: invoice.agentId,
          amountCents: cents(15_000),
          status: "completed",
          attempt,
        })
        .execute();
    await insert(1);
    await expect(insert(2)).rejects.toThrow();
  });
});

describe("payment methods", () => {
  it("one default per user, swapped atomically; only the owner can delete", async () => {
    const { businessUserId, agentUserId } = await aPartnershipIn(database.db);
    const add = (name: string, isDefault: boolean) =>
      run(
        Effect.flatMap(PaymentMethodRepository, (r) =>
          r.insert(businessUserId, {
            type: "credit_card",
            name,
            lastFour: "4242",
            expiryMonth: 1,
            expiryYear: 2030,
            isDefault,
          }),
        ),
      );
    const a = await add("Visa one", true);
    const b = await add("Visa two", true);
    let list = await run(Effect.flatMap(PaymentMethodRepository, (r) => r.list(businessUserId)));
    expect(list.map((m) => [m.id, m.isDefault])).toEqual([
      [b.id, true],
      [a.id, false],
    ]);
    await Promise.all(
      [a.id, b.id, a.id].map((id) =>
        run(Effect.flatMap(PaymentMethodRepository, (r) => r.setDefault(businessUserId, id))),
      ),
    );
    list = await run(Effect.flatMap(PaymentMethodRepository, (r) => r.list(businessUserId)));
    expect(list.filter((m) => m.isDefault)).toHaveLength(1);
    expect(await run(Effect.flatMap(PaymentMethodRepository, (r) => r.remove(agentUserId, a.id)))).toBe(
      false,
    );
    expect(await run(Effect.flatMap(PaymentMethodRepository, (r) => r.remove(businessUserId, a.id)))).toBe(
      true,
    );
  });
});
