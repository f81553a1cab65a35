/**
 * Profile and discovery handlers (spec §7): see contracts/src/routes/profiles.routes.ts.
 * The caller always comes from the session; a `userId` in a body must be the caller's own.
 */
import { deprecatedBehaviours, deprecationHeaderValue, profileRoutes } from "@closr/contracts";
import type { User } from "@closr/core/identity";
import { countProfileView, countSearchAppearances } from "@closr/core/insights";
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
  type Page,
  type ProfileKind,
  searchAgents,
  searchBusinesses,
  skillCatalogue,
  specializations,
  updateAgentProfile,
  updateBusinessProfile,
} from "@closr/core/profiles";
import { AgentProfileId, BusinessProfileId } from "@closr/core/shared";
import type { OpenAPIHono } from "@hono/zod-openapi";
import { Effect } from "effect";
import type { Context } from "hono";
import type { AppEnv } from "../../http/env.ts";
import { signedIn } from "../../http/guards.ts";
import { type DomainError, problem } from "../../http/problem.ts";
import { runUseCase } from "../../http/run.ts";
import type { AppRuntime, AppServices } from "../../runtime.ts";

const owner = (p: {
  owner: { userId: number; username: string; verificationStatus: string; verifiedBadge?: boolean };
}) => ({
  id: p.owner.userId,
  username: p.owner.username,
  verificationStatus: p.owner.verificationStatus as "unverified" | "pending" | "verified",
  verifiedBadge: p.owner.verifiedBadge ?? false,
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
  rating: { average: p.rating?.average ?? null, count: p.rating?.count ?? 0 },
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
  rating: { average: p.rating?.average ?? null, count: p.rating?.count ?? 0 },
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

/**
 * The business/agent mirror, written once (ADR 0009): each operation below is the same for both
 * sides and takes the side's use case and JSON mapper. The route registrations stay per side
 * because each route has its own contract types.
 */
const makeProfileOperations = (runtime: AppRuntime) => ({
  /**
   * The other side searches `side`'s profiles; a user of `side` still reads their own profile here
   * for one version, marked deprecated (RFC 9745 `Deprecation` + `Link`; issue 49): the own
   * profile is at `GET /api/<side>-profiles/me`.
   */
  ownOrSearch: <P, J, E1 extends DomainError, E2 extends DomainError>(
    c: Context,
    user: User,
    side: ProfileKind,
    json: (p: P, match?: Match) => J,
    own: (user: User) => Effect.Effect<P, E1, AppServices>,
    search: () => Effect.Effect<Page<{ profile: P; match: Match | undefined }>, E2, AppServices>,
  ) =>
    user.userType === side
      ? runUseCase(runtime, c, own(user), (p) => {
          const deprecated =
            deprecatedBehaviours[side === "agent" ? "listAgentProfiles" : "listBusinessProfiles"]!;
          c.header("Deprecation", deprecationHeaderValue(deprecated.since));
          c.header("Link", `<${deprecated.replacement}>; rel="successor-version"`);
          return c.json(json(p), 200);
        })
      : runUseCase(runtime, c, search(), (result) =>
          c.json({ ...result, items: result.items.map((i) => json(i.profile, i.match)) }, 200),
        ),
  /** The caller's own profile of `side` (`/me`); 403 wrong-account-type for the other side. */
  own: <P, J, E extends DomainError>(
    c: Context,
    user: User,
    side: ProfileKind,
    json: (p: P) => J,
    own: (user: User) => Effect.Effect<P, E, AppServices>,
  ) =>
    user.userType === side
      ? runUseCase(runtime, c, own(user), (p) => c.json(json(p), 200))
      : problem(c, "wrong-account-type", {
          detail: `Only ${side === "agent" ? "agents" : "businesses"} have ${side === "agent" ? "an agent" : "a business"} profile of their own.`,
        }),
  /** Creates the caller's own profile; a `userId` in the body must be the caller's. */
  create: <F, P, J, E extends DomainError>(
    c: Context,
    user: User,
    userId: number | undefined,
    fields: F,
    create: (user: User, fields: F) => Effect.Effect<P, E, AppServices>,
    json: (p: P) => J,
  ) =>
    notOwnUserId(c, user, userId) ??
    runUseCase(runtime, c, create(user, fields), (p) => c.json(json(p), 201)),
  /** One profile by id, with its match for a viewer of the other side. */
  get: <Id, P, J, E extends DomainError>(
    c: Context,
    user: User,
    id: Id,
    get: (user: User, id: Id) => Effect.Effect<{ profile: P; match: Match | undefined }, E, AppServices>,
    json: (p: P, match?: Match) => J,
  ) => runUseCase(runtime, c, get(user, id), (r) => c.json(json(r.profile, r.match), 200)),
  /** Edits the caller's own profile (absent PATCH keys stay as they are). */
  update: <Id, F extends object, P, J, E extends DomainError>(
    c: Context,
    user: User,
    id: Id,
    patch: F,
    update: (
      user: User,
      id: Id,
      patch: { [K in keyof F]: Exclude<F[K], undefined> },
    ) => Effect.Effect<P, E, AppServices>,
    json: (p: P) => J,
  ) => runUseCase(runtime, c, update(user, id, defined(patch)), (p) => c.json(json(p), 200)),
});

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

  const ops = makeProfileOperations(runtime);

  // `/me` before `/{id}`: the literal path wins (issue 49).
  app.openapi(signedIn(profileRoutes.getOwnBusinessProfile), async (c) =>
    ops.own(c, c.get("user"), "business", businessJson, getOwnBusinessProfile),
  );
  app.openapi(signedIn(profileRoutes.getOwnAgentProfile), async (c) =>
    ops.own(c, c.get("user"), "agent", agentJson, getOwnAgentProfile),
  );

  app.openapi(signedIn(profileRoutes.listBusinessProfiles), async (c) => {
    const q = c.req.valid("query");
    return ops.ownOrSearch(c, c.get("user"), "business", businessJson, getOwnBusinessProfile, () =>
      searchBusinesses(c.get("user"), {
        keywords: keywordTerms(q.q),
        industry: q.industry,
        size: q.size,
        location: q.location,
        verifiedOnly: q.verified === "true",
        minimumRating: q.minimumRating,
        sort: q.sort,
        page: q.page,
        pageSize: q.pageSize,
      }),
    );
  });

  app.openapi(signedIn(profileRoutes.listAgentProfiles), async (c) => {
    const q = c.req.valid("query");
    return ops.ownOrSearch(c, c.get("user"), "agent", agentJson, getOwnAgentProfile, () =>
      // Search appearances (issue 18): counted once per page served, buffered off the request path.
      searchAgents(c.get("user"), {
        keywords: keywordTerms(q.q),
        specialization: q.specialization?.trim() || undefined,
        location: q.location,
        experience: q.experience,
        minimumCommissionRate: q.minimumCommissionRate,
        verifiedOnly: q.verified === "true",
        sort: q.sort,
        page: q.page,
        pageSize: q.pageSize,
      }).pipe(Effect.tap((page) => countSearchAppearances(page.items.map((i) => i.profile.id)))),
    );
  });

  app.openapi(signedIn(profileRoutes.createBusinessProfile), async (c) => {
    const { userId, ...input } = c.req.valid("json");
    const fields = {
      ...input,
      description: input.description ?? null,
      logo: input.logo ?? null,
      website: input.website ?? null,
      contactEmail: input.contactEmail ?? null,
      contactPhone: input.contactPhone ?? null,
    };
    return ops.create(c, c.get("user"), userId, fields, createBusinessProfile, businessJson);
  });

  app.openapi(signedIn(profileRoutes.createAgentProfile), async (c) => {
    const { userId, ...input } = c.req.valid("json");
    const fields = {
      ...input,
      bio: input.bio ?? null,
      photo: input.photo ?? null,
      linkedinProfile: input.linkedinProfile ?? null,
    };
    return ops.create(c, c.get("user"), userId, fields, createAgentProfile, agentJson);
  });

  app.openapi(signedIn(profileRoutes.getBusinessProfile), async (c) =>
    ops.get(
      c,
      c.get("user"),
      BusinessProfileId.make(c.req.valid("param").id),
      getBusinessProfile,
      businessJson,
    ),
  );

  app.openapi(signedIn(profileRoutes.getAgentProfile), async (c) =>
    ops.get(
      c,
      c.get("user"),
      AgentProfileId.make(c.req.valid("param").id),
      (user, id) => getAgentProfile(user, id).pipe(Effect.tap((r) => countProfileView(user, r.profile))),
      agentJson,
    ),
  );

  app.openapi(signedIn(profileRoutes.updateBusinessProfile), async (c) =>
    ops.update(
      c,
      c.get("user"),
      BusinessProfileId.make(c.req.valid("param").id),
      c.req.valid("json"),
      updateBusinessProfile,
      businessJson,
    ),
  );

  app.openapi(signedIn(profileRoutes.updateAgentProfile), async (c) =>
    ops.update(
      c,
      c.get("user"),
      AgentProfileId.make(c.req.valid("param").id),
      c.req.valid("json"),
      updateAgentProfile,
      agentJson,
    ),
  );
}
