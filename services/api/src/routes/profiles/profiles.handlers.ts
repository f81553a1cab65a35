/**
 * Profile and discovery handlers (spec §7): see contracts/src/routes/profiles.routes.ts.
 * The caller always comes from the session; a `userId` in a body must be the caller's own.
 */
import { profileRoutes } from "@closr/contracts";
import type { User } from "@closr/core/identity";
import {
  type AgentProfile,
  type BusinessProfile,
  businessSizeLabels,
  businessSizes,
  commissionOptions,
  createAgentProfile,
  createBusinessProfile,
  type ExperienceBand,
  experienceBands,
  getAgentProfile,
  getBusinessProfile,
  getOwnAgentProfile,
  getOwnBusinessProfile,
  industries,
  keywordTerms,
  locations,
  type Match,
  maxSkills,
  searchAgents,
  searchBusinesses,
  skillCatalogue,
  specializations,
  updateAgentProfile,
  updateBusinessProfile,
} from "@closr/core/profiles";
import { AgentProfileId, BusinessProfileId } from "@closr/core/shared";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../http/env.ts";
import { signedIn } from "../../http/guards.ts";
import { problem } from "../../http/problem.ts";
import { runUseCase } from "../../http/run.ts";
import type { AppRuntime } from "../../runtime.ts";

const owner = (p: { owner: { userId: number; username: string; verificationStatus: string } }) => ({
  id: p.owner.userId,
  username: p.owner.username,
  verificationStatus: p.owner.verificationStatus as "unverified" | "pending" | "verified",
});

/** Core business profile → contract JSON. */
export const businessJson = (p: BusinessProfile, match?: Match) => ({
  id: p.id,
  userId: p.userId,
  companyName: p.companyName,
  industry: p.industry,
  size: p.size,
  description: p.description,
  location: p.location,
  logo: p.logo,
  website: p.website,
  contactEmail: p.contactEmail,
  contactPhone: p.contactPhone,
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
  user: owner(p),
  ...(match ? { match: { score: match.score, reasons: [...match.reasons] } } : {}),
});

/** Core agent profile → contract JSON. */
export const agentJson = (p: AgentProfile, match?: Match) => ({
  id: p.id,
  userId: p.userId,
  fullName: p.fullName,
  specialization: p.specialization,
  yearsOfExperience: p.yearsOfExperience,
  bio: p.bio,
  location: p.location,
  photo: p.photo,
  linkedinProfile: p.linkedinProfile,
  minimumCommissionRate: p.minimumCommissionRate,
  skills: [...p.skills],
  featured: p.featured,
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
  user: owner(p),
  ...(match ? { match: { score: match.score, reasons: [...match.reasons] } } : {}),
});

const notOwnUserId = (c: Context, user: User, userId: number | undefined) =>
  userId !== undefined && userId !== user.id
    ? problem(c, "forbidden", {
        detail: "You can only create your own profile.",
        errors: [{ field: "userId", message: "Must be your own user id" }],
      })
    : undefined;

/** Drops keys whose value is undefined (absent from a PATCH body). */
const defined = <T extends object>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]: Exclude<T[K], undefined>;
  };

