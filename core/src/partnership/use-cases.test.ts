import { Effect, Exit, Layer } from "effect";
import { describe, expect, it } from "vitest";
import { aUser, makeIdentityMemory } from "../identity/testing/index.ts";
import { aBusinessProfile, anAgentProfile, makeProfilesMemory } from "../profiles/testing/index.ts";
import { makeTestClock } from "../shared/clock.ts";
import { AgentProfileId, BusinessProfileId } from "../shared/index.ts";
import type { PlanId } from "../subscription/index.ts";
import { makeMailerMemory, makePartnershipMemory } from "./testing/index.ts";
import { changePartnership, getPartnership, listPartnerships, requestPartnership } from "./use-cases.ts";

/** A world with businesses (users 1..) and agents (users 101..), each with a profile unless told. */
function world(options: { businesses?: number; agents?: number; plans?: Record<string, PlanId> } = {}) {
  const identity = makeIdentityMemory();
  const profiles = makeProfilesMemory();
  const businessUsers = Array.from({ length: options.businesses ?? 1 }, (_, i) => aUser(i + 1, "business"));
  const agentUsers = Array.from({ length: options.agents ?? 1 }, (_, i) => aUser(i + 101, "agent"));
  for (const u of [...businessUsers, ...agentUsers]) identity.users.push({ user: u, passwordHash: "x" });
  for (const [i, u] of businessUsers.entries())
    profiles.businesses.push(aBusinessProfile({ id: i + 1, userId: u.id, companyName: `Company ${i + 1}` }));
  for (const [i, u] of agentUsers.entries())
    profiles.agents.push(
      anAgentProfile({ id: i + 1, userId: u.id, fullName: `Agent ${i + 1}`, minimumCommissionRate: 15 }),
    );
  const partnerships = makePartnershipMemory({
    businesses: profiles.businesses,
    agents: profiles.agents,
    planOf: (party, id) => options.plans?.[`${party}:${id}`],
  });
  const mailer = makeMailerMemory();
  const clock = makeTestClock(new Date("2026-11-22T10:00:00Z"));
  const layer = Layer.mergeAll(identity.layer, profiles.layer, partnerships.layer, mailer.layer, clock.layer);
  const run = <A, E>(effect: Effect.Effect<A, E, Layer.Layer.Success<typeof layer>>) =>
    Effect.runPromiseExit(Effect.provide(effect, layer));
  return { run, business: businessUsers, agent: agentUsers, partnerships, mailer, profiles };
}

const failureTag = (exit: Exit.Exit<unknown, { _tag: string }>) =>
  Exit.isFailure(exit) && exit.cause._tag === "Fail" ? exit.cause.error._tag : "no failure";

