/**
 * Reviews end to end on a real database (issue 22): the once-per-partnership rule, double-blind
 * release (both submitted, or the 14-day clock), strangers refused, reply once, staff hiding
 * (audit-logged), reminders, Bayesian ordering and keyword ranking with typo tolerance.
 */
import { revokeCachedSessions } from "@closr/adapters/postgres";
import { makeTestClock } from "@closr/core/shared";
import { describe, expect, it } from "vitest";
import { runReviewSweeps } from "../../jobs/review-sweeps.ts";
import type { TestClient } from "../../testing/test-app.ts";
import { useTestApp } from "../../testing/use-test-app.ts";

const day = 86_400_000;
const clock = makeTestClock(new Date("2026-12-01T09:00:00Z"));
const t = useTestApp({ clock: clock.layer });

// biome-ignore lint/suspicious/noExplicitAny: bodies are checked against the contract separately
const bodyOf = (res: Response): Promise<any> => res.json();

let n = 0;
async function aUser(userType: "business" | "agent") {
  n++;
  const client = t.client();
  const username = `rev${userType}${n}`;
  const res = await client.request("/api/register", {
    method: "POST",
    json: { email: `${username}@example.com`, username, password: "long enough password", userType },
  });
  expect(res.status).toBe(201);
  return { client, username, id: (await bodyOf(res)).id as number };
}

async function aBusiness(fields: Record<string, unknown> = {}) {
  const user = await aUser("business");
  const res = await user.client.request("/api/business-profiles", {
    method: "POST",
    json: {
      companyName: `Company ${n}`,
      industry: "technology",
      size: "small",
      location: "sydney",
      ...fields,
    },
  });
  expect(res.status).toBe(201);
  return { ...user, profileId: (await bodyOf(res)).id as number };
}

async function anAgent(fields: Record<string, unknown> = {}) {
  const user = await aUser("agent");
  const res = await user.client.request("/api/agent-profiles", {
    method: "POST",
    json: {
      fullName: `Agent ${n}`,
      specialization: "B2B Sales",
      yearsOfExperience: 5,
      location: "sydney",
      ...fields,
    },
  });
  expect(res.status).toBe(201);
  return { ...user, profileId: (await bodyOf(res)).id as number };
}

