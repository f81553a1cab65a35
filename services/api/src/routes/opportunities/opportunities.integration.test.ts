/**
 * Opportunities over HTTP (issue 44, ADR 0065): a business posts and publishes, an agent finds
 * it with typos and applies, the business shortlists and approves, and the partnership and its
 * draft agreement exist for both; another business gets 404, an API key without the scope 403;
 * the plan's published limit, invitations and the public page by slug. Every answer is checked
 * against the contract (useTestApp).
 */
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { aTestParty, type TestParty } from "../../testing/parties.ts";
import { useTestApp } from "../../testing/use-test-app.ts";

const t = useTestApp();

// biome-ignore lint/suspicious/noExplicitAny: bodies are checked against the contract separately
const bodyOf = (res: Response): Promise<any> => res.json();

let n = 0;
/** A signed-up business (technology, Sydney) or agent (Sydney, 6 years, SaaS). */
async function aParty(userType: "business" | "agent") {
  n++;
  return aTestParty(t, userType, {
    username: `opp${userType}${n}`,
    profile:
      userType === "business"
        ? { companyName: `Opportunity Co ${n}`, industry: "technology", size: "small", location: "sydney" }
        : {
            fullName: `Opportunity Agent ${n}`,
            specialization: "Enterprise Solutions",
            yearsOfExperience: 6,
            location: "sydney",
            skills: ["Technology/SaaS"],
          },
  });
}

/** An opportunity body: "Enterprise software" in Sydney and remote, straight 15 %, 2 places. */
const fields = (over: Record<string, unknown> = {}) => ({
  title: "Enterprise software",
  product: "Cloud accounting software for mid-sized firms across Australia.",
  territory: ["sydney", "remote"],
  customerType: "mid_market",
  model: { type: "straight", rate: 15 },
  expectedDealSize: 12000,
  idealSpecialization: "Enterprise Solutions",
  idealSkills: ["Technology/SaaS"],
  minimumYears: 3,
  placesWanted: 2,
  ...over,
});
const cover =
  "I have sold accounting software to mid-sized firms in Sydney for eight years and know the buyers.";

const post = (who: TestParty, path: string, json?: unknown) =>
  who.client.request(path, { method: "POST", ...(json === undefined ? {} : { json }) });

/** A published opportunity of `business` (created then published through the API). */
async function aPublishedOpportunity(business: TestParty, over: Record<string, unknown> = {}) {
  const created = await post(business, "/api/opportunities", fields(over));
  expect(created.status).toBe(201);
  const { id } = await bodyOf(created);
  const published = await post(business, `/api/opportunities/${id}/publish`);
  expect(published.status).toBe(200);
  return (await bodyOf(published)) as { id: number; slug: string };
}

