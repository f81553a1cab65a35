import type { User } from "@closr/core/identity";
import { UserRepository } from "@closr/core/identity";
import { changePartnership, type PartnershipRepository, requestPartnership } from "@closr/core/partnership";
import { makeMailerMemory } from "@closr/core/partnership/testing";
import type { AgentProfileRepository, BusinessProfileRepository } from "@closr/core/profiles";
import {
  AgentProfileId,
  BusinessProfileId,
  ClockLive,
  type Mailer,
  type PartnershipId,
  type UserId,
} from "@closr/core/shared";
import { Effect, Exit, Layer, Option } from "effect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PgDatabaseFrom } from "../database-service.ts";
import { createTestDatabase, type TestDatabase } from "../testing.ts";
import { UserRepositoryPg } from "./identity.ts";
import { PartnershipRepositoryPg } from "./partnership.ts";
import { AgentProfileRepositoryPg, BusinessProfileRepositoryPg } from "./profiles.ts";
import { setUserPlan } from "./subscription.ts";

type Services =
  | PartnershipRepository
  | BusinessProfileRepository
  | AgentProfileRepository
  | UserRepository
  | Mailer;
let database: TestDatabase;
let layer: Layer.Layer<Services | import("@closr/core/shared").Clock>;
const mailer = makeMailerMemory();
const run = <A, E>(effect: Effect.Effect<A, E, Services | import("@closr/core/shared").Clock>) =>
  Effect.runPromiseExit(Effect.provide(effect, layer));

let serial = 0;
/** Inserts a user (and profile) of a type; returns the domain user. */
type PartyProfileId<T> = T extends "business" ? BusinessProfileId : AgentProfileId;

async function aParty<T extends "business" | "agent">(
  userType: T,
): Promise<{ user: User; profileId: PartyProfileId<T> }> {
  const n = ++serial;
  const { id } = await database.db
    .insertInto("users")
    .values({ email: `p${n}@example.com`, username: `party${n}`, passwordHash: "$stub", userType })
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
            yearsOfExperience: 3,
            location: "perth",
          })
          .returning("id")
          .executeTakeFirstOrThrow();
  const user = await Effect.runPromise(
    Effect.provide(
      Effect.flatMap(UserRepository, (r) => r.findById(id as UserId)),
      UserRepositoryPg.pipe(Layer.provide(PgDatabaseFrom(database.db))),
    ),
  );
  const profileId =
    userType === "business" ? BusinessProfileId.make(profile.id) : AgentProfileId.make(profile.id);
  return { user: Option.getOrThrow(user), profileId: profileId as PartyProfileId<T> };
}

const activeCount = async (column: "businessId" | "agentId", id: number) =>
  (
    await database.db
      .selectFrom("partnerships")
      .select("id")
      .where(column, "=", id)
      .where("status", "=", "active")
      .execute()
  ).length;

beforeAll(async () => {
  database = await createTestDatabase();
  layer = Layer.mergeAll(
    PartnershipRepositoryPg,
    BusinessProfileRepositoryPg,
    AgentProfileRepositoryPg,
    UserRepositoryPg,
  ).pipe(Layer.provide(PgDatabaseFrom(database.db)), Layer.merge(mailer.layer), Layer.merge(ClockLive));
}, 60_000);
afterAll(() => database?.dispose());

