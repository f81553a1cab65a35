/**
 * The notification centre on PostgreSQL (issue 18): a notification for each event, only for its
 * recipient, delivered live (a live event of kind notification), marked read one by one or all;
 * another user's notification answers 404. Overdue invoices and unread messages come from the
 * sweep, once each.
 */
import { listenLiveEvents } from "@closr/adapters/postgres";
import type { LiveEvent } from "@closr/core/messaging";
import { sweepNotifications } from "@closr/core/notification";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { enablePayouts, type TestClient } from "../../testing/test-app.ts";
import { useTestApp } from "../../testing/use-test-app.ts";

const t = useTestApp();

// biome-ignore lint/suspicious/noExplicitAny: bodies are checked against the contract separately
const bodyOf = (res: Response): Promise<any> => res.json();

let n = 0;
async function aParty(userType: "business" | "agent") {
  n++;
  const client = t.client();
  const username = `notify${n}`;
  const registered = await client.request("/api/register", {
    method: "POST",
    json: { email: `${username}@example.com`, username, password: "long enough password", userType },
  });
  const userId = (await bodyOf(registered)).id as number;
  const res =
    userType === "business"
      ? await client.request("/api/business-profiles", {
          method: "POST",
          json: { companyName: `Harbour ${n}` },
        })
      : await client.request("/api/agent-profiles", {
          method: "POST",
          json: { fullName: `Mia ${n}`, specialization: "B2B Sales", yearsOfExperience: 4 },
        });
  expect(res.status).toBe(201);
  return { client, userId, username, profileId: (await bodyOf(res)).id as number };
}

const list = async (client: TestClient) => bodyOf(await client.request("/api/notifications"));
const kinds = async (client: TestClient) =>
  (await list(client)).items.map((i: { kind: string }) => i.kind) as string[];

