/**
 * Profiles use cases: create, edit and read one's own profile; read any profile; search the
 * other side with filters, keywords and ranking. Rules: spec §2.8, §2.9, §5, §6, §9.
 * Errors: WrongAccountType (403), ProfileAlreadyExists (409), ProfileNotFound (404), InvalidSkills (422).
 */
import { Effect, Option } from "effect";
import type { User } from "../identity/index.ts";
import type { AgentProfileId, BusinessProfileId } from "../shared/ids.ts";
import type { Paging } from "../shared/paging.ts";
import { maxSkills, skillNames } from "./catalogue.ts";
import { InvalidSkills, ProfileNotFound, WrongAccountType } from "./errors.ts";
import { matchAgentForBusiness, matchBusinessForAgent } from "./match.ts";
import type {
  AgentProfile,
  AgentProfileFields,
  AgentSearch,
  BusinessProfile,
  BusinessProfileFields,
  BusinessSearch,
  Match,
  Page,
} from "./model.ts";
import { AgentProfileRepository, BusinessProfileRepository } from "./ports.ts";
import { agentKeywordFields, businessKeywordFields, explainRanking, keywordReason } from "./relevance.ts";
import { readQuery } from "./typo.ts";

/** "match" needs the caller's profile or keywords to rank by; with neither it is newest. */
const effectiveSort = <S extends string>(sort: S, hasProfile: boolean, keywords: readonly string[]) =>
  sort === "match" && !hasProfile && keywords.length === 0 ? "newest" : sort;

const known = new Set(skillNames);

/** Checks skills against the catalogue: known names, no repeats, at most 10. */
export const validateSkills = (skills: readonly string[]) => {
  if (skills.length > maxSkills)
    return Effect.fail(new InvalidSkills({ message: `Choose at most ${maxSkills} skills` }));
  const unknown = skills.find((s) => !known.has(s));
  if (unknown) return Effect.fail(new InvalidSkills({ message: `Unknown skill: ${unknown}` }));
  if (new Set(skills).size !== skills.length)
    return Effect.fail(new InvalidSkills({ message: "Each skill can be chosen once" }));
  return Effect.void;
};

const requireType = (user: User, required: "business" | "agent", action: string) =>
  user.userType === required ? Effect.void : Effect.fail(new WrongAccountType({ required, action }));

/** Creates the caller's business profile (business accounts only, one per user). */
export const createBusinessProfile = Effect.fn("profiles.createBusinessProfile")(function* (
  user: User,
  fields: BusinessProfileFields,
) {
  yield* requireType(user, "business", "create a business profile");
  return yield* (yield* BusinessProfileRepository).insert(user.id, fields);
});

/** Creates the caller's agent profile (agent accounts only, one per user). */
export const createAgentProfile = Effect.fn("profiles.createAgentProfile")(function* (
  user: User,
  fields: AgentProfileFields,
) {
  yield* requireType(user, "agent", "create an agent profile");
  yield* validateSkills(fields.skills);
  return yield* (yield* AgentProfileRepository).insert(user.id, fields);
});

/** Edits the caller's own business profile; another's id answers ProfileNotFound. */
export const updateBusinessProfile = Effect.fn("profiles.updateBusinessProfile")(function* (
  user: User,
  id: BusinessProfileId,
  fields: Partial<BusinessProfileFields>,
) {
  const repository = yield* BusinessProfileRepository;
  const found = yield* repository.findById(id);
  if (Option.isNone(found) || found.value.userId !== user.id)
    return yield* new ProfileNotFound({ kind: "business" });
  return yield* repository.update(id, fields);
});

/** Edits the caller's own agent profile; another's id answers ProfileNotFound. */
export const updateAgentProfile = Effect.fn("profiles.updateAgentProfile")(function* (
  user: User,
  id: AgentProfileId,
  fields: Partial<AgentProfileFields>,
) {
  if (fields.skills) yield* validateSkills(fields.skills);
  const repository = yield* AgentProfileRepository;
  const found = yield* repository.findById(id);
  if (Option.isNone(found) || found.value.userId !== user.id)
    return yield* new ProfileNotFound({ kind: "agent" });
  return yield* repository.update(id, fields);
});

/** The caller's own profile of their type (ProfileNotFound when none yet). */
export const getOwnBusinessProfile = Effect.fn("profiles.getOwnBusinessProfile")(function* (user: User) {
  const found = yield* (yield* BusinessProfileRepository).findByUser(user.id);
  if (Option.isNone(found)) return yield* new ProfileNotFound({ kind: "business" });
  return found.value;
});

