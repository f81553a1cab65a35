/**
 * Opportunities on PostgreSQL (issue 44, Done when): the use cases over the real repositories, a
 * test clock and the PostgreSQL unit of work.
 */
import { AgreementRepository } from "@closr/core/agreement";
import type { User } from "@closr/core/identity";
import { UserRepository } from "@closr/core/identity";
import {
  applyToOpportunity,
  changeOpportunity,
  createOpportunity,
  decideApplication,
  expireInvitations,
  inviteAgent,
  listApplicants,
  type OpportunityId,
  searchOpportunities,
} from "@closr/core/opportunity";
import { keywordTerms } from "@closr/core/profiles";
import { AgentProfileId, makeTestClock, PartnershipId, type UserId } from "@closr/core/shared";
import { Effect, Exit, Layer, Option } from "effect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PgDatabaseFrom } from "../database-service.ts";
import { createTestDatabase, type TestDatabase } from "../testing.ts";
import { UnitOfWorkPg } from "../transaction-scope.ts";
import { AgreementRepositoryPg } from "./agreement.ts";
import { UserRepositoryPg } from "./identity.ts";
import { OpportunityRepositoryPg } from "./opportunity.ts";
import { PartnershipRepositoryPg } from "./partnership.ts";
import { AgentProfileRepositoryPg, BusinessProfileRepositoryPg } from "./profiles.ts";

let database: TestDatabase;
const clock = makeTestClock(new Date("2026-12-02T00:00:00Z"));
// biome-ignore lint/suspicious/noExplicitAny: the merged layer's services
let layer: Layer.Layer<any>;
// biome-ignore lint/suspicious/noExplicitAny: any use case of the context
const run = <A, E>(effect: Effect.Effect<A, E, any>) =>
  Effect.runPromiseExit(Effect.provide(effect, layer) as Effect.Effect<A, E>);
const ok = async <A, E>(effect: Effect.Effect<A, E, unknown>) => {
  const exit = await run(effect);
  if (Exit.isFailure(exit)) throw new Error(`expected success: ${JSON.stringify(exit.cause)}`);
  return exit.value;
};
const failure = (exit: Exit.Exit<unknown, unknown>) =>
  Exit.isFailure(exit) && exit.cause._tag === "Fail"
    ? (exit.cause.error as { _tag: string })._tag
    : "success";

let serial = 0;
async function aParty(userType: "business" | "agent") {
  const n = ++serial;
  const { id } = await database.db
    .insertInto("users")
    .values({ email: `o${n}@example.com`, username: `opp${n}`, passwordHash: "$stub", userType })
    .returning("id")
    .executeTakeFirstOrThrow();
  const profile =
    userType === "business"
      ? await database.db
          .insertInto("businessProfiles")
          .values({
            userId: id,
            companyName: `Company ${n}`,
            industry: "technology",
            size: "small",
            location: "sydney",
          })
          .returning("id")
          .executeTakeFirstOrThrow()
      : await database.db
          .insertInto("agentProfiles")
          .values({
            userId: id,
            fullName: `Agent ${n}`,
            specialization: "B2B Sales",
            yearsOfExperience: 4,
            location: "sydney",
          })
          .returning("id")
          .executeTakeFirstOrThrow();
  const user = Option.getOrThrow(
    await Effect.runPromise(
      Effect.provide(
        Effect.flatMap(UserRepository, (r) => r.findById(id as UserId)),
        UserRepositoryPg.pipe(Layer.provide(PgDatabaseFrom(database.db))),
      ),
    ),
  ) as User;
  return { user, profileId: profile.id };
}

const fields = (over: Record<string, unknown> = {}) => ({
  title: "Enterprise software",
  product: "Cloud accounting software for mid-sized firms across Australia.",
  territory: ["sydney", "remote"],
  customerType: "mid_market",
  model: { type: "straight", rate: 15 },
  expectedDealCents: 1_200_000,
  idealSpecialization: "Enterprise Solutions",
  idealSkills: [],
  minimumYears: 2,
  placesWanted: 2,
  ...over,
});
const cover =
  "I have sold accounting software to mid-sized firms in Sydney for eight years and know the buyers.";

