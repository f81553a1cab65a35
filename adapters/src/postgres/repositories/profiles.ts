/**
 * Profile repositories on PostgreSQL. Search applies every filter through an index, keywords
 * through the GIN full-text index with prefix matching ("enterpr" finds "Enterprise"), and
 * ranks "match" with the SQL mirror of core's documented score (see core/src/profiles/match.ts;
 * the parity test in profiles.integration.test.ts keeps them equal).
 */
import {
  type AgentProfile,
  type AgentProfileFields,
  AgentProfileRepository,
  type AgentSearch,
  type BusinessProfile,
  type BusinessProfileFields,
  BusinessProfileRepository,
  type BusinessSearch,
  type BusinessSize,
  type Correction,
  correctTerm,
  experienceBands,
  type Industry,
  industries,
  industrySkill,
  industrySpecializationWords,
  type Location,
  locations,
  ProfileAlreadyExists,
  searchTotalCap,
  specializationWords,
  typoBudget,
  viewerCacheMs,
} from "@closr/core/profiles";
import { ratingSummary } from "@closr/core/review";
import { AgentProfileId, BusinessProfileId, type UserId } from "@closr/core/shared";
import { isPlanId, showsVerifiedBadge } from "@closr/core/subscription";
import { Effect, Option } from "effect";
import { type RawBuilder, type Selectable, type SelectQueryBuilder, sql } from "kysely";
import { LRUCache } from "lru-cache";
import { type Db, readerOf } from "../database.ts";
import { uniqueViolation } from "../errors.ts";
import type { AgentProfilesTable, BusinessProfilesTable, Database, UsersTable } from "../schema.ts";
import { ambientLayer } from "../transaction-scope.ts";
import { makeRefreshingCache } from "./refreshing-cache.ts";

/**
 * Counts matches up to searchTotalCap + 1 (a LIMIT inside the count), so a common keyword costs
 * a few ms instead of a full count of tens of thousands of rows (ADR 0005).
 */
// biome-ignore lint/suspicious/noExplicitAny: any filtered select
const cappedCount = (db: Db, matches: SelectQueryBuilder<any, any, { one: number }>) =>
  db.selectFrom(matches.limit(searchTotalCap + 1).as("m")).select(sql<number>`count(*)::int`.as("total"));

/** A value of a compiled search query as an SQL literal (strings quoted, quotes doubled). */
const sqlLiteral = (value: unknown): string => {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "string") return `'${value.replaceAll("'", "''")}'`;
  if (Array.isArray(value)) return `ARRAY[${value.map(sqlLiteral).join(",")}]`;
  throw new Error(`no SQL literal for ${typeof value}`);
};

/**
 * Capped count with an estimate first (ADR 0019): when the planner estimates more matches than
 * searchTotalCap (closr_estimated_rows, an EXPLAIN without execution, ~0.5 ms), the total is
 * capped without counting; otherwise matches are counted exactly up to the cap + 1. Counting
 * 1,000 matches of a common keyword costs 5–30 ms of GIN bitmap work on this box; the estimate
 * does not. Parameters are inlined as literals for the EXPLAIN (values are core's keyword terms,
 * closed-list values, numbers and a quoted specialization).
 */
// biome-ignore lint/suspicious/noExplicitAny: any filtered select
const estimatedCappedCount = (db: Db, matches: SelectQueryBuilder<any, any, { one: number }>) => {
  const compiled = matches.compile();
  const text = compiled.sql.replace(/\$(\d+)/g, (_, k: string) =>
    sqlLiteral(compiled.parameters[Number(k) - 1]),
  );
  return db.selectFrom(sql`(SELECT 1)`.as("x")).select(
    sql<number>`(CASE WHEN closr_estimated_rows(${text}) > ${searchTotalCap} THEN ${searchTotalCap + 1}
        ELSE (SELECT count(*) FROM (${matches.limit(searchTotalCap + 1)}) m) END)::int`.as("total"),
  );
};

/**
 * One query word as the search runs it (ADR 0036): the word (a prefix when it is the last one)
 * and the vocabulary words it stands for with their typos (core's `correctTerm`).
 */
export interface PlannedTerm {
  readonly term: string;
  readonly last: boolean;
  readonly corrections: readonly Correction[];
}

/** The words of a keyword search: every term must match, as itself or as one of its corrections. */
export type KeywordPlan = readonly PlannedTerm[];

/**
 * The keyword plan (ADR 0036): each term with its corrections among the vocabulary words
 * `lookup` returns for it (vocabularyCandidates, possibly cached). A term no profile word matches
 * even with typos ("chn" in "mia chn": 3 letters get no typos) is left out when another term is
 * known; when none is, the plan keeps them all and finds nothing.
 */
