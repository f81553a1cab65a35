import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, enablePayouts, type TestApp, type TestClient } from "../../testing/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t?.close());
afterEach(() => expect(t.violations.splice(0)).toEqual([]));

// biome-ignore lint/suspicious/noExplicitAny: bodies are checked against the contract separately
const bodyOf = (res: Response): Promise<any> => res.json();

let n = 0;
async function signUp(userType: "business" | "agent"): Promise<{ client: TestClient; profileId: number }> {
  n++;
  const client = t.client();
  const res = await client.request("/api/register", {
    method: "POST",
    json: {
      email: `inv${n}@example.com`,
      username: `invoicing${n}`,
      password: "long enough password",
      userType,
    },
  });
  expect(res.status).toBe(201);
  const profile =
    userType === "business"
      ? await client.request("/api/business-profiles", {
          method: "POST",
          json: { companyName: `Harbour ${n}` },
        })
      : await client.request("/api/agent-profiles", {
          method: "POST",
          json: { fullName: `Mia ${n}`, specialization: "B2B Sales", yearsOfExperience: 4 },
        });
  expect(profile.status).toBe(201);
  const profileId = (await bodyOf(profile)).id as number;
  if (userType === "agent") await enablePayouts(t, profileId); // issue 14: payouts before invoicing
  return { client, profileId };
}

/** An active (or other) partnership inserted directly (issue 5: partnerships are built elsewhere). */
async function partnership(businessId: number, agentId: number, status = "active") {
  const result = await sql<{ id: number }>`
    INSERT INTO partnerships (business_id, agent_id, status, requested_by, commission_rate, start_date, end_date)
    VALUES (${businessId}, ${agentId}, ${status}, 'agent', 10, now(), ${status === "terminated" ? sql`now()` : null})
    RETURNING id`.execute(t.database.db);
  return result.rows[0]!.id;
}

async function aPair() {
  const business = await signUp("business");
  const agent = await signUp("agent");
  const partnershipId = await partnership(business.profileId, agent.profileId);
  return { business, agent, partnershipId };
}

const createInvoice = (client: TestClient, json: Record<string, unknown>) =>
  client.request("/api/invoices", { method: "POST", json });

describe("creating invoices (spec §5, §6)", () => {
  it("an agent invoices an active partnership; amount in dollars, cents inside; due date defaults to 30 days", async () => {
    const { business, agent, partnershipId } = await aPair();
    const res = await createInvoice(agent.client, {
      businessId: business.profileId,
      partnershipId,
      amount: 1250.5,
      description: "November leads",
    });
    expect(res.status).toBe(201);
    const invoice = await bodyOf(res);
    expect(invoice).toMatchObject({
      amount: 1250.5,
      currency: "AUD",
      isPaid: false,
      status: "pending",
      paidAt: null,
      businessName: expect.stringMatching(/^Harbour/),
    });
    const due = new Date(`${invoice.dueDate}T00:00:00Z`).getTime();
    const days = (due - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(28.5);
    expect(days).toBeLessThan(31);
    const row = await t.database.db
      .selectFrom("invoices")
      .select("amountCents")
      .where("id", "=", invoice.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.amountCents)).toBe(125_050);
  });

  it("refuses: logged out, a business, bad fields with the spec's messages, inactive or another's partnership", async () => {
    const { business, agent, partnershipId } = await aPair();
    const good = { businessId: business.profileId, partnershipId, amount: 10, description: "Work done" };
    expect((await createInvoice(t.client(), good)).status).toBe(401);
    expect((await createInvoice(business.client, good)).status).toBe(403);

    const bad = await createInvoice(agent.client, {
      businessId: 0,
      partnershipId: 0,
      amount: 0,
      description: "ab",
    });
    expect(bad.status).toBe(422);
    expect((await bodyOf(bad)).errors).toEqual(
      expect.arrayContaining([
        { field: "businessId", message: "Business is required" },
        { field: "partnershipId", message: "Partnership is required" },
        { field: "amount", message: "Amount must be a positive number" },
        { field: "description", message: "Description is required" },
      ]),
    );
    const cents = await createInvoice(agent.client, { ...good, amount: 10.005 });
    expect((await bodyOf(cents)).errors).toEqual([
      { field: "amount", message: "Amount can have at most 2 decimals" },
    ]);

    const pendingId = await partnership(business.profileId, (await signUp("agent")).profileId, "pending");
    const other = await signUp("agent");
    const otherActive = await partnership((await signUp("business")).profileId, other.profileId);
    const inactive = await partnership(business.profileId, agent.profileId, "terminated");
    const attempts = [
      { partnershipId: inactive, message: "You can only create invoices for active partnerships." },
      { partnershipId: pendingId, message: "Partnership not found" },
      { partnershipId: otherActive, message: "Partnership not found" },
    ];
    for (const attempt of attempts) {
      const res = await createInvoice(agent.client, { ...good, partnershipId: attempt.partnershipId });
      expect(res.status).toBe(422);
      expect((await bodyOf(res)).errors).toEqual([{ field: "partnershipId", message: attempt.message }]);
    }
    const wrongBusiness = await createInvoice(agent.client, {
      ...good,
      businessId: business.profileId + 1000,
    });
    expect((await bodyOf(wrongBusiness)).errors[0].field).toBe("partnershipId");
  });
});