/** An active partnership started `daysAgo` days before the clock's now. */
async function aPartnership(business: { profileId: number }, agent: { profileId: number }, daysAgo: number) {
  const start = new Date(currentNow().getTime() - daysAgo * day);
  const row = await t.database.db
    .insertInto("partnerships")
    .values({
      businessId: business.profileId,
      agentId: agent.profileId,
      status: "active",
      requestedBy: "business",
      commissionRate: 10,
      startDate: start,
      createdAt: start,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

let nowMs = new Date("2026-12-01T09:00:00Z").getTime();
const currentNow = () => new Date(nowMs);
const advance = (ms: number) => {
  nowMs += ms;
  clock.advance(ms);
};

const review = (client: TestClient, partnershipId: number, overrides: Record<string, unknown> = {}) =>
  client.request(`/api/partnerships/${partnershipId}/reviews`, {
    method: "POST",
    json: {
      rating: 5,
      communication: 5,
      reliability: 4,
      results: 5,
      comment: "Clear goals, quick answers and fair terms throughout.",
      ...overrides,
    },
  });

describe("who may review, and how often", () => {
  it("refuses a user who was never part of the partnership, and one that is too young", async () => {
    const business = await aBusiness();
    const agent = await anAgent();
    const stranger = await aBusiness();
    const old = await aPartnership(business, agent, 20);
    const refused = await review(stranger.client, old);
    expect(refused.status).toBe(403);
    expect((await bodyOf(refused)).type).toBe("/problems/review-not-allowed");

    const other = await anAgent();
    const young = await aPartnership(business, other, 3);
    const early = await review(business.client, young);
    expect(early.status).toBe(403);
    expect((await bodyOf(early)).detail).toMatch(/from 2026-12-12/);
  });

  it("allows one review per side per partnership; a second answers 409", async () => {
    const business = await aBusiness();
    const agent = await anAgent();
    const id = await aPartnership(business, agent, 15);
    expect((await review(business.client, id)).status).toBe(201);
    const again = await review(business.client, id, { rating: 1 });
    expect(again.status).toBe(409);
    expect((await bodyOf(again)).type).toBe("/problems/review-exists");
    expect((await review(agent.client, id)).status).toBe(201);
  });

  it("checks the comment length", async () => {
    const business = await aBusiness();
    const agent = await anAgent();
    const id = await aPartnership(business, agent, 15);
    const res = await review(business.client, id, { comment: "Too short" });
    expect(res.status).toBe(422);
  });
});

describe("double blind", () => {
  it("hides a review until the other side reviews, then shows both; one reply", async () => {
    const business = await aBusiness();
    const agent = await anAgent();
    const id = await aPartnership(business, agent, 30);
    const first = await bodyOf(await review(business.client, id, { rating: 4 }));
    expect(first.status).toBe("blind");

    const agentView = await bodyOf(await agent.client.request("/api/reviews"));
    expect(agentView.received).toEqual([]);
    expect(agentView.blindReceived).toBe(1);
    expect(agentView.awaiting.map((a: { partnershipId: number }) => a.partnershipId)).toContain(id);
    const publicBefore = await bodyOf(await business.client.request(`/api/users/${agent.id}/reviews`));
    expect(publicBefore.reviews).toEqual([]);
    expect(publicBefore.reputation.rating).toEqual({ average: null, count: 0 });

    const second = await bodyOf(await review(agent.client, id, { rating: 5 }));
    expect(second.status).toBe("published");
    const agentAfter = await bodyOf(await agent.client.request("/api/reviews"));
    expect(agentAfter.received).toHaveLength(1);
    expect(agentAfter.received[0].rating).toBe(4);
    expect(agentAfter.awaiting).toEqual([]);
    const businessAfter = await bodyOf(await business.client.request("/api/reviews"));
    expect(businessAfter.received[0].rating).toBe(5);

    // Ratings reach the profiles (and so search) at once.
    const agentProfile = await bodyOf(
      await business.client.request(`/api/agent-profiles/${agent.profileId}`),
    );
    expect(agentProfile.rating).toEqual({ average: 4, count: 1 });

    const reviewId = agentAfter.received[0].id;
    const reply = await agent.client.request(`/api/reviews/${reviewId}/reply`, {
      method: "POST",
      json: { text: "Thank you — a pleasure to work with." },
    });
    expect(reply.status).toBe(200);
    expect((await bodyOf(reply)).reply.text).toBe("Thank you — a pleasure to work with.");
    const again = await agent.client.request(`/api/reviews/${reviewId}/reply`, {
      method: "POST",
      json: { text: "Another reply" },
    });
    expect(again.status).toBe(409);
    // Only the reviewee replies.
    const notMine = await business.client.request(`/api/reviews/${reviewId}/reply`, {
      method: "POST",
      json: { text: "Me too" },
    });
    expect(notMine.status).toBe(404);
  });

  it("publishes a lone review after 14 days (injected clock), reminds at 3 and 10 days once each", async () => {
    const business = await aBusiness();
    const agent = await anAgent();
    const id = await aPartnership(business, agent, 14);
    await review(agent.client, id, { rating: 3 });
    const mails = async () =>
      (
        await t.database.db
          .selectFrom("mailOutbox")
          .select("id")
          .where("recipient", "=", `${business.username}@example.com`)
          .where("subject", "like", "How did your partnership%")
          .execute()
      ).length;

    advance(3 * day + 60_000);
    await runReviewSweeps(t.runtime);
    await runReviewSweeps(t.runtime);
    expect(await mails()).toBe(1);
    expect((await bodyOf(await business.client.request("/api/reviews"))).received).toEqual([]);

    advance(7 * day);
    await runReviewSweeps(t.runtime);
    expect(await mails()).toBe(2);

    advance(4 * day);
    await runReviewSweeps(t.runtime);
    // Sessions expire on the moved clock: sign in again.
    for (const user of [business, agent])
      await user.client.request("/api/login", {
        method: "POST",
        json: { username: user.username, password: "long enough password" },
      });
    const after = await bodyOf(await business.client.request("/api/reviews"));
    expect(after.received.map((r: { rating: number }) => r.rating)).toEqual([3]);
    const profile = await bodyOf(await agent.client.request(`/api/business-profiles/${business.profileId}`));
    expect(profile.rating).toEqual({ average: 3, count: 1 });
  });
});

describe("moderation", () => {
  it("staff hide a reported review with a reason; the audit log records it; the rating drops it", async () => {
    const business = await aBusiness();
    const agent = await anAgent();
    const id = await aPartnership(business, agent, 20);
    await review(business.client, id, { rating: 1, comment: "Never answered the phone, not even once." });
    await review(agent.client, id);
    const received = (await bodyOf(await agent.client.request("/api/reviews"))).received[0];
    const report = await agent.client.request(`/api/reviews/${received.id}/report`, {
      method: "POST",
      json: { reason: "Untrue: call logs show daily contact." },
    });
    expect(report.status).toBe(200);

    expect((await agent.client.request("/api/admin/reviews/reported")).status).toBe(403);
    const staff = await aBusiness();
    await t.database.db.updateTable("users").set({ role: "admin" }).where("id", "=", staff.id).execute();
    revokeCachedSessions(staff.id); // the NOTIFY would drop it a moment later
    const queue = await bodyOf(await staff.client.request("/api/admin/reviews/reported"));
    expect(queue.items.map((r: { id: number }) => r.id)).toContain(received.id);

    const hide = await staff.client.request(`/api/admin/reviews/${received.id}/hide`, {
      method: "POST",
      json: { reason: "Disputed with evidence" },
    });
    expect(hide.status).toBe(200);
    expect((await bodyOf(hide)).status).toBe("hidden");
    const audit = await t.database.db
      .selectFrom("auditLog")
      .selectAll()
      .where("subjectType", "=", "review")
      .where("subjectId", "=", String(received.id))
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.action).toBe("review.hidden");
    const profile = await bodyOf(await business.client.request(`/api/agent-profiles/${agent.profileId}`));
    expect(profile.rating).toEqual({ average: null, count: 0 });
    expect((await bodyOf(await business.client.request(`/api/users/${agent.id}/reviews`))).reviews).toEqual(
      [],
    );
  });
});

describe("ranking", () => {
  /** Public reviews straight into the table (partnership-less, as imported history), then the sweep. */
  async function rate(revieweeId: number, reviewerId: number, ratings: number[]) {
    for (const rating of ratings)
      await t.database.db
        .insertInto("reviews")
        .values({
          reviewerId,
          revieweeId,
          partnershipId: null,
          reviewerSide: "business",
          rating,
          communication: rating,
          reliability: rating,
          results: rating,
          comment: "Imported review of a past engagement.",
          createdAt: new Date(nowMs - 30 * day),
          publishedAt: new Date(nowMs - 16 * day),
        })
        .execute();
    await runReviewSweeps(t.runtime);
  }

  it("orders by the Bayesian average: forty 4.8s above one 5-star review", async () => {
    const viewer = await aBusiness({ industry: "retail", location: "perth" });
    const lone = await anAgent({ fullName: "Lone Star", specialization: "Zeta Sales", location: "other" });
    const steady = await anAgent({
      fullName: "Steady Hand",
      specialization: "Zeta Sales",
      location: "other",
    });
    await rate(lone.id, viewer.id, [5]);
    await rate(steady.id, viewer.id, [...Array(32).fill(5), ...Array(8).fill(4)]);
    for (const sort of ["rating", "match"]) {
      const page = await bodyOf(
        await viewer.client.request(`/api/agent-profiles?specialization=Zeta%20Sales&sort=${sort}`),
      );
      expect(page.items.map((a: { fullName: string }) => a.fullName)).toEqual(["Steady Hand", "Lone Star"]);
    }
    const page = await bodyOf(await viewer.client.request("/api/agent-profiles?specialization=Zeta%20Sales"));
    expect(page.items[0].rating).toEqual({ average: 4.8, count: 40 });
    expect(page.items[0].match.reasons[0]).toBe("Rated 4.8 from 40 reviews");
  });

  it("ranks the named agent above agents whose profiles merely mention the word; a typo still finds it", async () => {
    const viewer = await aBusiness({ industry: "technology", location: "sydney" });
    for (let i = 0; i < 12; i++)
      await anAgent({
        fullName: `Mention ${i}`,
        specialization: "SaaS Sales",
        yearsOfExperience: 15,
        location: "sydney",
        skills: ["Technology/SaaS"],
        minimumCommissionRate: 10,
        bio: "Sold into enterprise accounts for years; loves enterprise deals and cold calling.",
      });
    await anAgent({
      fullName: "Jordan Enterprise",
      specialization: "Enterprise Solutions",
      yearsOfExperience: 1,
      location: "sydney",
      minimumCommissionRate: 25,
      bio: "Enterprise software seller, new to Closr.",
    });
    const first = async (q: string) => {
      const page = await bodyOf(await viewer.client.request(`/api/agent-profiles?q=${q}&location=sydney`));
      return page.items[0];
    };
    const hit = await first("enterpr");
    expect(hit.fullName).toBe("Jordan Enterprise");
    expect(hit.match.reasons[0]).toBe("matches 'enterprise' in name");
    expect((await first("entreprise")).fullName).toBe("Jordan Enterprise");
  });

  it("finds a healthcare business by a misspelt keyword and filters businesses by minimum rating", async () => {
    const clinic = await aBusiness({ companyName: "Northside Clinics", industry: "healthcare" });
    const agent = await anAgent({ specialization: "Healthcare Sales" });
    const found = await bodyOf(await agent.client.request("/api/business-profiles?q=helthcare"));
    expect(found.items.map((b: { companyName: string }) => b.companyName)).toContain("Northside Clinics");
    await rate(clinic.id, agent.id, [4, 4]);
    const four = await bodyOf(
      await agent.client.request("/api/business-profiles?minimumRating=4&pageSize=100"),
    );
    expect(four.items.map((b: { companyName: string }) => b.companyName)).toContain("Northside Clinics");
    const five = await bodyOf(
      await agent.client.request("/api/business-profiles?minimumRating=5&pageSize=100"),
    );
    expect(five.items.map((b: { companyName: string }) => b.companyName)).not.toContain("Northside Clinics");
  });
});
