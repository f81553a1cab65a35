import { Effect, Exit, type Layer } from "effect";
import { describe, expect, it } from "vitest";
import { aUser } from "../identity/testing/index.ts";
import { AgentProfileId } from "../shared/index.ts";
import type { AgentProfileFields, AgentSearch, BusinessProfileFields } from "./model.ts";
import { keywordTerms } from "./model.ts";
import { makeProfilesMemory } from "./testing/index.ts";
import {
  createAgentProfile,
  createBusinessProfile,
  getAgentProfile,
  searchAgents,
  updateAgentProfile,
  updateBusinessProfile,
} from "./use-cases.ts";

const businessFields: BusinessProfileFields = {
  companyName: "Sunrise Health",
  industry: "healthcare",
  size: "medium",
  description: null,
  location: "sydney",
  logo: null,
  website: null,
  contactEmail: null,
  contactPhone: null,
};
const agentFields = (overrides: Partial<AgentProfileFields> = {}): AgentProfileFields => ({
  fullName: "Jack Wilson",
  specialization: "Enterprise Solutions",
  yearsOfExperience: 8,
  bio: "Enterprise sales across NSW",
  location: "sydney",
  photo: null,
  linkedinProfile: null,
  minimumCommissionRate: 10,
  skills: ["Healthcare"],
  ...overrides,
});
const search = (overrides: Partial<AgentSearch> = {}): AgentSearch => ({
  keywords: [],
  verifiedOnly: false,
  sort: "match",
  page: 1,
  pageSize: 10,
  ...overrides,
});

function world() {
  const memory = makeProfilesMemory();
  const run = <A, E>(effect: Effect.Effect<A, E, Layer.Layer.Success<typeof memory.layer>>) =>
    Effect.runPromiseExit(Effect.provide(effect, memory.layer));
  return { memory, run };
}
const tagOf = (exit: Exit.Exit<unknown, { _tag: string }>) =>
  Exit.isFailure(exit) && exit.cause._tag === "Fail" ? exit.cause.error._tag : "success";

describe("creating profiles", () => {
  it("lets each account type create only its own kind, once", async () => {
    const { run } = world();
    const business = aUser(1, "business");
    const agent = aUser(2, "agent");
    expect(tagOf(await run(createBusinessProfile(business, businessFields)))).toBe("success");
    expect(tagOf(await run(createBusinessProfile(business, businessFields)))).toBe("ProfileAlreadyExists");
    expect(tagOf(await run(createBusinessProfile(agent, businessFields)))).toBe("WrongAccountType");
    expect(tagOf(await run(createAgentProfile(business, agentFields())))).toBe("WrongAccountType");
    expect(tagOf(await run(createAgentProfile(agent, agentFields())))).toBe("success");
  });

  it("refuses unknown, repeated or more than 10 skills", async () => {
    const { run } = world();
    const agent = aUser(2, "agent");
    expect(tagOf(await run(createAgentProfile(agent, agentFields({ skills: ["Juggling"] }))))).toBe(
      "InvalidSkills",
    );
    expect(tagOf(await run(createAgentProfile(agent, agentFields({ skills: ["Retail", "Retail"] }))))).toBe(
      "InvalidSkills",
    );
    const eleven = [
      "Relationship Building",
      "Data Analysis",
      "Revenue Growth",
      "Account Management",
      "Social Selling",
      "Consultative Selling",
      "Enterprise Solutions",
      "Contract Negotiation",
      "Healthcare",
      "Retail",
      "Manufacturing",
    ];
    expect(tagOf(await run(createAgentProfile(agent, agentFields({ skills: eleven }))))).toBe(
      "InvalidSkills",
    );
    expect(tagOf(await run(createAgentProfile(agent, agentFields({ skills: eleven.slice(0, 10) }))))).toBe(
      "success",
    );
  });
});

describe("editing profiles", () => {
  it("edits one's own profile and answers not found for anyone else's", async () => {
    const { run } = world();
    const owner = aUser(1, "business");
    const created = await run(createBusinessProfile(owner, businessFields));
    if (!Exit.isSuccess(created)) throw new Error("setup");
    const edited = await run(
      updateBusinessProfile(owner, created.value.id, { companyName: "Sunrise Health Group" }),
    );
    expect(Exit.isSuccess(edited) && edited.value.companyName).toBe("Sunrise Health Group");
    expect(
      tagOf(
        await run(updateBusinessProfile(aUser(9, "business"), created.value.id, { companyName: "Mine" })),
      ),
    ).toBe("ProfileNotFound");
    expect(
      tagOf(
        await run(
          updateAgentProfile(aUser(2, "agent"), AgentProfileId.make(created.value.id), { skills: ["Nope"] }),
        ),
      ),
    ).toBe("InvalidSkills");
  });
});

describe("searchAgents", () => {
  it("is for businesses only, ranks by match for the caller's profile, and explains each card", async () => {
    const { run } = world();
    const business = aUser(1, "business");
    await run(createBusinessProfile(business, businessFields));
    await run(
      createAgentProfile(
        aUser(2, "agent"),
        agentFields({
          fullName: "Poor Fit",
          skills: [],
          location: "perth",
          yearsOfExperience: 1,
          minimumCommissionRate: 30,
        }),
      ),
    );
    await run(createAgentProfile(aUser(3, "agent"), agentFields({ fullName: "Great Fit" })));

    expect(tagOf(await run(searchAgents(aUser(2, "agent"), search())))).toBe("WrongAccountType");
    const page = await run(searchAgents(business, search()));
    if (!Exit.isSuccess(page)) throw new Error("search failed");
    expect(page.value.items.map((i) => i.profile.fullName)).toEqual(["Great Fit", "Poor Fit"]);
    expect(page.value.items[0]!.match!.reasons).toContain("Healthcare skills");
    expect(page.value.total).toBe(2);

    const viewed = await run(getAgentProfile(business, page.value.items[0]!.profile.id));
    expect(Exit.isSuccess(viewed) && viewed.value.match?.score).toBe(page.value.items[0]!.match!.score);
  });

  it("falls back to newest without a profile to rank for", async () => {
    const { run } = world();
    await run(createAgentProfile(aUser(2, "agent"), agentFields()));
    const page = await run(searchAgents(aUser(1, "business"), search()));
    expect(Exit.isSuccess(page) && page.value.items[0]!.match).toBeUndefined();
  });
});

describe("keywordTerms", () => {
  it("keeps letters and digits only, so query syntax never passes through", () => {
    expect(keywordTerms("Enterpr")).toEqual(["enterpr"]);
    expect(keywordTerms(`'a' & b | !c :* d\\e "f"`)).toEqual(["a", "b", "c", "d", "e", "f"]);
    expect(keywordTerms("   ")).toEqual([]);
    expect(keywordTerms("Café Zürich 2026")).toEqual(["café", "zürich", "2026"]);
    expect(keywordTerms("x".repeat(10_000))).toEqual(["x".repeat(40)]);
    expect(keywordTerms("a b c d e f g h i j")).toHaveLength(8);
  });
});