export async function planKeywords(
  lookup: (term: string, last: boolean) => Promise<readonly string[]>,
  keywords: readonly string[],
): Promise<KeywordPlan> {
  const terms = await Promise.all(
    exactPlan(keywords).map(async (t) => {
      const words = await lookup(t.term, t.last);
      const corrections = correctTerm(t.term, words, t.last);
      const known =
        corrections.length > 0 || words.some((w) => w === t.term || (t.last && w.startsWith(t.term)));
      return { term: { ...t, corrections }, known };
    }),
  );
  const known = terms.filter((t) => t.known);
  return (known.length ? known : terms).map((t) => t.term);
}

/** The plan without corrections: each term as written, the last one also as a prefix. */
export const exactPlan = (keywords: readonly string[]): KeywordPlan =>
  keywords.map((term, k) => ({ term, last: k === keywords.length - 1, corrections: [] }));

/**
 * A tsquery operand group for one term: its own word (`term:*` when last) and its corrections
 * with at most `maxTypos` typos, each restricted to `weights` (e.g. "A": the name only) when given.
 * Words are letters and digits only (core's keywordTerms; vocabulary words are checked), so no
 * query syntax passes through.
 */
const termQuery = (t: PlannedTerm, weights = "", maxTypos = 2) => {
  const operands = [
    `${t.term}${t.last ? ":*" : ""}${weights && !t.last ? ":" : ""}${weights}`,
    ...t.corrections
      .filter((c) => c.typos <= maxTypos)
      .map((c) => `${c.word}${weights ? ":" : ""}${weights}`),
  ];
  return operands.length === 1 ? operands[0]! : `(${operands.join(" | ")})`;
};

/** "(enterprise | entreprise) & solutions:*": every term, each by any of its words. */
const planQuery = (plan: KeywordPlan) => plan.map((t) => termQuery(t)).join(" & ");

/** Any word of any term, for "the name holds a keyword" (the agent candidate set's name part). */
const anyWordQuery = (plan: KeywordPlan) => plan.map((t) => termQuery(t)).join(" | ");

/**
 * Keyword filter on alias `t` (a or b): one full-text condition, so the GIN indexes (the
 * per-location and per-band ones of ADR 0027/0031 included) serve it with or without corrections.
 */
export const keywordFilter = (t: string, plan: KeywordPlan) =>
  sql<boolean>`${sql.ref(`${t}.search_vector`)} @@ to_tsquery('simple', ${planQuery(plan)})`;

/**
 * Field weights of the text relevance (ADR 0036), by the search vector's weight labels. Agents:
 * name A 8, specialization B 4, skills C 2, bio D 1; businesses: company name A 8, industry B 4,
 * description D 1. A term scores its best field; a profile's relevance is the sum over terms,
 * uncapped: "Enterprise Solutions" as a specialization (8) outranks the words in skills (4) or a
 * bio (2), and a name match (8 per word) outranks all but a specialization holding every word.
 */
export const fieldWeights = { A: 8, B: 4, C: 2, D: 1 } as const;

/** Text relevance of alias `t`: Σ over terms of the weight of the best field holding the term. */
export const textRelevanceSql = (t: string, plan: KeywordPlan) => {
  const vector = sql.ref(`${t}.search_vector`);
  const parts = plan.map(
    (
      term,
    ) => sql`(CASE WHEN ${vector} @@ to_tsquery('simple', ${termQuery(term, "A")}) THEN ${sql.lit(fieldWeights.A)}
      WHEN ${vector} @@ to_tsquery('simple', ${termQuery(term, "B")}) THEN ${sql.lit(fieldWeights.B)}
      WHEN ${vector} @@ to_tsquery('simple', ${termQuery(term, "C")}) THEN ${sql.lit(fieldWeights.C)}
      ELSE ${sql.lit(fieldWeights.D)} END)`,
  );
  return sql<number>`(${sql.join(parts, sql` + `)})`;
};

/**
 * Typos a profile's match took (ADR 0036): Σ over corrected terms of 0 when the term itself
 * matches, else the fewest typos among the corrections that do. Sorted first (ascending), so
 * exact matches always rank above corrected ones. Undefined (no key) for a plan without corrections.
 */
export const typosSql = (t: string, plan: KeywordPlan) => {
  const vector = sql.ref(`${t}.search_vector`);
  const parts = plan
    .filter((term) => term.corrections.length > 0)
    .map((term) => {
      const one = term.corrections.some((c) => c.typos === 1);
      return sql`(CASE WHEN ${vector} @@ to_tsquery('simple', ${termQuery(term, "", 0)}) THEN 0
        ${one ? sql`WHEN ${vector} @@ to_tsquery('simple', ${termQuery(term, "", 1)}) THEN 1` : sql``} ELSE 2 END)`;
    });
  return parts.length ? sql<number>`(${sql.join(parts, sql` + `)})` : undefined;
};

