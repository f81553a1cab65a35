/**
 * In-memory profile repositories and object mothers for unit tests. Search honours filters,
 * keyword prefixes and the sorts, with "match" ranked by core's own score.
 */

import { Effect, Layer, Option } from "effect";
import type { UserId } from "../../shared/ids.ts";
import type { Unbranded } from "../../shared/testing.ts";
import { experienceBands } from "../catalogue.ts";
import { ProfileAlreadyExists } from "../errors.ts";
import { matchAgentForBusiness, matchBusinessForAgent } from "../match.ts";
import type {
  AgentProfile,
  AgentProfileFields,
  BusinessProfile,
  BusinessProfileFields,
  ProfileOwner,
} from "../model.ts";
import { AgentProfileRepository, BusinessProfileRepository, searchTotalCap } from "../ports.ts";

const owner = (userId: number, verified = false): ProfileOwner => ({
  userId: userId as UserId,
  username: `user${userId}`,
  verificationStatus: verified ? "verified" : "unverified",
});

/** A business profile with sensible defaults (spec §5 defaults: technology, small, sydney). */
export const aBusinessProfile = (overrides: Partial<Unbranded<BusinessProfile>> = {}): BusinessProfile =>
  ({
    id: 1,
    userId: 1 as UserId,
    companyName: "Harbour Tech",
    industry: "technology",
    size: "small",
    description: null,
    location: "sydney",
    logo: null,
    website: null,
    contactEmail: null,
    contactPhone: null,
    createdAt: new Date("2026-01-01T00:00:00Z"),
    updatedAt: new Date("2026-01-01T00:00:00Z"),
    owner: owner(overrides.userId ?? 1),
    ...overrides,
  }) as BusinessProfile;

/** An agent profile with sensible defaults (minimum commission 10 %). */
export const anAgentProfile = (overrides: Partial<Unbranded<AgentProfile>> = {}): AgentProfile =>
  ({
    id: 1,
    userId: 2 as UserId,
    fullName: "Mia Chen",
    specialization: "B2B Sales",
    yearsOfExperience: 0,
    bio: null,
    location: "perth",
    photo: null,
    linkedinProfile: null,
    minimumCommissionRate: 25,
    skills: [],
    featured: false,
    createdAt: new Date("2026-01-01T00:00:00Z"),
    updatedAt: new Date("2026-01-01T00:00:00Z"),
    owner: owner(overrides.userId ?? 2),
    ...overrides,
  }) as AgentProfile;

const matchesKeywords = (text: string, keywords: readonly string[]) => {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return keywords.every((k) => words.some((w) => w.startsWith(k)));
};

export function makeProfilesMemory() {
  const businesses: BusinessProfile[] = [];
  const agents: AgentProfile[] = [];
  let nextId = 1;

  const businessRepository = Layer.succeed(BusinessProfileRepository, {
    insert: (userId, fields: BusinessProfileFields) =>
      Effect.suspend((): Effect.Effect<BusinessProfile, ProfileAlreadyExists> => {
        if (businesses.some((b) => b.userId === userId))
          return Effect.fail(new ProfileAlreadyExists({ kind: "business" }));
        const profile = aBusinessProfile({ ...fields, id: nextId++, userId, owner: owner(userId) });
        businesses.push(profile);
        return Effect.succeed(profile);
      }),
    update: (id, fields) =>
      Effect.sync(() => {
        const i = businesses.findIndex((b) => b.id === id);
        businesses[i] = { ...businesses[i]!, ...fields };
        return businesses[i]!;
      }),
    findById: (id) => Effect.sync(() => Option.fromNullable(businesses.find((b) => b.id === id))),
    findByUser: (userId) =>
      Effect.sync(() => Option.fromNullable(businesses.find((b) => b.userId === userId))),
    findViewer: (userId) =>
      Effect.sync(() => Option.fromNullable(businesses.find((b) => b.userId === userId))),
    search: (c, viewer) =>
      Effect.sync(() => {
        const all = businesses.filter(
          (b) =>
            (!c.industry || b.industry === c.industry) &&
            (!c.size || b.size === c.size) &&
            (!c.location || b.location === c.location) &&
            (!c.verifiedOnly || b.owner.verificationStatus === "verified") &&
            matchesKeywords(`${b.companyName} ${b.industry} ${b.description ?? ""}`, c.keywords),
        );
        const byNewest = (a: BusinessProfile, b: BusinessProfile) =>
          b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id;
        all.sort(
          c.sort === "match" && viewer
            ? (a, b) =>
                matchBusinessForAgent(viewer, b).score - matchBusinessForAgent(viewer, a).score ||
                byNewest(a, b)
            : byNewest,
        );
        return {
          items: all.slice((c.page - 1) * c.pageSize, c.page * c.pageSize),
          total: Math.min(all.length, searchTotalCap),
          totalCapped: all.length > searchTotalCap,
        };
      }),
  });

  const agentRepository = Layer.succeed(AgentProfileRepository, {
    insert: (userId, fields: AgentProfileFields) =>
      Effect.suspend((): Effect.Effect<AgentProfile, ProfileAlreadyExists> => {
        if (agents.some((a) => a.userId === userId))
          return Effect.fail(new ProfileAlreadyExists({ kind: "agent" }));
        const profile = anAgentProfile({ ...fields, id: nextId++, userId, owner: owner(userId) });
        agents.push(profile);
        return Effect.succeed(profile);
      }),
    update: (id, fields) =>
      Effect.sync(() => {
        const i = agents.findIndex((a) => a.id === id);
        agents[i] = { ...agents[i]!, ...fields };
        return agents[i]!;
      }),
    findById: (id) => Effect.sync(() => Option.fromNullable(agents.find((a) => a.id === id))),
    findByUser: (userId) => Effect.sync(() => Option.fromNullable(agents.find((a) => a.userId === userId))),
    findViewer: (userId) => Effect.sync(() => Option.fromNullable(agents.find((a) => a.userId === userId))),
    search: (c, viewer) =>
      Effect.sync(() => {
        const band = c.experience ? experienceBands[c.experience] : undefined;
        const all = agents.filter(
          (a) =>
            (!c.specialization || a.specialization.toLowerCase() === c.specialization.toLowerCase()) &&
            (!c.location || a.location === c.location) &&
            (!band ||
              (a.yearsOfExperience >= band.min && (band.max === null || a.yearsOfExperience <= band.max))) &&
            (c.minimumCommissionRate === undefined || a.minimumCommissionRate >= c.minimumCommissionRate) &&
            (!c.verifiedOnly || a.owner.verificationStatus === "verified") &&
            matchesKeywords(
              `${a.fullName} ${a.specialization} ${a.skills.join(" ")} ${a.bio ?? ""}`,
              c.keywords,
            ),
        );
        const byNewest = (a: AgentProfile, b: AgentProfile) =>
          b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id;
        all.sort(
          c.sort === "match" && viewer
            ? (a, b) =>
                matchAgentForBusiness(viewer, b).score - matchAgentForBusiness(viewer, a).score ||
                byNewest(a, b)
            : c.sort === "experience"
              ? (a, b) => b.yearsOfExperience - a.yearsOfExperience || byNewest(a, b)
              : byNewest,
        );
        return {
          items: all.slice((c.page - 1) * c.pageSize, c.page * c.pageSize),
          total: Math.min(all.length, searchTotalCap),
          totalCapped: all.length > searchTotalCap,
        };
      }),
  });

  return { layer: Layer.mergeAll(businessRepository, agentRepository), businesses, agents };
}