async function published(business: User, over: Record<string, unknown> = {}) {
  const created = await ok(createOpportunity(business, fields(over)));
  return ok(changeOpportunity(business, created.id, "publish"));
}

async function shortlisted(business: User, opportunityId: OpportunityId) {
  const agent = await aParty("agent");
  const application = await ok(applyToOpportunity(agent.user, opportunityId, { coverMessage: cover }));
  await ok(decideApplication(business, application.id, "shortlist"));
  return { agent, application };
}

beforeAll(async () => {
  database = await createTestDatabase();
  layer = Layer.mergeAll(
    OpportunityRepositoryPg,
    PartnershipRepositoryPg,
    BusinessProfileRepositoryPg,
    AgentProfileRepositoryPg,
    UserRepositoryPg,
    AgreementRepositoryPg,
    UnitOfWorkPg,
  ).pipe(Layer.provide(PgDatabaseFrom(database.db)), Layer.merge(clock.layer));
}, 60_000);
afterAll(() => database?.dispose());

describe("opportunities on PostgreSQL", () => {
  it("only a published opportunity takes applications", async () => {
    const business = await aParty("business");
    const agent = await aParty("agent");
    const draft = await ok(createOpportunity(business.user, fields()));
    expect(failure(await run(applyToOpportunity(agent.user, draft.id, { coverMessage: cover })))).toBe(
      "OpportunityNotFound",
    );
    await ok(changeOpportunity(business.user, draft.id, "publish"));
    await ok(changeOpportunity(business.user, draft.id, "pause"));
    expect(failure(await run(applyToOpportunity(agent.user, draft.id, { coverMessage: cover })))).toBe(
      "OpportunityTransitionNotAllowed",
    );
    await ok(changeOpportunity(business.user, draft.id, "resume"));
    expect(failure(await run(applyToOpportunity(agent.user, draft.id, { coverMessage: cover })))).toBe(
      "success",
    );
  }, 60_000);

  it("refuses a cover message under 50 characters, and a second open application by the same agent", async () => {
    const business = await aParty("business");
    const agent = await aParty("agent");
    const opportunity = await published(business.user);
    expect(
      failure(await run(applyToOpportunity(agent.user, opportunity.id, { coverMessage: "Too short" }))),
    ).toBe("InvalidOpportunity");
    const first = await ok(applyToOpportunity(agent.user, opportunity.id, { coverMessage: cover }));
    const racing = await Promise.all(
      [1, 2, 3].map(() => run(applyToOpportunity(agent.user, opportunity.id, { coverMessage: cover }))),
    );
    expect(racing.map(failure)).toEqual([
      "ApplicationAlreadyOpen",
      "ApplicationAlreadyOpen",
      "ApplicationAlreadyOpen",
    ]);
    // Withdrawn, the agent may apply again.
    await ok(decideApplication(agent.user, first.id, "withdraw"));
    expect(failure(await run(applyToOpportunity(agent.user, opportunity.id, { coverMessage: cover })))).toBe(
      "success",
    );
  }, 60_000);

  it("invitations expire after 48 hours by the sweep, on the test clock", async () => {
    const business = await aParty("business");
    const agent = await aParty("agent");
    const opportunity = await published(business.user);
    const invitation = await ok(
      inviteAgent(business.user, opportunity.id, {
        agentId: AgentProfileId.make(agent.profileId),
        message: "Keen?",
      }),
    );
    expect(invitation.expiresAt.getTime() - invitation.createdAt.getTime()).toBe(48 * 3600_000);
    clock.advance(48 * 3600_000 - 1);
    expect(await ok(expireInvitations())).toEqual({ expired: 0 });
    clock.advance(1);
    expect(await ok(expireInvitations())).toEqual({ expired: 1 });
    const row = await database.db
      .selectFrom("opportunityInvitations")
      .select("status")
      .where("id", "=", invitation.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("expired");
    expect(await ok(expireInvitations())).toEqual({ expired: 0 });
  }, 60_000);

  it("approval starts the partnership and its draft agreement; a full plan refuses and creates nothing", async () => {
    const business = await aParty("business");
    const opportunity = await published(business.user, { placesWanted: 5 });
    const { agent, application } = await shortlisted(business.user, opportunity.id);
    const approved = await ok(decideApplication(business.user, application.id, "approve"));
    expect(approved.status).toBe("approved");
    const partnership = await database.db
      .selectFrom("partnerships")
      .selectAll()
      .where("id", "=", approved.partnershipId!)
      .executeTakeFirstOrThrow();
    expect(partnership).toMatchObject({
      status: "active",
      agentId: agent.profileId,
      businessId: business.profileId,
    });
    const agreement = await ok(
      Effect.flatMap(AgreementRepository, (r) => r.findByPartnership(PartnershipId.make(partnership.id))),
    );
    expect(Option.getOrThrow(agreement)).toMatchObject({
      stage: "draft",
      draft: { terms: { model: { rate: 15 } } },
    });

    // Basic allows 3 active partnerships: fill them, then one more approval is refused.
    for (let i = 0; i < 2; i++) {
      const next = await shortlisted(business.user, opportunity.id);
      await ok(decideApplication(business.user, next.application.id, "approve"));
    }
    const before = await database.db.selectFrom("partnerships").select("id").execute();
    const last = await shortlisted(business.user, opportunity.id);
    expect(failure(await run(decideApplication(business.user, last.application.id, "approve")))).toBe(
      "PartnershipLimitReached",
    );
    expect((await database.db.selectFrom("partnerships").select("id").execute()).length).toBe(before.length);
    const after = await database.db
      .selectFrom("opportunityApplications")
      .select("status")
      .where("id", "=", last.application.id)
      .executeTakeFirstOrThrow();
    expect(after.status).toBe("shortlisted");
    const places = await database.db
      .selectFrom("opportunities")
      .select("placesFilled")
      .where("id", "=", opportunity.id)
      .executeTakeFirstOrThrow();
    expect(places.placesFilled).toBe(3);
  }, 120_000);

  it("two approvals racing for the last place leave one", async () => {
    const business = await aParty("business");
    const opportunity = await published(business.user, { placesWanted: 1 });
    const a = await shortlisted(business.user, opportunity.id);
    const b = await shortlisted(business.user, opportunity.id);
    const exits = await Promise.all(
      [a, b].map((x) => run(decideApplication(business.user, x.application.id, "approve"))),
    );
    expect(exits.map(failure).sort()).toEqual(["OpportunityTransitionNotAllowed", "success"]);
    const partnerships = await database.db
      .selectFrom("partnerships")
      .select("id")
      .where("businessId", "=", business.profileId)
      .execute();
    expect(partnerships).toHaveLength(1);
    const row = await database.db
      .selectFrom("opportunities")
      .select(["status", "closedReason", "placesFilled"])
      .where("id", "=", opportunity.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "closed", closedReason: "filled", placesFilled: 1 });
  }, 60_000);

  it("another business cannot read an opportunity's applications (404)", async () => {
    const owner = await aParty("business");
    const other = await aParty("business");
    const opportunity = await published(owner.user);
    await shortlisted(owner.user, opportunity.id);
    expect(failure(await run(listApplicants(other.user, opportunity.id)))).toBe("OpportunityNotFound");
    const own = await ok(listApplicants(owner.user, opportunity.id));
    expect(own.applications).toHaveLength(1);
    expect(own.applications[0]!.match.score).toBeGreaterThan(0);
  }, 60_000);

  it('search finds "entreprise softwre" in an opportunity titled "Enterprise software", published only', async () => {
    const business = await aParty("business");
    const agent = await aParty("agent");
    const target = await published(business.user, {
      title: "Enterprise software",
      product: "Payroll for firms.",
    });
    await ok(createOpportunity(business.user, fields({ title: "Enterprise software draft" })));
    const found = await ok(
      searchOpportunities(agent.user, {
        keywords: keywordTerms("entreprise softwre"),
        page: 1,
        pageSize: 12,
      }),
    );
    expect(found.items.map((i) => i.opportunity.id)).toContain(target.id);
    expect(found.items.every((i) => i.opportunity.status === "published")).toBe(true);
    expect(found.items.find((i) => i.opportunity.id === target.id)?.match?.reasons[0]).toBe(
      "matches 'enterprise' in title",
    );
    const none = await ok(searchOpportunities(agent.user, { keywords: ["zzzqqq"], page: 1, pageSize: 12 }));
    expect(none.items).toHaveLength(0);
  }, 60_000);
});