/**
 * The keyword ranking keys (ADR 0036), in order: typos (ascending), text relevance, then the match
 * score (0–100; absent without a viewer profile) and reputation, which only order profiles of
 * equal text relevance, never lift a weaker text match above a stronger one.
 */
export const keywordRankingKeys = (t: string, plan: KeywordPlan, score: RawBuilder<number> | undefined) => {
  const typos = typosSql(t, plan);
  return [
    ...(typos ? [[typos, "asc"] as const] : []),
    [textRelevanceSql(t, plan), "desc"],
    ...(score ? [[score, "desc"] as const] : []),
    [sql`${sql.ref(`${t}.reputation`)}`, "desc"],
  ] as const;
};

const owner = (row: {
  userId: number;
  username: string;
  verificationStatus: string;
  planId: string | null;
  userType: "business" | "agent";
}) => ({
  userId: row.userId as UserId,
  username: row.username,
  verificationStatus: row.verificationStatus as "unverified" | "pending" | "verified",
  // The badge reads the one catalogue (ADR 0042).
  verifiedBadge: showsVerifiedBadge(
    row.verificationStatus,
    row.planId && isPlanId(row.planId) ? row.planId : null,
    row.userType,
  ),
});

const agentColumns = [
  "a.id",
  "a.userId",
  "a.fullName",
  "a.specialization",
  "a.yearsOfExperience",
  "a.bio",
  "a.location",
  "a.photo",
  "a.linkedinProfile",
  "a.minimumCommissionRate",
  "a.skills",
  "a.featured",
  "a.createdAt",
  "a.updatedAt",
  "a.ratingCount",
  "a.ratingSum",
  "u.username",
  "u.verificationStatus",
  "u.planId",
  "u.userType",
] as const;

const businessColumns = [
  "b.id",
  "b.userId",
  "b.companyName",
  "b.industry",
  "b.size",
  "b.description",
  "b.location",
  "b.logo",
  "b.website",
  "b.contactEmail",
  "b.contactPhone",
  "b.createdAt",
  "b.updatedAt",
  "b.ratingCount",
  "b.ratingSum",
  "u.username",
  "u.verificationStatus",
  "u.planId",
  "u.userType",
] as const;

/** A column of a `"t.column"` list, without its table alias. */
type Column<C> = C extends `${string}.${infer Name}` ? Name : C;
/** The owner's columns every profile select joins from users. */
type OwnerRow = Pick<Selectable<UsersTable>, "username" | "verificationStatus" | "planId" | "userType">;
/** A row of agentColumns, typed from the tables' Selectable rows. */
type AgentRow = Pick<
  Selectable<AgentProfilesTable>,
  Exclude<Column<(typeof agentColumns)[number]>, keyof OwnerRow>
> &
  OwnerRow;
/** A row of businessColumns, typed from the tables' Selectable rows. */
type BusinessRow = Pick<
  Selectable<BusinessProfilesTable>,
  Exclude<Column<(typeof businessColumns)[number]>, keyof OwnerRow>
> &
  OwnerRow;

const toAgent = (r: AgentRow): AgentProfile => ({
  id: AgentProfileId.make(r.id),
  userId: r.userId as UserId,
  fullName: r.fullName,
  specialization: r.specialization,
  yearsOfExperience: r.yearsOfExperience,
  bio: r.bio,
  location: r.location as Location,
  photo: r.photo,
  linkedinProfile: r.linkedinProfile,
  minimumCommissionRate: r.minimumCommissionRate,
  skills: r.skills ?? [],
  featured: r.featured,
  createdAt: new Date(r.createdAt),
  updatedAt: new Date(r.updatedAt),
  owner: owner(r),
  rating: ratingSummary(r.ratingSum, r.ratingCount),
});

const toBusiness = (r: BusinessRow): BusinessProfile => ({
  id: BusinessProfileId.make(r.id),
  userId: r.userId as UserId,
  companyName: r.companyName,
  industry: r.industry as Industry,
  size: r.size as BusinessSize,
  description: r.description,
  location: r.location as Location,
  logo: r.logo,
  website: r.website,
  contactEmail: r.contactEmail,
  contactPhone: r.contactPhone,
  createdAt: new Date(r.createdAt),
  updatedAt: new Date(r.updatedAt),
  owner: owner(r),
  rating: ratingSummary(r.ratingSum, r.ratingCount),
});