describe("requestPartnership (Connect)", () => {
  it("an agent connects to a business: pending, requested by the agent, rate = agent's minimum", async () => {
    const w = world();
    const exit = await w.run(requestPartnership(w.agent[0]!, { businessId: BusinessProfileId.make(1) }));
    expect(Exit.isSuccess(exit) && exit.value).toMatchObject({
      status: "pending",
      requestedBy: "agent",
      businessId: BusinessProfileId.make(1),
      agentId: AgentProfileId.make(1),
      commissionRate: 15,
    });
  });

  it("takes a proposed commission rate", async () => {
    const w = world();
    const exit = await w.run(
      requestPartnership(w.business[0]!, { agentId: AgentProfileId.make(1), commissionRate: 22 }),
    );
    expect(Exit.isSuccess(exit) && exit.value.commissionRate).toBe(22);
  });

  it("emails the counterparty when a request arrives", async () => {
    const w = world();
    await w.run(requestPartnership(w.agent[0]!, { businessId: BusinessProfileId.make(1) }));
    expect(w.mailer.sent).toEqual([
      expect.objectContaining({ to: "u1@example.com", subject: "New connection request from Agent 1" }),
    ]);
  });

  it("needs the caller's own profile", async () => {
    const w = world();
    w.profiles.agents.length = 0;
    expect(
      failureTag(await w.run(requestPartnership(w.agent[0]!, { businessId: BusinessProfileId.make(1) }))),
    ).toBe("OwnProfileRequired");
  });

  it("refuses a counterpart that does not exist, or a missing counterpart id", async () => {
    const w = world();
    expect(
      failureTag(await w.run(requestPartnership(w.agent[0]!, { businessId: BusinessProfileId.make(99) }))),
    ).toBe("CounterpartNotFound");
    expect(
      failureTag(await w.run(requestPartnership(w.agent[0]!, { agentId: AgentProfileId.make(1) }))),
    ).toBe("InvalidConnectionRequest");
  });

  it("refuses to speak for another profile of the caller's own type", async () => {
    const w = world({ agents: 2 });
    expect(
      failureTag(
        await w.run(
          requestPartnership(w.agent[0]!, {
            businessId: BusinessProfileId.make(1),
            agentId: AgentProfileId.make(2),
          }),
        ),
      ),
    ).toBe("InvalidConnectionRequest");
  });

  it("allows one open partnership per pair, whoever asks", async () => {
    const w = world();
    await w.run(requestPartnership(w.agent[0]!, { businessId: BusinessProfileId.make(1) }));
    expect(
      failureTag(await w.run(requestPartnership(w.business[0]!, { agentId: AgentProfileId.make(1) }))),
    ).toBe("PartnershipAlreadyExists");
  });

  it("refuses a caller already at their plan's limit of active partnerships", async () => {
    const w = world({ businesses: 4 });
    for (const business of w.business.slice(0, 3)) {
      const profile = w.profiles.businesses.find((b) => b.userId === business.id)!;
      const created = await w.run(requestPartnership(w.agent[0]!, { businessId: profile.id }));
      if (Exit.isSuccess(created)) await w.run(changePartnership(business, created.value.id, "active"));
    }
    expect(
      failureTag(await w.run(requestPartnership(w.agent[0]!, { businessId: BusinessProfileId.make(4) }))),
    ).toBe("PartnershipLimitReached");
  });
});