describe("who sees which invoice", () => {
  it("an agent sees only their own; a business only those addressed to it; others get 404", async () => {
    const a = await aPair();
    const b = await aPair();
    const made = await bodyOf(
      await createInvoice(a.agent.client, {
        businessId: a.business.profileId,
        partnershipId: a.partnershipId,
        amount: 99.99,
        description: "Demo day",
        dueDate: "2030-01-31",
      }),
    );
    const list = async (client: TestClient) => (await bodyOf(await client.request("/api/invoices"))).items;
    expect((await list(a.agent.client)).map((i: { id: number }) => i.id)).toEqual([made.id]);
    expect((await list(a.business.client)).map((i: { id: number }) => i.id)).toEqual([made.id]);
    expect(await list(b.agent.client)).toEqual([]);
    expect(await list(b.business.client)).toEqual([]);
    for (const client of [b.agent.client, b.business.client]) {
      expect((await client.request(`/api/invoices/${made.id}`)).status).toBe(404);
      expect((await client.request(`/api/invoices/${made.id}/payments`)).status).toBe(404);
    }
    const one = await bodyOf(await a.business.client.request(`/api/invoices/${made.id}`));
    expect(one).toMatchObject({ id: made.id, amount: 99.99, dueDate: "2030-01-31" });
    expect(await bodyOf(await a.agent.client.request(`/api/invoices/${made.id}/payments`))).toEqual({
      items: [],
    });
    expect((await t.client().request("/api/invoices")).status).toBe(401);
  });

  it("an overdue invoice reads overdue; the commission summary counts this month's paid invoices", async () => {
    const { business, agent, partnershipId } = await aPair();
    const made = await bodyOf(
      await createInvoice(agent.client, {
        businessId: business.profileId,
        partnershipId,
        amount: 300,
        description: "Old work",
      }),
    );
    await t.database.db
      .updateTable("invoices")
      .set({ dueDate: "2020-01-01" })
      .where("id", "=", made.id)
      .execute();
    expect((await bodyOf(await agent.client.request(`/api/invoices/${made.id}`))).status).toBe("overdue");
    expect(await bodyOf(await agent.client.request("/api/invoice-summary"))).toMatchObject({
      paidThisMonth: 0,
    });
    await t.database.db
      .updateTable("invoices")
      .set({ isPaid: true, paidAt: new Date() })
      .where("id", "=", made.id)
      .execute();
    expect(await bodyOf(await agent.client.request("/api/invoice-summary"))).toMatchObject({
      paidThisMonth: 300,
    });
    expect((await business.client.request("/api/invoice-summary")).status).toBe(403);
  });
});