export const getOwnAgentProfile = Effect.fn("profiles.getOwnAgentProfile")(function* (user: User) {
  const found = yield* (yield* AgentProfileRepository).findByUser(user.id);
  if (Option.isNone(found)) return yield* new ProfileNotFound({ kind: "agent" });
  return found.value;
});

export interface Ranked<T> {
  readonly profile: T;
  /** Present when the viewer has a profile of the other side. */
  readonly match: Match | undefined;
}

/** One business profile, with its match for an agent viewer who has a profile. */
export const getBusinessProfile = Effect.fn("profiles.getBusinessProfile")(function* (
  viewer: User,
  id: BusinessProfileId,
) {
  const found = yield* (yield* BusinessProfileRepository).findById(id);
  if (Option.isNone(found)) return yield* new ProfileNotFound({ kind: "business" });
  const own =
    viewer.userType === "agent"
      ? yield* (yield* AgentProfileRepository).findByUser(viewer.id)
      : Option.none();
  return {
    profile: found.value,
    match: Option.isSome(own) ? matchBusinessForAgent(own.value, found.value) : undefined,
  } satisfies Ranked<BusinessProfile>;
});

/** One agent profile, with its match for a business viewer who has a profile. */
export const getAgentProfile = Effect.fn("profiles.getAgentProfile")(function* (
  viewer: User,
  id: AgentProfileId,
) {
  const found = yield* (yield* AgentProfileRepository).findById(id);
  if (Option.isNone(found)) return yield* new ProfileNotFound({ kind: "agent" });
  const own =
    viewer.userType === "business"
      ? yield* (yield* BusinessProfileRepository).findByUser(viewer.id)
      : Option.none();
  return {
    profile: found.value,
    match: Option.isSome(own) ? matchAgentForBusiness(own.value, found.value) : undefined,
  } satisfies Ranked<AgentProfile>;
});

/**
 * One search result page, each profile with its match for the viewer's own profile `own` of the
 * other side (explained by the keyword match and the rating first; ADR 0013); no match without one.
 */
const rankedPage = <P extends AgentProfile | BusinessProfile, O>(
  result: { readonly items: readonly P[]; readonly total: number; readonly totalCapped: boolean },
  criteria: Paging & { readonly keywords: readonly string[] },
  own: O | undefined,
  match: (own: O, profile: P) => Match,
  fields: (profile: P) => readonly (readonly [label: string, text: string | null])[],
): Page<Ranked<P>> => ({
  items: result.items.map((profile) => ({
    profile,
    match: own
      ? explainRanking(
          match(own, profile),
          criteria.keywords.length ? keywordReason(criteria.keywords, fields(profile)) : undefined,
          profile.rating,
        )
      : undefined,
  })),
  total: result.total,
  totalCapped: result.totalCapped,
  page: criteria.page,
  pageSize: criteria.pageSize,
});

/**
 * Agents for a business (spec §2.8 Find Agents). "match" ranks for the caller's business
 * profile (and by text relevance with keywords); without a profile or keywords it is newest.
 * Match reasons explain the order: the keyword match and the rating come first (ADR 0013).
 * A location word in the query is the location filter (readQuery, ADR 0036).
 * Untraced (ADR 0043): Effect.fn's span costs ~30–45 µs of CPU per call on this box, the search
 * is the API's busiest route, and no tracer exports spans.
 */
export const searchAgents = Effect.fnUntraced(function* (user: User, asked: AgentSearch) {
  yield* requireType(user, "business", "search agents");
  const criteria = { ...asked, ...readQuery(asked.keywords, asked.location) };
  const own = Option.getOrUndefined(yield* (yield* BusinessProfileRepository).findViewer(user.id));
  const sort = effectiveSort(criteria.sort, own !== undefined, criteria.keywords);
  const result = yield* (yield* AgentProfileRepository).search({ ...criteria, sort }, own);
  return rankedPage(result, criteria, own, matchAgentForBusiness, agentKeywordFields);
});

/**
 * Businesses for an agent (spec §2.9 Find Businesses), ranked for the caller's agent profile.
 * Untraced like searchAgents (ADR 0043).
 */
export const searchBusinesses = Effect.fnUntraced(function* (user: User, asked: BusinessSearch) {
  yield* requireType(user, "agent", "search businesses");
  const criteria = { ...asked, ...readQuery(asked.keywords, asked.location) };
  const own = Option.getOrUndefined(yield* (yield* AgentProfileRepository).findViewer(user.id));
  const sort = effectiveSort(criteria.sort, own !== undefined, criteria.keywords);
  const result = yield* (yield* BusinessProfileRepository).search({ ...criteria, sort }, own);
  return rankedPage(result, criteria, own, matchBusinessForAgent, businessKeywordFields);
});