type AgentQuery = SelectQueryBuilder<
  Database & { a: Database["agentProfiles"]; u: Database["users"] },
  "a" | "u",
  object
>;
type BusinessQuery = SelectQueryBuilder<Database & { b: Database["businessProfiles"] }, "b", object>;

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
const textArray = (xs: readonly string[]) => `ARRAY[${xs.map(literal).join(",")}]::text[]`;

/**
 * SQL mirror of matchAgentForBusiness (core/src/profiles/match.ts) for a viewer's industry and
 * location, with literals inlined: the text equals the expression of the index
 * agent_profiles_match_<industry>_<location>_idx (migration 2026-11-22-profile-search-ranking), so
 * ordering by it walks that index. Values come from core's closed lists only.
 */
export function agentMatchScoreSql(viewer: Pick<BusinessProfile, "industry" | "location">) {
  const skill = industrySkill[viewer.industry];
  const skillPart = skill ? `(CASE WHEN a.skills @> ${textArray([skill])} THEN 30 ELSE 0 END)` : "0";
  const words = industrySpecializationWords[viewer.industry];
  const wordPart = words.length
    ? `(CASE WHEN a.specialization_words && ${textArray(words)} THEN 10 ELSE 0 END)`
    : "0";
  const locationPart =
    viewer.location === "remote"
      ? `(CASE WHEN a.location = 'remote' THEN 20 ELSE 0 END)`
      : `(CASE WHEN a.location = ${literal(viewer.location)} THEN 20 WHEN a.location = 'remote' THEN 10 ELSE 0 END)`;
  return sql.raw<number>(`(${skillPart} + ${wordPart} + ${locationPart} + a.static_score)`);
}

/** SQL mirror of matchBusinessForAgent (core/src/profiles/match.ts). */
export function businessMatchScoreSql(viewer: AgentProfile) {
  const withSkill = industries.filter((i) => {
    const skill = industrySkill[i];
    return skill !== null && viewer.skills.includes(skill);
  });
  const words = new Set(specializationWords(viewer.specialization));
  const fitting = industries.filter((i: Industry) =>
    industrySpecializationWords[i].some((w) => words.has(w)),
  );
  const experienced = viewer.yearsOfExperience >= 6;
  return sql<number>`(
    (CASE WHEN b.industry = ANY(${withSkill}::text[]) THEN 35 ELSE 0 END)
    + (CASE WHEN b.industry = ANY(${fitting}::text[]) THEN 15 ELSE 0 END)
    + (CASE WHEN b.location = ${viewer.location} THEN 25
            WHEN ${viewer.location} = 'remote' OR b.location = 'remote' THEN 15 ELSE 0 END)
    + (CASE WHEN ${experienced}::boolean = (b.size IN ('medium', 'enterprise')) THEN 10 ELSE 4 END)
    + (CASE WHEN b.owner_verified THEN 10 ELSE 0 END)
    + (CASE WHEN coalesce(b.description, '') <> '' THEN 5 ELSE 0 END)
  )`;
}

/**
 * `years_of_experience BETWEEN min AND max` (max null: no upper bound) with the years as SQL
 * literals, for searches with a keyword and a location from the closed list (ADR 0031): the text
 * then implies the predicate of agent_profiles_search_<location>_<band>_idx (migration
 * 2026-11-27-02-search-keyword-bands), the keyword index of that location and band, so the
 * planner reads the keyword's matches in the band only (1,100 TIDs for "enterpr", Sydney, 6–10
 * years, at 100,000 agents) instead of ANDing two bitmaps of ~5,000. Bind parameters would hide
 * the years from the planner in generic plans. Years are core's band bounds (integers).
 */
export function literalYearsBand(min: number, max: number | null): RawBuilder<boolean> {
  const from = sql<boolean>`a.years_of_experience >= ${sql.lit(Math.trunc(min))}`;
  return max === null ? from : sql<boolean>`${from} AND a.years_of_experience <= ${sql.lit(Math.trunc(max))}`;
}

function agentFilters(query: AgentQuery, c: AgentSearch, plan: KeywordPlan): AgentQuery {
  let q = query;
  if (plan.length) q = q.where(keywordFilter("a", plan));
  if (c.specialization)
    q = q.where(sql<boolean>`lower(a.specialization) = ${c.specialization.toLowerCase()}`);
  // A literal (closed list), so the planner can use the per-location keyword index (ADR 0027).
  if (c.location)
    q = q.where(
      "a.location",
      "=",
      (locations as readonly string[]).includes(c.location) ? sql.lit(c.location) : c.location,
    );
  if (c.experience) {
    const band = experienceBands[c.experience];
    if (c.keywords.length && c.location && (locations as readonly string[]).includes(c.location)) {
      // Keyword + location + experience (ADR 0031): literal years, so the planner proves the
      // predicate of that location and band's keyword index.
      q = q.where(literalYearsBand(band.min, band.max));
    } else {
      q = q.where("a.yearsOfExperience", ">=", band.min);
      if (band.max !== null) q = q.where("a.yearsOfExperience", "<=", band.max);
    }
  }
  if (c.minimumCommissionRate !== undefined && c.minimumCommissionRate > 0) {
    q = q.where("a.minimumCommissionRate", ">=", c.minimumCommissionRate);
  }
  if (c.verifiedOnly) q = q.where("a.ownerVerified", "=", true);
  return q;
}

