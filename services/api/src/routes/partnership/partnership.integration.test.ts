import { describe, expect, it } from "vitest";
import type { TestClient } from "../../testing/test-app.ts";
import { useTestApp } from "../../testing/use-test-app.ts";

const t = useTestApp();

// biome-ignore lint/suspicious/noExplicitAny: bodies are checked against the contract separately
const bodyOf = (res: Response): Promise<any> => res.json();

interface Party {
  readonly client: TestClient;
  readonly profileId: number;
  readonly email: string;
}

let n = 0;
/** Signs up an account of that type, with a profile unless `withProfile` is false. */
async function aParty(userType: "business" | "agent", withProfile = true): Promise<Party> {
  n++;
  const client = t.client();
  const email = `partner${n}@example.com`;
  const res = await client.request("/api/register", {
    method: "POST",
    json: { email, username: `partner${n}`, password: "long enough password", userType },
  });
  expect(res.status).toBe(201);
  if (!withProfile) return { client, profileId: 0, email };
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
            minimumCommissionRate: 14,
          },
        });
  expect(created.status).toBe(201);
  return { client, profileId: (await bodyOf(created)).id, email };
}

const connect = (from: Party, json: Record<string, unknown>) =>
  from.client.request("/api/partnerships", { method: "POST", json });
const patch = (as: Party, id: number, status: string) =>
  as.client.request(`/api/partnerships/${id}`, { method: "PATCH", json: { status } });

