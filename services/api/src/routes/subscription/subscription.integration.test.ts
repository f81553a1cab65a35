/**
 * Subscriptions over HTTP on PostgreSQL with the local gateway (issue 13 "Done when"): 4242 → active
 * and the new limit at once; 0002 → incomplete, limit unchanged; a renewal failure → past_due →
 * grace → canceled → free limits; 20 parallel subscribe calls → one subscription; a replayed
 * webhook changes nothing. The local gateway's clock is the test Clock (moved by the test).
 */
import { setUserPlan } from "@closr/adapters/postgres";
import { makeTestClock } from "@closr/core/shared";
import {
  applySubscriptionEvent,
  LocalBilling,
  runLocalBilling,
  type SubscriptionGatewayEvent,
} from "@closr/core/subscription";
import { Effect, Option } from "effect";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { AppServices } from "../../runtime.ts";
import { createTestApp, type TestApp, type TestClient } from "../../testing/test-app.ts";

const DAY = 24 * 60 * 60 * 1000;
const clock = makeTestClock(new Date("2026-11-23T09:00:00Z"));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: clock.layer });
}, 60_000);
afterAll(() => t?.close());
afterEach(() => expect(t.violations.splice(0)).toEqual([]));

// biome-ignore lint/suspicious/noExplicitAny: bodies are checked against the contract separately
const bodyOf = (res: Response): Promise<any> => res.json();

interface Party {
  readonly client: TestClient;
  readonly profileId: number;
  readonly userId: number;
  readonly email: string;
  readonly username: string;
}

let n = 0;
async function aParty(userType: "business" | "agent"): Promise<Party> {
  n++;
  const client = t.client();
  const email = `sub${n}@example.com`;
  const res = await client.request("/api/register", {
    method: "POST",
    json: { email, username: `sub${n}`, password: "long enough password", userType },
  });
  expect(res.status).toBe(201);
  const userId = (await bodyOf(res)).id;
  const created =
    userType === "business"
      ? await client.request("/api/business-profiles", {
          method: "POST",
          json: { companyName: `Company ${n}`, industry: "technology", size: "small", location: "sydney" },
        })
      : await client.request("/api/agent-profiles", {
          method: "POST",
          json: {
            fullName: `Agent ${n}`,
            specialization: "B2B Sales",
            yearsOfExperience: 4,
            location: "perth",
          },
        });
  expect(created.status).toBe(201);
  return { client, profileId: (await bodyOf(created)).id, userId, email, username: `sub${n}` };
}

/** An agent asks, the business accepts: the accept's status (200, or 403 at the limit). */
async function partner(business: Party): Promise<number> {
  const agent = await aParty("agent");
  const asked = await agent.client.request("/api/partnerships", {
    method: "POST",
    json: { businessId: business.profileId, status: "pending" },
  });
  expect(asked.status).toBe(201);
  const id = (await bodyOf(asked)).id;
  const accepted = await business.client.request(`/api/partnerships/${id}`, {
    method: "PATCH",
    json: { status: "active" },
  });
  return accepted.status;
}

const subscribe = (p: Party, planId = "price_professional") =>
  p.client.request("/api/get-or-create-subscription", { method: "POST", json: { planId } });

const card = (number: string) => ({ number, expMonth: 12, expYear: 2030, cvc: "123" });

async function pay(
  p: Party,
  started: { subscription: { paymentIntentId: string }; clientSecret: string },
  number: string,
) {
  const res = await p.client.request(
    `/api/local-gateway/subscription-payments/${started.subscription.paymentIntentId}/confirm`,
    { method: "POST", json: { clientSecret: started.clientSecret, card: card(number) } },
  );
  expect(res.status).toBe(200);
  return bodyOf(res);
}

const billing = async (p: Party) => {
  const res = await p.client.request("/api/subscription");
  const body = await bodyOf(res);
  if (res.status !== 200) throw new Error(`GET /api/subscription ${res.status}: ${JSON.stringify(body)}`);
  return body;
};