export function registerProfileRoutes(app: OpenAPIHono<AppEnv>, runtime: AppRuntime) {
  app.openapi(profileRoutes.getCatalogue, (c) =>
    c.json(
      {
        industries: [...industries],
        sizes: businessSizes.map((value) => ({ value, label: businessSizeLabels[value] })),
        locations: [...locations],
        specializations: [...specializations],
        experienceBands: Object.keys(experienceBands) as ExperienceBand[],
        commissionOptions: [...commissionOptions],
        skills: skillCatalogue.map((s) => ({ ...s })),
        maxSkills,
      },
      200,
      { "cache-control": "public, max-age=3600" },
    ),
  );

  app.openapi(signedIn(profileRoutes.listBusinessProfiles), async (c) => {
    const user = c.get("user");
    if (user.userType === "business") {
      return runUseCase(runtime, c, getOwnBusinessProfile(user), (p) => c.json(businessJson(p), 200));
    }
    const q = c.req.valid("query");
    const criteria = {
      keywords: keywordTerms(q.q),
      industry: q.industry,
      size: q.size,
      location: q.location,
      verifiedOnly: q.verified === "true",
      sort: q.sort,
      page: q.page,
      pageSize: q.pageSize,
    };
    return runUseCase(runtime, c, searchBusinesses(user, criteria), (result) =>
      c.json({ ...result, items: result.items.map((i) => businessJson(i.profile, i.match)) }, 200),
    );
  });

  app.openapi(signedIn(profileRoutes.createBusinessProfile), async (c) => {
    const user = c.get("user");
    const { userId, ...input } = c.req.valid("json");
    const refused = notOwnUserId(c, user, userId);
    if (refused) return refused;
    const fields = {
      ...input,
      description: input.description ?? null,
      logo: input.logo ?? null,
      website: input.website ?? null,
      contactEmail: input.contactEmail ?? null,
      contactPhone: input.contactPhone ?? null,
    };
    return runUseCase(runtime, c, createBusinessProfile(user, fields), (p) => c.json(businessJson(p), 201));
  });

  app.openapi(signedIn(profileRoutes.getBusinessProfile), async (c) => {
    const user = c.get("user");
    return runUseCase(
      runtime,
      c,
      getBusinessProfile(user, BusinessProfileId.make(c.req.valid("param").id)),
      (r) => c.json(businessJson(r.profile, r.match), 200),
    );
  });

  app.openapi(signedIn(profileRoutes.updateBusinessProfile), async (c) => {
    const user = c.get("user");
    const patch = defined(c.req.valid("json"));
    return runUseCase(
      runtime,
      c,
      updateBusinessProfile(user, BusinessProfileId.make(c.req.valid("param").id), patch),
      (p) => c.json(businessJson(p), 200),
    );
  });

  app.openapi(signedIn(profileRoutes.listAgentProfiles), async (c) => {
    const user = c.get("user");
    if (user.userType === "agent") {
      return runUseCase(runtime, c, getOwnAgentProfile(user), (p) => c.json(agentJson(p), 200));
    }
    const q = c.req.valid("query");
    const criteria = {
      keywords: keywordTerms(q.q),
      specialization: q.specialization?.trim() || undefined,
      location: q.location,
      experience: q.experience,
      minimumCommissionRate: q.minimumCommissionRate,
      verifiedOnly: q.verified === "true",
      sort: q.sort,
      page: q.page,
      pageSize: q.pageSize,
    };
    return runUseCase(runtime, c, searchAgents(user, criteria), (result) =>
      c.json({ ...result, items: result.items.map((i) => agentJson(i.profile, i.match)) }, 200),
    );
  });

  app.openapi(signedIn(profileRoutes.createAgentProfile), async (c) => {
    const user = c.get("user");
    const { userId, ...input } = c.req.valid("json");
    const refused = notOwnUserId(c, user, userId);
    if (refused) return refused;
    const fields = {
      ...input,
      bio: input.bio ?? null,
      photo: input.photo ?? null,
      linkedinProfile: input.linkedinProfile ?? null,
    };
    return runUseCase(runtime, c, createAgentProfile(user, fields), (p) => c.json(agentJson(p), 201));
  });

  app.openapi(signedIn(profileRoutes.getAgentProfile), async (c) => {
    const user = c.get("user");
    return runUseCase(runtime, c, getAgentProfile(user, AgentProfileId.make(c.req.valid("param").id)), (r) =>
      c.json(agentJson(r.profile, r.match), 200),
    );
  });

  app.openapi(signedIn(profileRoutes.updateAgentProfile), async (c) => {
    const user = c.get("user");
    const patch = defined(c.req.valid("json"));
    return runUseCase(
      runtime,
      c,
      updateAgentProfile(user, AgentProfileId.make(c.req.valid("param").id), patch),
      (p) => c.json(agentJson(p), 200),
    );
  });
}