describe("partnerships over HTTP", () => {
  it("agent connects, business accepts, both see it active with counts, then the business ends it", async () => {
    const business = await aParty("business");
    const agent = await aParty("agent");
    const created = await connect(agent, { businessId: business.profileId, status: "pending" });
    expect(created.status).toBe(201);
    const request = await bodyOf(created);
    expect(request).toMatchObject({
      status: "pending",
      requestedBy: "agent",
      direction: "outgoing",
      commissionRate: 14,
      business: { id: business.profileId },
      agent: { id: agent.profileId },
    });

    const incoming = await bodyOf(await business.client.request("/api/partnerships?status=pending"));
    expect(incoming.items).toHaveLength(1);
    expect(incoming.items[0].direction).toBe("incoming");
    expect(incoming.counts).toEqual({ active: 0, pending: 1, pendingOpportunities: 0 });

    const accepted = await patch(business, request.id, "active");
    expect(accepted.status).toBe(200);
    const active = await bodyOf(accepted);
    expect(active.status).toBe("active");
    expect(Date.parse(active.startDate)).toBeGreaterThan(Date.now() - 60_000);

    for (const party of [business, agent]) {
      const list = await bodyOf(await party.client.request("/api/partnerships"));
      expect(list.counts).toEqual({ active: 1, pending: 0, pendingOpportunities: 0 });
    }

    const ended = await bodyOf(await patch(business, request.id, "terminated"));
    expect(ended.status).toBe("terminated");
    expect(ended.endDate).not.toBeNull();
    const reopened = await patch(agent, request.id, "active");
    expect(reopened.status).toBe(409);
    expect((await bodyOf(reopened)).type).toBe("/problems/partnership-transition");
  });

  it("emails the counterparty on request, acceptance and end (development outbox)", async () => {
    const business = await aParty("business");
    const agent = await aParty("agent");
    const request = await bodyOf(await connect(business, { agentId: agent.profileId }));
    await patch(agent, request.id, "active");
    await patch(agent, request.id, "terminated");
    // Partnership notices only (sign-up also sends an email verification link, issue 15).
    const notices = (mail: { items: { subject: string; kind?: string | null }[] }) =>
      mail.items.filter((m) => m.kind).map((m) => m.subject);
    const agentMail = await bodyOf(await agent.client.request("/api/dev/mailbox"));
    expect(notices(agentMail)).toEqual([expect.stringMatching(/^New connection request from Company/)]);
    const businessMail = await bodyOf(await business.client.request("/api/dev/mailbox"));
    expect(notices(businessMail)).toEqual([
      expect.stringMatching(/ended your partnership$/),
      expect.stringMatching(/accepted your connection request$/),
    ]);
    expect(businessMail.items.every((m: { to: string }) => m.to === business.email)).toBe(true);
  });

  it("a third party gets 404 on read and change, and learns nothing", async () => {
    const business = await aParty("business");
    const agent = await aParty("agent");
    const outsider = await aParty("business");
    const request = await bodyOf(await connect(agent, { businessId: business.profileId }));
    const read = await outsider.client.request(`/api/partnerships/${request.id}`);
    expect(read.status).toBe(404);
    const changed = await patch(outsider, request.id, "active");
    expect(changed.status).toBe(404);
    const missing = await patch(outsider, 2_000_000, "active");
    expect(await bodyOf(changed)).toMatchObject({
      type: (await bodyOf(missing)).type,
      detail: "No such partnership.",
    });
    expect((await bodyOf(await outsider.client.request("/api/partnerships"))).total).toBe(0);
    const still = await bodyOf(await business.client.request(`/api/partnerships/${request.id}`));
    expect(still.status).toBe("pending");
  });

  it("refuses bad input with clear problems and changes nothing", async () => {
    const business = await aParty("business");
    const agent = await aParty("agent");
    const request = await bodyOf(await connect(agent, { businessId: business.profileId }));

    const unknown = await patch(business, request.id, "accepted");
    expect(unknown.status).toBe(422);
    expect((await bodyOf(unknown)).errors).toEqual([
      { field: "status", message: "status must be active, rejected, withdrawn or terminated" },
    ]);
    const endPending = await patch(business, request.id, "terminated");
    expect(endPending.status).toBe(409);
    expect((await bodyOf(endPending)).detail).toBe("Only an active partnership can be ended.");
    const selfAccept = await patch(agent, request.id, "active");
    expect(selfAccept.status).toBe(409);
    const notMine = await patch(business, request.id, "withdrawn");
    expect(notMine.status).toBe(409);

    const twice = await connect(business, { agentId: agent.profileId });
    expect(twice.status).toBe(409);
    expect((await bodyOf(twice)).type).toBe("/problems/partnership-exists");

    const sameSide = await connect(agent, { agentId: agent.profileId });
    expect(sameSide.status).toBe(422);
    expect((await bodyOf(sameSide)).errors[0].field).toBe("businessId");
    const otherAgent = await aParty("agent");
    const posing = await connect(agent, { businessId: business.profileId, agentId: otherAgent.profileId });
    expect(posing.status).toBe(422);
    const nobody = await connect(agent, { businessId: 2_000_000 });
    expect(nobody.status).toBe(404);
    const rate = await connect(otherAgent, { businessId: business.profileId, commissionRate: 101 });
    expect(rate.status).toBe(422);

    const list = await bodyOf(await business.client.request("/api/partnerships"));
    expect(list.items.map((p: { status: string }) => p.status)).toEqual(["pending"]);
  });

  it("needs the caller's own profile, with the spec's message", async () => {
    const business = await aParty("business");
    const agent = await aParty("agent", false);
    const res = await connect(agent, { businessId: business.profileId });
    expect(res.status).toBe(403);
    expect(await bodyOf(res)).toMatchObject({
      type: "/problems/profile-required",
      detail: "You need to create an agent profile first",
    });
  });

  it("refuses a 4th active partnership on the free plan, pointing at /pricing", async () => {
    const agent = await aParty("agent");
    for (let i = 0; i < 3; i++) {
      const business = await aParty("business");
      const request = await bodyOf(await connect(agent, { businessId: business.profileId }));
      expect((await patch(business, request.id, "active")).status).toBe(200);
    }
    const fourth = await aParty("business");
    const res = await connect(agent, { businessId: fourth.profileId });
    expect(res.status).toBe(403);
    expect(await bodyOf(res)).toMatchObject({
      type: "/problems/plan-limit-reached",
      detail: "Your plan allows 3 active partnerships. Upgrade at /pricing to add more.",
    });
  });

  it("needs a session", async () => {
    const res = await t.client().request("/api/partnerships");
    expect(res.status).toBe(401);
  });
});