describe("opportunities over HTTP (issue 44)", () => {
  it("post, publish, find with typos, apply, shortlist, approve: a partnership and a draft agreement for both", async () => {
    const business = await aParty("business");
    const agent = await aParty("agent");

    const created = await post(business, "/api/opportunities", fields({ title: "Enterprise software" }));
    expect(created.status).toBe(201);
    const draft = await bodyOf(created);
    expect(created.headers.get("location")).toBe(`/api/opportunities/${draft.id}`);
    expect(draft).toMatchObject({ status: "draft", expectedDealSize: 12000, placesRemaining: 2 });
    // A draft is invisible to agents.
    expect((await agent.client.request(`/api/opportunities/${draft.id}`)).status).toBe(404);

    const published = await bodyOf(await post(business, `/api/opportunities/${draft.id}/publish`));
    expect(published.status).toBe("published");

    const found = await bodyOf(
      await agent.client.request(`/api/opportunities?q=${encodeURIComponent("entreprise softwre")}`),
    );
    const hit = found.items.find((o: { id: number }) => o.id === draft.id);
    expect(hit).toBeDefined();
    expect(hit.match.score).toBeGreaterThan(0);
    expect(hit.match.reasons.length).toBeGreaterThan(0);

    const short = await post(agent, `/api/opportunities/${draft.id}/applications`, {
      coverMessage: "x".repeat(49),
    });
    expect(short.status).toBe(422);
    const refusal = await bodyOf(short);
    expect(refusal.type).toBe("/problems/validation-failed");
    expect(refusal.errors).toEqual([
      { field: "coverMessage", message: "Cover message must be 50–2,000 characters" },
    ]);

    const applied = await post(agent, `/api/opportunities/${draft.id}/applications`, {
      coverMessage: cover,
      proposedRate: 17.5,
    });
    expect(applied.status).toBe(201);
    const application = await bodyOf(applied);
    expect(applied.headers.get("location")).toBe(`/api/applications/${application.id}`);
    expect(application).toMatchObject({ status: "submitted", proposedRate: 17.5, partnershipId: null });
    const again = await post(agent, `/api/opportunities/${draft.id}/applications`, { coverMessage: cover });
    expect(again.status).toBe(409);
    expect((await bodyOf(again)).type).toBe("/problems/application-open");

    // Only shortlisted or interviewed applications can be approved.
    const early = await post(business, `/api/applications/${application.id}/approve`);
    expect(early.status).toBe(409);
    expect((await bodyOf(early)).type).toBe("/problems/application-transition");

    const applicants = await bodyOf(
      await business.client.request(`/api/opportunities/${draft.id}/applications`),
    );
    expect(applicants.total).toBe(1);
    expect(applicants.items[0]).toMatchObject({ id: application.id, agentId: agent.profileId });
    expect(applicants.items[0].match.reasons.length).toBeGreaterThan(0);

    expect((await post(business, `/api/applications/${application.id}/shortlist`)).status).toBe(200);
    const approvedRes = await post(business, `/api/applications/${application.id}/approve`);
    expect(approvedRes.status).toBe(200);
    const approved = await bodyOf(approvedRes);
    expect(approved.status).toBe("approved");
    expect(approved.opportunity.placesRemaining).toBe(1);
    const partnershipId = approved.partnershipId as number;
    expect(partnershipId).toBeGreaterThan(0);

    for (const party of [business, agent]) {
      const partnership = await bodyOf(await party.client.request(`/api/partnerships/${partnershipId}`));
      expect(partnership).toMatchObject({
        status: "active",
        businessId: business.profileId,
        agentId: agent.profileId,
        commissionRate: 17.5,
      });
      const agreement = await bodyOf(
        await party.client.request(`/api/partnerships/${partnershipId}/agreement`),
      );
      expect(agreement.stage).toBe("draft");
      expect(agreement.draft.terms).toMatchObject({
        model: { type: "straight", rate: 17.5 },
        territory: ["sydney", "remote"],
      });
    }
    const mine = await bodyOf(await agent.client.request("/api/applications"));
    expect(mine.items.map((a: { id: number; status: string }) => [a.id, a.status])).toEqual([
      [application.id, "approved"],
    ]);
    // An approved application can no longer be withdrawn.
    const late = await post(agent, `/api/applications/${application.id}/withdraw`);
    expect(late.status).toBe(409);
  });

  it("another business reading the applicants, or moving an application, gets 404", async () => {
    const owner = await aParty("business");
    const other = await aParty("business");
    const agent = await aParty("agent");
    const opportunity = await aPublishedOpportunity(owner);
    const application = await bodyOf(
      await post(agent, `/api/opportunities/${opportunity.id}/applications`, { coverMessage: cover }),
    );

    const read = await other.client.request(`/api/opportunities/${opportunity.id}/applications`);
    expect(read.status).toBe(404);
    expect((await bodyOf(read)).type).toBe("/problems/not-found");
    expect((await post(other, `/api/applications/${application.id}/shortlist`)).status).toBe(404);
    expect((await other.client.request(`/api/applications/${application.id}`)).status).toBe(404);
    expect((await post(other, `/api/opportunities/${opportunity.id}/pause`)).status).toBe(404);
    // The owner still reads them.
    expect((await owner.client.request(`/api/opportunities/${opportunity.id}/applications`)).status).toBe(
      200,
    );
  });

  it("an API key without the opportunities scope gets 403; with opportunities:read it reads", async () => {
    const business = await aParty("business");
    await sql`UPDATE users SET plan_id = 'enterprise' WHERE id = ${business.userId}`.execute(t.database.db);
    const opportunity = await aPublishedOpportunity(business);
    const keyFor = async (scopes: string[]) => {
      const res = await post(business, "/api/api-keys", { name: `CRM ${scopes.join(" ")}`, scopes });
      expect(res.status).toBe(201);
      return ((await bodyOf(res)) as { secret: string }).secret;
    };
    const withKey = (secret: string, path: string) =>
      t.client().request(path, { headers: { authorization: `Bearer ${secret}` } });

    const profilesOnly = await keyFor(["profiles:read"]);
    const refused = await withKey(profilesOnly, `/api/opportunities/${opportunity.id}/applications`);
    expect(refused.status).toBe(403);
    expect((await bodyOf(refused)).type).toBe("/problems/insufficient-scope");

    const reader = await keyFor(["opportunities:read"]);
    const allowed = await withKey(reader, `/api/opportunities/${opportunity.id}/applications`);
    expect(allowed.status).toBe(200);
    expect((await bodyOf(allowed)).total).toBe(0);
  });

  it("the plan limits published opportunities at once: Basic 2, the third refused until one is paused", async () => {
    const business = await aParty("business");
    await aPublishedOpportunity(business, { title: "First product line" });
    const second = await aPublishedOpportunity(business, { title: "Second product line" });
    const third = await bodyOf(await post(business, "/api/opportunities", fields({ title: "Third line" })));
    const refused = await post(business, `/api/opportunities/${third.id}/publish`);
    expect(refused.status).toBe(403);
    expect((await bodyOf(refused)).type).toBe("/problems/opportunity-limit-reached");
    expect((await post(business, `/api/opportunities/${second.id}/pause`)).status).toBe(200);
    expect((await post(business, `/api/opportunities/${third.id}/publish`)).status).toBe(200);
    const own = await bodyOf(await business.client.request("/api/opportunities/mine?status=published"));
    expect(own.total).toBe(2);
  });

  it("an invitation: the agent sees it and accepts by applying, the dashboard counts it; a declined one cannot be accepted", async () => {
    const business = await aParty("business");
    const agent = await aParty("agent");
    const opportunity = await aPublishedOpportunity(business);
    const sent = await post(business, `/api/opportunities/${opportunity.id}/invitations`, {
      agentId: agent.profileId,
      message: "Your SaaS record fits this well.",
    });
    expect(sent.status).toBe(201);
    const invitation = await bodyOf(sent);
    expect(Date.parse(invitation.expiresAt) - Date.parse(invitation.createdAt)).toBe(48 * 60 * 60 * 1000);

    const tiles = async (who: TestParty) =>
      (await bodyOf(await who.client.request("/api/partnerships"))).counts.pendingOpportunities;
    // The agent dashboard's Pending Opportunities: pending invitations plus shortlisted applications.
    expect(await tiles(agent)).toBe(1);
    expect(await tiles(business)).toBe(0);

    const inbox = await bodyOf(await agent.client.request("/api/invitations"));
    expect(inbox.items.map((i: { id: number; status: string }) => [i.id, i.status])).toEqual([
      [invitation.id, "pending"],
    ]);
    const accepted = await post(agent, `/api/invitations/${invitation.id}/accept`, { coverMessage: cover });
    expect(accepted.status).toBe(201);
    const application = await bodyOf(accepted);
    expect(application.status).toBe("submitted");
    expect(await tiles(agent)).toBe(0);
    expect((await post(business, `/api/applications/${application.id}/shortlist`)).status).toBe(200);
    expect(await tiles(agent)).toBe(1);
    const after = await bodyOf(
      await business.client.request(`/api/opportunities/${opportunity.id}/invitations`),
    );
    expect(after.items[0].status).toBe("accepted");

    const second = await aParty("agent");
    const other = await bodyOf(
      await post(business, `/api/opportunities/${opportunity.id}/invitations`, { agentId: second.profileId }),
    );
    expect((await post(agent, `/api/invitations/${other.id}/decline`)).status).toBe(404);
    expect((await post(second, `/api/invitations/${other.id}/decline`)).status).toBe(200);
    const answered = await post(second, `/api/invitations/${other.id}/accept`, { coverMessage: cover });
    expect(answered.status).toBe(409);
    expect((await bodyOf(answered)).type).toBe("/problems/application-transition");
  });

  it("the public page reads a published opportunity by slug without sign-in, and nothing else", async () => {
    const business = await aParty("business");
    const opportunity = await aPublishedOpportunity(business, { title: "Solar panels — Perth!" });
    expect(opportunity.slug).toMatch(/^solar-panels-perth/);
    const anonymous = t.client();
    const page = await anonymous.request(`/api/opportunity-pages/${opportunity.slug}`);
    expect(page.status).toBe(200);
    const body = await bodyOf(page);
    expect(body).toMatchObject({ id: opportunity.id, status: "published" });
    expect(body.business).not.toHaveProperty("contactEmail");

    expect((await post(business, `/api/opportunities/${opportunity.id}/pause`)).status).toBe(200);
    expect((await anonymous.request(`/api/opportunity-pages/${opportunity.slug}`)).status).toBe(404);
    expect((await anonymous.request("/api/opportunity-pages/no-such-opportunity")).status).toBe(404);
  });
});