describe("changePartnership", () => {
  const pending = async (w: ReturnType<typeof world>, by: "agent" | "business" = "agent") => {
    const exit = await w.run(
      by === "agent"
        ? requestPartnership(w.agent[0]!, { businessId: BusinessProfileId.make(1) })
        : requestPartnership(w.business[0]!, { agentId: AgentProfileId.make(1) }),
    );
    if (!Exit.isSuccess(exit)) throw new Error("setup failed");
    return exit.value.id;
  };

  it("the receiver accepts: active with startDate now, and the requester is emailed", async () => {
    const w = world();
    const id = await pending(w);
    const exit = await w.run(changePartnership(w.business[0]!, id, "active"));
    expect(Exit.isSuccess(exit) && exit.value).toMatchObject({
      status: "active",
      startDate: new Date("2026-11-22T10:00:00Z"),
    });
    expect(w.mailer.sent.at(-1)).toMatchObject({
      to: "u101@example.com",
      subject: "Company 1 accepted your connection request",
    });
  });

  it("the requester cannot accept their own request, but can withdraw it", async () => {
    const w = world();
    const id = await pending(w);
    expect(failureTag(await w.run(changePartnership(w.agent[0]!, id, "active")))).toBe(
      "PartnershipTransitionNotAllowed",
    );
    const exit = await w.run(changePartnership(w.agent[0]!, id, "withdrawn"));
    expect(Exit.isSuccess(exit) && exit.value.status).toBe("withdrawn");
  });

  it("either party ends an active partnership; ending is irreversible", async () => {
    const w = world();
    const id = await pending(w, "business");
    await w.run(changePartnership(w.agent[0]!, id, "active"));
    const ended = await w.run(changePartnership(w.business[0]!, id, "terminated"));
    expect(Exit.isSuccess(ended) && ended.value.endDate).toEqual(new Date("2026-11-22T10:00:00Z"));
    expect(failureTag(await w.run(changePartnership(w.agent[0]!, id, "active")))).toBe(
      "PartnershipTransitionNotAllowed",
    );
  });

  it("a non-party gets PartnershipNotFound and nothing changes", async () => {
    const w = world({ businesses: 2, agents: 2 });
    const id = await pending(w);
    expect(failureTag(await w.run(changePartnership(w.business[1]!, id, "active")))).toBe(
      "PartnershipNotFound",
    );
    expect(failureTag(await w.run(getPartnership(w.agent[1]!, id)))).toBe("PartnershipNotFound");
    expect(w.partnerships.rows[0]?.status).toBe("pending");
  });

  it("accepting checks the counterpart's limit too", async () => {
    const w = world({ businesses: 4 });
    for (const business of w.business.slice(0, 3)) {
      const profile = w.profiles.businesses.find((b) => b.userId === business.id)!;
      const created = await w.run(requestPartnership(w.agent[0]!, { businessId: profile.id }));
      if (Exit.isSuccess(created)) await w.run(changePartnership(business, created.value.id, "active"));
    }
    // The 4th business asks the (full) agent; the agent may not accept a 4th on Agent Basic.
    const fourth = await w.run(requestPartnership(w.business[3]!, { agentId: AgentProfileId.make(1) }));
    if (!Exit.isSuccess(fourth)) throw new Error("setup failed");
    const exit = await w.run(changePartnership(w.agent[0]!, fourth.value.id, "active"));
    expect(failureTag(exit)).toBe("PartnershipLimitReached");
    expect(w.partnerships.rows.find((r) => r.id === fourth.value.id)?.status).toBe("pending");
  });

  it("an unlimited plan has no limit", async () => {
    const w = world({ businesses: 5, plans: { "agent:1": "agent_pro" } });
    for (const business of w.business) {
      const profile = w.profiles.businesses.find((b) => b.userId === business.id)!;
      const created = await w.run(requestPartnership(w.agent[0]!, { businessId: profile.id }));
      if (Exit.isSuccess(created)) await w.run(changePartnership(business, created.value.id, "active"));
    }
    expect(w.partnerships.rows.filter((r) => r.status === "active")).toHaveLength(5);
  });

  it("a mail failure never fails the change", async () => {
    const w = world();
    const id = await pending(w);
    w.mailer.sent.push = () => {
      throw new Error("smtp down");
    };
    const exit = await w.run(changePartnership(w.business[0]!, id, "rejected"));
    expect(Exit.isSuccess(exit) && exit.value.status).toBe("rejected");
  });
});

describe("listPartnerships", () => {
  it("lists the caller's side only, with counts; empty without a profile", async () => {
    const w = world({ businesses: 2 });
    const a = await w.run(requestPartnership(w.agent[0]!, { businessId: BusinessProfileId.make(1) }));
    await w.run(requestPartnership(w.agent[0]!, { businessId: BusinessProfileId.make(2) }));
    if (Exit.isSuccess(a)) await w.run(changePartnership(w.business[0]!, a.value.id, "active"));
    const list = await w.run(listPartnerships(w.agent[0]!, { statuses: [], page: 1, pageSize: 20 }));
    expect(Exit.isSuccess(list) && list.value.counts).toEqual({ active: 1, pending: 1 });
    const other = await w.run(
      listPartnerships(w.business[1]!, { statuses: ["active"], page: 1, pageSize: 20 }),
    );
    expect(Exit.isSuccess(other) && other.value).toMatchObject({
      items: [],
      counts: { active: 0, pending: 1 },
    });
    w.profiles.agents.length = 0;
    const none = await w.run(listPartnerships(w.agent[0]!, { statuses: [], page: 1, pageSize: 20 }));
    expect(Exit.isSuccess(none) && none.value.total).toBe(0);
  });
});