describe("notifications", () => {
  it("connection request, acceptance, invoice raised and paid, end: each only for its recipient, live", async () => {
    const business = await aParty("business");
    const agent = await aParty("agent");
    const received: LiveEvent[] = [];
    const unlisten = await listenLiveEvents(t.database.db, (e) => received.push(e));
    try {
      const requested = await business.client.request("/api/partnerships", {
        method: "POST",
        json: { agentId: agent.profileId },
      });
      expect(requested.status).toBe(201);
      const partnershipId = (await bodyOf(requested)).id;

      const agentList = await list(agent.client);
      expect(agentList.unread).toBe(1);
      expect(agentList.items[0]).toMatchObject({
        kind: "connection_requested",
        title: `New connection request from Harbour ${n - 1}`,
        link: "/agent/current-partners?tab=pending",
        read: false,
      });
      expect(await kinds(business.client)).toEqual([]);
      await expect.poll(() => received.filter((e) => e.kind === "notification").length).toBe(1);
      expect(received.find((e) => e.kind === "notification")).toMatchObject({
        userIds: [agent.userId],
        notification: { kind: "connection_requested", link: "/agent/current-partners?tab=pending" },
      });

      const accepted = await agent.client.request(`/api/partnerships/${partnershipId}`, {
        method: "PATCH",
        json: { status: "active" },
      });
      expect(accepted.status).toBe(200);
      expect(await kinds(business.client)).toEqual(["connection_accepted"]);

      await enablePayouts(t, agent.profileId);
      const invoice = await agent.client.request("/api/invoices", {
        method: "POST",
        json: { businessId: business.profileId, partnershipId, amount: 1200, description: "November leads" },
      });
      expect(invoice.status).toBe(201);
      const invoiceId = (await bodyOf(invoice)).id;
      const raised = (await list(business.client)).items[0];
      expect(raised).toMatchObject({
        kind: "invoice_raised",
        title: `Mia ${n} raised invoice #${invoiceId} for $1,200.00`,
        link: "/business/payments",
      });

      const intent = await bodyOf(
        await business.client.request("/api/create-payment-intent", { method: "POST", json: { invoiceId } }),
      );
      const confirmed = await business.client.request(
        `/api/local-gateway/payment-intents/${intent.id}/confirm`,
        {
          method: "POST",
          json: {
            clientSecret: intent.clientSecret,
            card: { number: "4242424242424242", expMonth: 12, expYear: 2034, cvc: "123" },
          },
        },
      );
      expect(confirmed.status).toBe(200);
      await expect.poll(async () => (await kinds(agent.client)).includes("invoice_paid")).toBe(true);
      expect((await kinds(agent.client)).filter((k) => k === "invoice_paid")).toHaveLength(1);

      const ended = await business.client.request(`/api/partnerships/${partnershipId}`, {
        method: "PATCH",
        json: { status: "terminated" },
      });
      expect(ended.status).toBe(200);
      expect(await kinds(agent.client)).toEqual([
        "partnership_ended",
        "invoice_paid",
        "connection_requested",
      ]);
      expect(await kinds(business.client)).toEqual(["invoice_raised", "connection_accepted"]);

      // Emails follow the invoice events through the Mailer (preferences honoured there).
      const mails = await bodyOf(await business.client.request("/api/dev/mailbox"));
      expect(JSON.stringify(mails)).toContain(`raised invoice #${invoiceId}`);
    } finally {
      await unlisten();
    }
  });

  it("marks one read (another user's id is 404) and all read; the count is the real unread number", async () => {
    const business = await aParty("business");
    const agents = [await aParty("agent"), await aParty("agent")];
    for (const agent of agents)
      await agent.client.request("/api/partnerships", {
        method: "POST",
        json: { businessId: business.profileId },
      });
    const before = await list(business.client);
    expect(before.unread).toBe(2);
    const [newest, older] = before.items;

    expect(
      (await agents[0]!.client.request(`/api/notifications/${newest.id}/read`, { method: "POST" })).status,
    ).toBe(404);
    expect((await t.client().request("/api/notifications")).status).toBe(401);

    const one = await bodyOf(
      await business.client.request(`/api/notifications/${older.id}/read`, { method: "POST" }),
    );
    expect(one.unread).toBe(1);
    expect(one.items.map((i: { read: boolean }) => i.read)).toEqual([false, true]);
    const all = await bodyOf(
      await business.client.request("/api/notifications/read-all", { method: "POST" }),
    );
    expect(all.unread).toBe(0);
    expect((await list(agents[0]!.client)).unread).toBe(0);
  });

  it("a verification decision notifies the applicant only", async () => {
    const agent = await aParty("agent");
    const staff = await aParty("business");
    await t.database.db.updateTable("users").set({ role: "admin" }).where("id", "=", staff.userId).execute();
    const request = await sql<{ id: number }>`
      INSERT INTO verification_requests (user_id, user_type, status, documents)
      VALUES (${agent.userId}, 'agent', 'under_review', '[]'::jsonb) RETURNING id`.execute(t.database.db);
    const decided = await staff.client.request(
      `/api/admin/verification-requests/${request.rows[0]!.id}/decision`,
      {
        method: "POST",
        json: { action: "request_changes", reason: "Please upload a clearer photo ID" },
      },
    );
    expect(decided.status).toBe(200);
    expect((await list(agent.client)).items[0]).toMatchObject({
      kind: "verification_changes_requested",
      title: "Your Closr verification needs changes",
      link: "/verification",
    });
    expect(await kinds(staff.client)).toEqual([]);
  });

  it("the sweep: overdue invoices (both parties) and messages unread for 5 minutes, each once", async () => {
    const business = await aParty("business");
    const agent = await aParty("agent");
    const p = await sql<{ id: number }>`
      INSERT INTO partnerships (business_id, agent_id, status, requested_by, commission_rate, start_date)
      VALUES (${business.profileId}, ${agent.profileId}, 'active', 'agent', 10, now()) RETURNING id`.execute(
      t.database.db,
    );
    const inv = await sql<{ id: number }>`
      INSERT INTO invoices (partnership_id, business_id, agent_id, amount_cents, subtotal_cents, description, due_date, created_at)
      VALUES (${p.rows[0]!.id}, ${business.profileId}, ${agent.profileId}, 50000, 50000, 'October', current_date - 3, now() - interval '40 days')
      RETURNING id`.execute(t.database.db);
    await sql`INSERT INTO messages (sender_id, receiver_id, content, sent_at)
      VALUES (${agent.userId}, ${business.userId}, 'Are you there?', now() - interval '10 minutes'),
             (${business.userId}, ${agent.userId}, 'Just now', now())`.execute(t.database.db);

    const created = await t.runtime.runPromise(sweepNotifications());
    expect(created).toBeGreaterThanOrEqual(3);
    expect(await t.runtime.runPromise(sweepNotifications())).toBe(0);

    const businessItems = (await list(business.client)).items;
    expect(businessItems.map((i: { kind: string }) => i.kind).sort()).toEqual([
      "invoice_overdue",
      "message_unread",
    ]);
    expect(businessItems.find((i: { kind: string }) => i.kind === "message_unread")).toMatchObject({
      title: `Unread message from ${agent.username}`,
      link: `/messages?with=${agent.userId}`,
    });
    expect(await kinds(agent.client)).toEqual(["invoice_overdue"]);
    expect((await list(agent.client)).items[0]).toMatchObject({
      title: `Invoice #${inv.rows[0]!.id} is overdue`,
      link: "/agent/invoices",
    });
  });
});