function businessFilters(query: BusinessQuery, c: BusinessSearch, plan: KeywordPlan): BusinessQuery {
  let q = query;
  if (plan.length) q = q.where(keywordFilter("b", plan));
  if (c.industry) q = q.where("b.industry", "=", c.industry);
  if (c.size) q = q.where("b.size", "=", c.size);
  if (c.location) q = q.where("b.location", "=", c.location);
  if (c.verifiedOnly) q = q.where("b.ownerVerified", "=", true);
  if (c.minimumRating !== undefined && c.minimumRating > 0)
    q = q.where(sql<boolean>`b.rating_count > 0 AND b.rating_sum >= ${c.minimumRating} * b.rating_count`);
  return q;
}

/**
 * Search totals per filter set (not per page, sort or viewer), at most 10 s old and cleared on
 * every profile write through this process. Other processes' writes show within 10 s. Counting
 * every match exactly is the dominant cost of a search at 100,000 profiles (ADR 0005); a key in
 * use is recounted in the background before it is 10 s old (ADR 0043), so no search waits for a
 * count it had cached, and keys counted together are recounted at different moments.
 */
export const makeCountCache = () => makeRefreshingCache<number>({ max: 5000, maxAgeMs: 10_000 });

const countKey = (c: AgentSearch | BusinessSearch) => {
  const { page: _page, pageSize: _size, sort: _sort, ...filters } = c;
  return JSON.stringify(filters);
};

const insertFailure = (kind: "business" | "agent") => (error: unknown) =>
  uniqueViolation(error) !== undefined ? Effect.fail(new ProfileAlreadyExists({ kind })) : Effect.die(error);

/**
 * What differs between the two sides' repositories (ADR 0009: one implementation per Party).
 * Rows are read by a SQL condition on the side's alias (`a` or `b`).
 */
interface ProfileSide<Profile, Fields, Search, Viewer> {
  readonly kind: "business" | "agent";
  readonly find: (condition: RawBuilder<boolean>) => Promise<Profile | undefined>;
  readonly insertRow: (userId: UserId, fields: Fields) => Promise<{ id: number }>;
  readonly updateRow: (id: number, fields: Partial<Fields>) => Promise<unknown>;
  readonly idIs: (id: number) => RawBuilder<boolean>;
  readonly userIs: (userId: UserId) => RawBuilder<boolean>;
  readonly vocabulary: (term: string, last: boolean) => Promise<string[]>;
  readonly search: (
    c: Search,
    viewer: Viewer | undefined,
    plan: KeywordPlan,
  ) => {
    readonly rows: () => Promise<Profile[]>;
    readonly count: () => Promise<{ total: number } | undefined>;
  };
}