describe("PartnershipRepositoryPg", () => {
  it("20 parallel accepts by a Basic business never exceed its limit of 3", async () => {
    const business = await aParty("business");
    const agents = await Promise.all(Array.from({ length: 20 }, () => aParty("agent")));
    const ids: PartnershipId[] = [];
    for (const agent of agents) {
      const exit = await run(requestPartnership(agent.user, { businessId: business.profileId }));
      if (Exit.isSuccess(exit)) ids.push(exit.value.id);
    }
    expect(ids).toHaveLength(20);
    const exits = await Promise.all(ids.map((id) => run(changePartnership(business.user, id, "active"))));
    expect(exits.filter(Exit.isSuccess)).toHaveLength(3);
    const tags = exits
      .filter(Exit.isFailure)
      .map((e) => (e.cause._tag === "Fail" ? e.cause.error._tag : "defect"));
    expect(new Set(tags)).toEqual(new Set(["PartnershipLimitReached"]));
    expect(await activeCount("businessId", business.profileId)).toBe(3);
  }, 60_000);

  it("20 parallel accepts of an agent's requests by 20 businesses stop at the agent's limit of 3", async () => {
    const agent = await aParty("agent");
    const businesses = await Promise.all(Array.from({ length: 20 }, () => aParty("business")));
    const pairs: { business: User; id: PartnershipId }[] = [];
    for (const business of businesses) {
      const exit = await run(requestPartnership(agent.user, { businessId: business.profileId }));
      if (Exit.isSuccess(exit)) pairs.push({ business: business.user, id: exit.value.id });
    }
    const exits = await Promise.all(pairs.map((p) => run(changePartnership(p.business, p.id, "active"))));
    expect(exits.filter(Exit.isSuccess)).toHaveLength(3);
    expect(await activeCount("agentId", agent.profileId)).toBe(3);
  }, 60_000);

  it("a Professional plan allows 10", async () => {
    const business = await aParty("business");
    await setUserPlan(database.db, business.user.id, "professional");
    const agents = await Promise.all(Array.from({ length: 12 }, () => aParty("agent")));
    const ids: PartnershipId[] = [];
    for (const agent of agents) {
      const exit = await run(requestPartnership(agent.user, { businessId: business.profileId }));
      if (Exit.isSuccess(exit)) ids.push(exit.value.id);
    }
    const exits = await Promise.all(ids.map((id) => run(changePartnership(business.user, id, "active"))));
    expect(exits.filter(Exit.isSuccess)).toHaveLength(10);
  }, 60_000);

  it("10 parallel connects for one pair create exactly one pending partnership", async () => {
    const business = await aParty("business");
    const agent = await aParty("agent");
    const exits = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        run(
          i % 2 === 0
            ? requestPartnership(agent.user, { businessId: business.profileId })
            : requestPartnership(business.user, { agentId: agent.profileId }),
        ),
      ),
    );
    expect(exits.filter(Exit.isSuccess)).toHaveLength(1);
    const rows = await database.db
      .selectFrom("partnerships")
      .selectAll()
      .where("businessId", "=", business.profileId)
      .execute();
    expect(rows).toHaveLength(1);
  }, 60_000);

  it("two parallel accepts of one request: one succeeds, the other is refused", async () => {
    const business = await aParty("business");
    const agent = await aParty("agent");
    const created = await run(requestPartnership(agent.user, { businessId: business.profileId }));
    if (!Exit.isSuccess(created)) throw new Error("setup");
    const [a, b] = await Promise.all([
      run(changePartnership(business.user, created.value.id, "active")),
      run(changePartnership(business.user, created.value.id, "active")),
    ]);
    expect([a, b].filter(Exit.isSuccess)).toHaveLength(1);
    const failed = [a, b].find(Exit.isFailure);
    expect(failed && failed.cause._tag === "Fail" && failed.cause.error._tag).toBe(
      "PartnershipTransitionNotAllowed",
    );
  }, 60_000);

  it("a pair can connect again after a rejection, and the view carries both profiles", async () => {
    const business = await aParty("business");
    const agent = await aParty("agent");
    const first = await run(requestPartnership(agent.user, { businessId: business.profileId }));
    if (!Exit.isSuccess(first)) throw new Error("setup");
    await run(changePartnership(business.user, first.value.id, "rejected"));
    const second = await run(
      requestPartnership(agent.user, { businessId: business.profileId, commissionRate: 12.5 }),
    );
    expect(Exit.isSuccess(second) && second.value).toMatchObject({
      status: "pending",
      commissionRate: 12.5,
      business: { id: business.profileId, companyName: expect.stringMatching(/^Company/) },
      agent: { id: agent.profileId, fullName: expect.stringMatching(/^Agent/) },
    });
  }, 60_000);
});