/** Moves the Clock (the app's and the local gateway's), runs what fell due, signs the parties in again (sessions expire too). */
async function advance(ms: number, ...parties: Party[]) {
  clock.advance(ms);
  await run(runLocalBilling());
  for (const p of parties) {
    const res = await p.client.request("/api/login", {
      method: "POST",
      json: { username: p.username, password: "long enough password" },
    });
    expect(res.status).toBe(200);
  }
}

const run = <A, E>(effect: Effect.Effect<A, E, AppServices>) => t.runtime.runPromise(effect);

describe("subscriptions over HTTP with the local gateway", () => {
  it("4242: active at once, the Professional limit applies, a tax invoice is issued; a welcome email is sent", async () => {
    const business = await aParty("business");
    for (let i = 0; i < 3; i++) expect(await partner(business)).toBe(200);
    expect(await partner(business)).toBe(403); // Basic: 3 active

    const started = await bodyOf(await subscribe(business));
    expect(started).toMatchObject({ isActive: false, amount: 49, gateway: "local" });
    expect(started.clientSecret).toMatch(/^pi_sub_local_/);
    expect(started.subscription.status).toBe("incomplete");

    const paid = await pay(business, started, "4242 4242 4242 4242");
    expect(paid.status).toBe("succeeded");
    const after = await billing(business);
    expect(after.subscription).toMatchObject({ status: "active", planId: "professional" });
    expect(after.entitlements).toMatchObject({
      planId: "professional",
      partnershipLimit: 10,
      verificationBadge: true,
    });
    expect(after.nextRenewal).toMatchObject({ amount: 49, at: "2026-12-23T09:00:00.000Z" });
    expect(await partner(business)).toBe(200); // the 4th, at once

    const again = await bodyOf(await subscribe(business));
    expect(again).toMatchObject({ isActive: true, clientSecret: null });

    const invoices = await bodyOf(await business.client.request("/api/subscription/invoices"));
    expect(invoices.items).toHaveLength(1);
    expect(invoices.items[0]).toMatchObject({ status: "paid", amount: 49, gst: 4.45 });
    expect(invoices.items[0].number).toMatch(/^CLR-\d{6}$/);
    const pdf = await business.client.request(`/api/subscription/invoices/${invoices.items[0].id}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    const mailbox = await bodyOf(await business.client.request("/api/dev/mailbox"));
    expect(mailbox.items.map((m: { subject: string }) => m.subject)).toContain("Welcome to Professional");

    const other = await aParty("business");
    const foreign = await other.client.request(`/api/subscription/invoices/${invoices.items[0].id}/pdf`);
    expect(foreign.status).toBe(404);
  });

  it("0002: stays incomplete and the limit is unchanged; the same client secret comes back; 4242 then pays it", async () => {
    const business = await aParty("business");
    for (let i = 0; i < 3; i++) expect(await partner(business)).toBe(200);
    const started = await bodyOf(await subscribe(business));
    const declined = await pay(business, started, "4000 0000 0000 0002");
    expect(declined.status).toBe("requires_payment_method");
    expect(declined.lastPaymentError.message).toBe("Your card was declined.");
    expect((await billing(business)).subscription.status).toBe("incomplete");
    expect((await billing(business)).entitlements.partnershipLimit).toBe(3);
    expect(await partner(business)).toBe(403);
    const second = await bodyOf(await subscribe(business));
    expect(second.clientSecret).toBe(started.clientSecret);
    const wrongSide = await subscribe(business, "price_agent_pro");
    expect(wrongSide.status).toBe(422);
    const invoices = await bodyOf(await business.client.request("/api/subscription/invoices"));
    expect(invoices.items.map((i: { status: string }) => i.status)).toEqual(["failed"]);
    expect((await pay(business, second, "4242424242424242")).status).toBe("succeeded");
    expect((await billing(business)).subscription.status).toBe("active");
    expect(await partner(business)).toBe(200);
  });

  it("20 parallel subscribe clicks create one subscription and one gateway subscription", async () => {
    const business = await aParty("business");
    const answers = await Promise.all(Array.from({ length: 20 }, () => subscribe(business)));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    const secrets = new Set(await Promise.all(answers.map(async (r) => (await bodyOf(r)).clientSecret)));
    expect(secrets.size).toBe(1);
    const rows = await t.database.db
      .selectFrom("subscriptions")
      .select("id")
      .where("userId", "=", business.userId)
      .execute();
    expect(rows).toHaveLength(1);
    const local = await t.database.db
      .selectFrom("localSubscriptions")
      .select("id")
      .where("userId", "=", business.userId)
      .execute();
    expect(local).toHaveLength(1);
  });

  it("a renewal fails: past_due keeps Professional for the 7-day grace, retries fail, canceled → free limits, partnerships kept", async () => {
    const business = await aParty("business");
    const started = await bodyOf(await subscribe(business));
    await pay(business, started, "4242 4242 4242 4242");
    for (let i = 0; i < 4; i++) expect(await partner(business)).toBe(200); // 4 active on Professional
    const sub = await t.database.db
      .selectFrom("localSubscriptions")
      .select("id")
      .where("userId", "=", business.userId)
      .executeTakeFirstOrThrow();
    await run(
      Effect.flatMap(Effect.serviceOption(LocalBilling), (b) =>
        Option.getOrThrow(b).updateCard(sub.id, card("4000000000000002")),
      ),
    );

    await advance(30 * DAY + 60_000, business); // past the period end: the renewal is declined
    let now = await billing(business);
    expect(now.subscription.status).toBe("past_due");
    expect(now.entitlements).toMatchObject({ planId: "professional", inGrace: true, partnershipLimit: 10 });
    expect(await partner(business)).toBe(200); // 5th, still in grace
    const failedMail = await bodyOf(await business.client.request("/api/dev/mailbox"));
    expect(failedMail.items.map((m: { subject: string }) => m.subject)).toContain(
      "Payment failed for your Professional plan",
    );

    await advance(4 * DAY, business); // two retries (days 2 and 4) fail
    now = await billing(business);
    expect(now.subscription.status).toBe("past_due");

    await advance(3 * DAY, business); // day 7: the last retry fails → canceled; the grace ends with it
    now = await billing(business);
    expect(now.subscription.status).toBe("canceled");
    expect(now.entitlements).toMatchObject({ planId: "basic", partnershipLimit: 3, inGrace: false });
    expect(await partner(business)).toBe(403);
    const active = await bodyOf(await business.client.request("/api/partnerships?status=active"));
    expect(active.counts.active).toBe(5); // kept
    const plans = await bodyOf(await business.client.request("/api/plans"));
    expect(plans.currentPlanId).toBe("basic");
    const invoices = await bodyOf(await business.client.request("/api/subscription/invoices"));
    expect(invoices.items.map((i: { status: string }) => i.status)).toEqual([
      "failed",
      "failed",
      "failed",
      "failed",
      "paid",
    ]);
  });

  it("renews with 4242 after a month (receipt + second tax invoice), cancels at period end, resumes, and the cancel takes effect", async () => {
    const business = await aParty("business");
    const started = await bodyOf(await subscribe(business, "price_enterprise"));
    await pay(business, started, "4242 4242 4242 4242");
    await advance(31 * DAY, business);
    let now = await billing(business);
    expect(now.subscription.status).toBe("active");
    const invoices = await bodyOf(await business.client.request("/api/subscription/invoices"));
    expect(invoices.items.map((i: { status: string; amount: number }) => [i.status, i.amount])).toEqual([
      ["paid", 99],
      ["paid", 99],
    ]);

    const changed = await bodyOf(
      await business.client.request("/api/subscription/change-plan", {
        method: "POST",
        json: { planId: "price_professional" },
      }),
    );
    expect(changed.subscription).toMatchObject({ planId: "enterprise", scheduledPlanId: "professional" });
    expect(changed.nextRenewal).toMatchObject({ amount: 49, planId: "professional" });
    expect(changed.entitlements.planId).toBe("enterprise"); // until the next cycle

    const canceled = await bodyOf(
      await business.client.request("/api/subscription/cancel", { method: "POST" }),
    );
    expect(canceled.subscription).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
    expect(canceled.nextRenewal).toBeNull();
    const resumed = await bodyOf(
      await business.client.request("/api/subscription/resume", { method: "POST" }),
    );
    expect(resumed.subscription.cancelAtPeriodEnd).toBe(false);
    await business.client.request("/api/subscription/cancel", { method: "POST" });

    await advance(31 * DAY, business);
    now = await billing(business);
    expect(now.subscription.status).toBe("canceled");
    expect(now.entitlements.planId).toBe("basic");
    const mailbox = await bodyOf(await business.client.request("/api/dev/mailbox"));
    const subjects = mailbox.items.map((m: { subject: string }) => m.subject);
    expect(subjects).toContain("Receipt for your Enterprise renewal");
    expect(subjects).toContain("Your Enterprise plan has been cancelled");
  });

  it("a replayed or out-of-order event changes nothing", async () => {
    const agent = await aParty("agent");
    // The gateway's events of earlier tests in this file are not this agent's.
    const earlier = new Set(
      (await t.database.db.selectFrom("localBillingEvents").select("id").execute()).map((e) => e.id),
    );
    const started = await bodyOf(await subscribe(agent, "price_agent_pro"));
    await pay(agent, started, "4242 4242 4242 4242");
    const events = await t.database.db
      .selectFrom("localBillingEvents")
      .select(["id", "payload"])
      .orderBy("seq")
      .execute();
    const mine = events
      .filter((e) => !earlier.has(e.id))
      .map((e) => (typeof e.payload === "string" ? JSON.parse(e.payload) : e.payload))
      .filter((e) => e.type === "invoice.paid");
    expect(mine).toHaveLength(1);
    const raw = mine[mine.length - 1];
    const event = {
      ...raw,
      created: new Date(raw.created),
      subscription: {
        ...raw.subscription,
        currentPeriodStart: new Date(raw.subscription.currentPeriodStart),
        currentPeriodEnd: new Date(raw.subscription.currentPeriodEnd),
      },
      invoice: {
        ...raw.invoice,
        periodStart: new Date(raw.invoice.periodStart),
        periodEnd: new Date(raw.invoice.periodEnd),
      },
    } as Extract<SubscriptionGatewayEvent, { invoice: unknown }>;
    const before = await billing(agent);
    const replay = await run(applySubscriptionEvent(event));
    expect(replay.type).toBe("duplicate");
    const stale = await run(applySubscriptionEvent({ ...event, id: `${event.id}_copy` }));
    expect(stale.type).toBe("ignored");
    const failedLate = await run(
      applySubscriptionEvent({ ...event, id: `${event.id}_late_failure`, type: "invoice.payment_failed" }),
    );
    expect(failedLate.type).toBe("ignored");
    const after = await billing(agent);
    expect(after).toEqual(before);
    expect(after.entitlements).toMatchObject({
      planId: "agent_pro",
      featuredListing: true,
      partnershipLimit: null,
    });
    const invoices = await bodyOf(await agent.client.request("/api/subscription/invoices"));
    expect(invoices.items).toHaveLength(1);
  });

  it("keeps a plan given without a subscription (seeds, tests)", async () => {
    const agent = await aParty("agent");
    await setUserPlan(t.database.db, agent.userId, "agent_pro");
    expect((await bodyOf(await agent.client.request("/api/plans"))).currentPlanId).toBe("agent_pro");
  });
});