/** One side's repository: find, insert, update (clearing the count cache), search with capped totals. */
const makeProfileRepository = <Profile, Fields, Search extends Parameters<typeof countKey>[0], Viewer>(
  side: ProfileSide<Profile, Fields, Search, Viewer>,
) => {
  const counts = makeCountCache();
  // Search viewers by user id (one query less per search); cleared by this process's writes.
  const viewers = makeRefreshingCache<{ profile: Profile | null }>({ max: 10_000, maxAgeMs: viewerCacheMs });
  const findBy = (condition: RawBuilder<boolean>) =>
    Effect.promise(() => side.find(condition)).pipe(Effect.map(Option.fromNullable));
  const byId = (id: number) => findBy(side.idIs(id));
  // Vocabulary candidates per term and keyword plans per query, at most as old as totals (10 s)
  // and cleared by this process's writes: a cached plan also skips core's typo check of every
  // candidate word (ADR 0043).
  const candidates = makeRefreshingCache<string[]>({ max: 5000, maxAgeMs: 10_000 });
  const plans = makeRefreshingCache<KeywordPlan>({ max: 5000, maxAgeMs: 10_000 });
  const written = () =>
    Effect.sync(() => {
      counts.clear();
      viewers.clear();
      candidates.clear();
      plans.clear();
    });
  const wordsFor = (term: string, last: boolean) =>
    candidates.get(`${term}${last ? "*" : ""}`, async () =>
      (await side.vocabulary(term, last)).filter((w) => /^[\p{L}\p{N}]+$/u.test(w)),
    );
  const planFor = (keywords: readonly string[]) =>
    plans.get(keywords.join(" "), () => planKeywords(wordsFor, keywords));
  return {
    insert: (userId: UserId, fields: Fields) =>
      Effect.tryPromise({ try: () => side.insertRow(userId, fields), catch: (e) => e }).pipe(
        Effect.catchAll(insertFailure(side.kind)),
        Effect.flatMap(({ id }) => byId(id)),
        Effect.map(Option.getOrThrow),
        Effect.tap(written),
      ),
    update: (id: number, fields: Partial<Fields>) =>
      Effect.promise(() => side.updateRow(id, fields)).pipe(
        Effect.flatMap(() => byId(id)),
        Effect.map(Option.getOrThrow),
        Effect.tap(written),
      ),
    findById: byId,
    findByUser: (userId: UserId) => findBy(side.userIs(userId)),
    findViewer: (userId: UserId) =>
      Effect.promise(async () => {
        const hit = await viewers.get(String(userId), async () => ({
          profile: (await side.find(side.userIs(userId))) ?? null,
        }));
        return Option.fromNullable(hit.profile);
      }),
    search: (c: Search, viewer: Viewer | undefined) =>
      Effect.promise(async () => {
        const plan = c.keywords.length ? await planFor(c.keywords) : [];
        const chosen = side.search(c, viewer, plan);
        const key = `${countKey(c)}${JSON.stringify(plan)}`;
        const total = counts.get(key, async () => Number((await chosen.count())?.total ?? 0));
        const [items, counted] = await Promise.all([chosen.rows(), total]);
        return { items, total: Math.min(counted, searchTotalCap), totalCapped: counted > searchTotalCap };
      }),
  };
};

const makeAgentRepository = (db: Db) => {
  const compiledAgentSearch = makeCompiledSearchCache();
  return AgentProfileRepository.of(
    makeProfileRepository<AgentProfile, AgentProfileFields, AgentSearch, BusinessProfile>({
      kind: "agent",
      find: async (condition) => {
        const row = await db
          .selectFrom("agentProfiles as a")
          .innerJoin("users as u", "u.id", "a.userId")
          .select(agentColumns)
          .where(condition)
          .executeTakeFirst();
        return row && toAgent(row);
      },
      insertRow: (userId, fields) =>
        db
          .insertInto("agentProfiles")
          .values({ ...fields, skills: [...fields.skills], userId })
          .returning("id")
          .executeTakeFirstOrThrow(),
      updateRow: (id, fields) =>
        db
          .updateTable("agentProfiles")
          .set({ ...fields, skills: fields.skills ? [...fields.skills] : undefined, updatedAt: new Date() })
          .where("id", "=", id)
          .execute(),
      idIs: (id) => sql<boolean>`a.id = ${id}`,
      userIs: (userId) => sql<boolean>`a.user_id = ${userId}`,
      vocabulary: (term, last) => vocabularyCandidates(readerOf(db), "agent", term, last),
      search: (c, viewer, plan) => {
        // Searches read from the replica when DATABASE_READ_URL is set (issue 21).
        const reader = readerOf(db);
        const { page, count } = compiledAgentSearch(reader, c, viewer, plan);
        return {
          rows: async () => (await reader.executeQuery(page)).rows.map(toAgent),
          count: async () => (await reader.executeQuery(count)).rows[0],
        };
      },
    }),
  );
};

/**
 * The compiled SQL of agent searches, by criteria, viewer class and variant (ADR 0027): building
 * and compiling the page and count queries with kysely cost ~7 % of the API's CPU per search
 * under load, and the text depends only on these inputs (the viewer's industry and location pick
 * the match-score expression). Per process, 2,000 entries, least recently used first out.
 */
const makeCompiledSearchCache = () => {
  const compiled = new LRUCache<string, ReturnType<typeof compileAgentSearch>>({ max: 2000 });
  return (db: Db, c: AgentSearch, viewer: BusinessProfile | undefined, plan: KeywordPlan) => {
    const key = JSON.stringify([c, viewer?.industry, viewer?.location, plan]);
    let hit = compiled.get(key);
    if (!hit) {
      hit = compileAgentSearch(db, c, viewer, plan);
      compiled.set(key, hit);
    }
    return hit;
  };
};

const compileAgentSearch = (
  db: Db,
  c: AgentSearch,
  viewer: BusinessProfile | undefined,
  plan: KeywordPlan,
) => {
  const { page, count } = agentSearchQueries(db, c, viewer, plan);
  return { page: page.compile(), count: count.compile() };
};

/**
 * Keyword ranking scores a capped candidate set, not every match (ADR 0019): a common keyword
 * ("enterprise", "saas") matches a fifth to a third of all agents, and ts_rank_cd over all of
 * them cost ~100 ms at 100,000 agents. The candidates are the first `keywordCandidates` matches
 * beyond the requested page's end in the keyword-less order (match score, reputation, featured,
 * newest: the per-viewer-class index; reputation without a viewer: the rating index), plus
 * every match whose NAME holds a term (GIN index on the name's vector; names are rare matches).
 * The keyword ranking keys (ADR 0036) then order those. Exact whenever the matches are fewer than the window; otherwise
 * a match outside it is one with a lower match score and reputation than `keywordCandidates`
 * others and no keyword in its name.
 */
export const keywordCandidates = 100;

const keywordCandidatesSql = (
  filtered: AgentQuery,
  c: AgentSearch,
  plan: KeywordPlan,
  score: RawBuilder<number> | undefined,
) => {
  const window = keywordCandidates + c.page * c.pageSize;
  const ordered = (
    score
      ? filtered
          .select("a.id")
          .orderBy(score, "desc")
          .orderBy("a.reputation", "desc")
          .orderBy("a.featured", "desc")
      : filtered.select("a.id").orderBy("a.reputation", "desc").orderBy("a.ratingCount", "desc")
  )
    .orderBy("a.createdAt", "desc")
    .orderBy("a.id", "desc")
    .limit(window);
  const named = filtered
    .select("a.id")
    .where(
      sql<boolean>`to_tsvector('simple', closr_words(a.full_name)) @@ to_tsquery('simple', ${anyWordQuery(plan)})`,
    )
    .limit(window);
  return sql`(SELECT o.id FROM (${ordered}) o UNION SELECT n.id FROM (${named}) n)`;
};

/**
 * The page and count queries of an agent search (exported so tests and the benchmark run them).
 * Orders (ADR 0005, ADR 0013, ADR 0036): "match" with keywords by typos, text relevance, match score
 * and reputation (keywordRankingKeys); "match" without by
 * score, reputation, featured (each per-class index holds exactly these keys); "rating" by
 * reputation and review count; then newest. The page picks its 12 ids on agent_profiles alone
 * (an index walk, no join per skipped row even on deep pages) and joins users for those only.
 */
export function agentSearchQueries(
  db: Db,
  c: AgentSearch,
  viewer: BusinessProfile | undefined,
  plan: KeywordPlan = exactPlan(c.keywords),
) {
  const filtered = agentFilters(db.selectFrom("agentProfiles as a") as AgentQuery, c, plan);
  const score = c.sort === "match" && viewer ? agentMatchScoreSql(viewer) : undefined;
  const keys: (readonly [RawBuilder<unknown>, "asc" | "desc"])[] = [];
  const desc = (e: RawBuilder<unknown>) => [e, "desc"] as const;
  const ranked = c.sort === "match" && plan.length > 0;
  if (ranked) keys.push(...keywordRankingKeys("a", plan, score), desc(sql`a.featured`));
  else if (c.sort === "match" && score)
    keys.push(desc(score), desc(sql`a.reputation`), desc(sql`a.featured`));
  else if (c.sort === "experience") keys.push(desc(sql`a.years_of_experience`));
  else if (c.sort === "rating") keys.push(desc(sql`a.reputation`), desc(sql`a.rating_count`));
  keys.push(desc(sql`a.created_at`), desc(sql`a.id`));
  let pick = ranked
    ? (db.selectFrom("agentProfiles as a") as AgentQuery)
        .select("a.id")
        .where(sql<boolean>`a.id IN ${keywordCandidatesSql(filtered, c, plan, score)}`)
    : filtered.select("a.id");
  for (const [key, direction] of keys) pick = pick.orderBy(key, direction);
  let page = db
    .selectFrom("agentProfiles as a")
    .innerJoin("users as u", "u.id", "a.userId")
    .select(agentColumns)
    .where("a.id", "in", pick.limit(c.pageSize).offset((c.page - 1) * c.pageSize));
  for (const [key, direction] of keys) page = page.orderBy(key, direction);
  return { page, count: estimatedCappedCount(db, filtered.select(sql<number>`1`.as("one"))) };
}

/**
 * Vocabulary words of one side near a query word (ADR 0036), the candidates core's `correctTerm`
 * checks: words whose Levenshtein distance to the term (for the last term: of their start, cut
 * to the term's length) is at most twice the term's typo budget (three times for the last term),
 * since a transposition costs 2 in Levenshtein and 1 in the typo rule. Words the term is or
 * (last) starts come back too, which tells the caller the term is known. Closest first, at most
 * 200. fuzzystrmatch's levenshtein_less_equal stops early past the bound.
 */
export async function vocabularyCandidates(
  db: Db,
  side: "agent" | "business" | "opportunity",
  term: string,
  last: boolean,
): Promise<string[]> {
  const budget = typoBudget(term.length);
  const bound = budget * (last ? 3 : 2);
  const compared = last ? sql`left(v.word, ${term.length})` : sql`v.word`;
  const distance = sql<number>`levenshtein_less_equal(${compared}, ${term}, ${bound})`;
  const rows = await db
    .selectFrom("searchVocabulary as v")
    .select("v.word")
    .where("v.side", "=", side)
    .where(sql<number>`length(v.word)`, ">=", term.length - budget)
    .$if(!last, (q) => q.where(sql<number>`length(v.word)`, "<=", term.length + budget))
    .where(distance, "<=", bound)
    .orderBy(distance)
    .orderBy("v.word")
    .limit(200)
    .execute();
  return rows.map((r) => r.word);
}

const makeBusinessRepository = (db: Db) =>
  BusinessProfileRepository.of(
    makeProfileRepository<BusinessProfile, BusinessProfileFields, BusinessSearch, AgentProfile>({
      kind: "business",
      find: async (condition) => {
        const row = await db
          .selectFrom("businessProfiles as b")
          .innerJoin("users as u", "u.id", "b.userId")
          .select(businessColumns)
          .where(condition)
          .executeTakeFirst();
        return row && toBusiness(row);
      },
      insertRow: (userId, fields) =>
        db
          .insertInto("businessProfiles")
          .values({ ...fields, userId })
          .returning("id")
          .executeTakeFirstOrThrow(),
      updateRow: (id, fields) =>
        db
          .updateTable("businessProfiles")
          .set({ ...fields, updatedAt: new Date() })
          .where("id", "=", id)
          .execute(),
      idIs: (id) => sql<boolean>`b.id = ${id}`,
      userIs: (userId) => sql<boolean>`b.user_id = ${userId}`,
      vocabulary: (term, last) => vocabularyCandidates(readerOf(db), "business", term, last),
      search: (c, viewer, plan) => {
        const { page, count } = businessSearchQueries(readerOf(db), c, viewer, plan);
        return {
          rows: async () => (await page.execute()).map(toBusiness),
          count: () => count.executeTakeFirst(),
        };
      },
    }),
  );

/** The page and count queries of a business search (orders as for agents; the table is small). */
export function businessSearchQueries(
  db: Db,
  c: BusinessSearch,
  viewer: AgentProfile | undefined,
  plan: KeywordPlan = exactPlan(c.keywords),
) {
  const filtered = businessFilters(db.selectFrom("businessProfiles as b") as BusinessQuery, c, plan);
  let page = filtered.innerJoin("users as u", "u.id", "b.userId").select(businessColumns);
  const score = c.sort === "match" && viewer ? businessMatchScoreSql(viewer) : undefined;
  if (c.sort === "match" && plan.length)
    for (const [key, direction] of keywordRankingKeys("b", plan, score)) page = page.orderBy(key, direction);
  else if (c.sort === "match" && score) page = page.orderBy(score, "desc").orderBy("b.reputation", "desc");
  else if (c.sort === "rating") page = page.orderBy("b.reputation", "desc").orderBy("b.ratingCount", "desc");
  return {
    page: page
      .orderBy("b.createdAt", "desc")
      .orderBy("b.id", "desc")
      .limit(c.pageSize)
      .offset((c.page - 1) * c.pageSize),
    count: cappedCount(db, filtered.select(sql<number>`1`.as("one"))),
  };
}

export const AgentProfileRepositoryPg = ambientLayer(AgentProfileRepository, makeAgentRepository);
export const BusinessProfileRepositoryPg = ambientLayer(BusinessProfileRepository, makeBusinessRepository);

/** Agent profiles by id (with their owners), for other contexts' views (e.g. partnership cards). */
export async function loadAgentProfiles(db: Db, ids: readonly number[]): Promise<Map<number, AgentProfile>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("agentProfiles as a")
    .innerJoin("users as u", "u.id", "a.userId")
    .select(agentColumns)
    .where("a.id", "in", [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, toAgent(r)]));
}

/** Business profiles by id (with their owners), for other contexts' views. */
export async function loadBusinessProfiles(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, BusinessProfile>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("businessProfiles as b")
    .innerJoin("users as u", "u.id", "b.userId")
    .select(businessColumns)
    .where("b.id", "in", [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, toBusiness(r)]));
}
