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
  viewerCacheMs,
} from "@closr/core/profiles";
import { ratingSummary } from "@closr/core/review";
import { AgentProfileId, BusinessProfileId, type UserId } from "@closr/core/shared";
import { Effect, Option } from "effect";
import { type RawBuilder, type Selectable, type SelectQueryBuilder, sql } from "kysely";
import { LRUCache } from "lru-cache";
import { type Db, readerOf } from "../database.ts";
import { uniqueViolation } from "../errors.ts";
import type { AgentProfilesTable, BusinessProfilesTable, Database, UsersTable } from "../schema.ts";
import { ambientLayer } from "../transaction-scope.ts";

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

/** A prefix tsquery from core's keyword terms (letters and digits only), e.g. "enterpr:* & sydney:*". */
export const prefixQuery = (keywords: readonly string[]) => keywords.map((k) => `${k}:*`).join(" & ");

/** Terms of at least this many characters also match by trigram similarity (typos). */
const fuzzyMinLength = 4;

/**
 * Keyword filter on alias `t` (a or b): every term matches as a prefix in the full-text vector,
 * or — with `fuzzy`, from 4 characters — nearly spells a word of the name, specialization/industry or skills
 * (pg_trgm `<%`, word_similarity ≥ 0.6, GIN trigram index on search_text): "entreprise",
 * "helthcare". Terms are core's keywordTerms (letters and digits only).
 */
const keywordFilter = (t: "a" | "b", keywords: readonly string[], fuzzy: boolean) =>
  sql<boolean>`(${sql.join(
    keywords.map((k) =>
      fuzzy && k.length >= fuzzyMinLength
        ? sql`(${sql.ref(`${t}.search_vector`)} @@ to_tsquery('simple', ${`${k}:*`}) OR ${k} <% ${sql.ref(`${t}.search_text`)})`
        : sql`${sql.ref(`${t}.search_vector`)} @@ to_tsquery('simple', ${`${k}:*`})`,
    ),
    sql` AND `,
  )})`;

/**
 * Text relevance 0–1 of alias `t` for the keywords: ts_rank_cd with field weights (name A 1.0,
 * specialization/industry and skills B 0.6, bio/description C 0.2, D 0.1) over the terms as
 * prefixes, capped at 1; a typo-only match scores 0.6 × its trigram word similarity.
 */
const textRelevanceSql = (t: "a" | "b", keywords: readonly string[], fuzzy: boolean) => {
  const rank = sql<number>`least(ts_rank_cd('{0.1, 0.2, 0.6, 1.0}', ${sql.ref(`${t}.search_vector`)},
      to_tsquery('simple', ${keywords.map((k) => `${k}:*`).join(" | ")})), 1.0)`;
  return fuzzy
    ? sql<number>`greatest(${rank}, 0.6 * word_similarity(${keywords.join(" ")}, ${sql.ref(`${t}.search_text`)}))`
    : rank;
};

/**
 * Typo tolerance is a fallback: the trigram alternative joins the filter only when the exact
 * prefix search finds fewer than this many profiles (one page), so common keywords keep their
 * GIN-only plan and never pay for trigram checks.
 */
export const fuzzyBelow = 12;

/**
 * The keyword ranking blend (ADR 0013), higher first:
 *   100 × text relevance (0–1) + 0.5 × match score (0–100; 0 without a viewer profile)
 *   + (reputation − 400) / 10 (Bayesian average in hundredths: a 4.8 record adds 8, a 3.0 one takes 10).
 * A profile that carries the word in its name and specialization (relevance 1) outranks one that
 * only mentions it in its bio (0.2) unless the latter's match and reputation make up 80 points.
 */
const rankingBlendSql = (
  t: "a" | "b",
  keywords: readonly string[],
  score: RawBuilder<number> | undefined,
  fuzzy: boolean,
) =>
  sql<number>`(100 * ${textRelevanceSql(t, keywords, fuzzy)} + 0.5 * ${score ?? sql`0`} + (${sql.ref(`${t}.reputation`)} - 400) / 10.0)`;

const owner = (row: { userId: number; username: string; verificationStatus: string }) => ({
  userId: row.userId as UserId,
  username: row.username,
  verificationStatus: row.verificationStatus as "unverified" | "pending" | "verified",
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
] as const;

/** A column of a `"t.column"` list, without its table alias. */
type Column<C> = C extends `${string}.${infer Name}` ? Name : C;
/** The owner's columns every profile select joins from users. */
type OwnerRow = Pick<Selectable<UsersTable>, "username" | "verificationStatus">;
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

function agentFilters(query: AgentQuery, c: AgentSearch, fuzzy: boolean): AgentQuery {
  let q = query;
  if (c.keywords.length) q = q.where(keywordFilter("a", c.keywords, fuzzy));
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

function businessFilters(query: BusinessQuery, c: BusinessSearch, fuzzy: boolean): BusinessQuery {
  let q = query;
  if (c.keywords.length) q = q.where(keywordFilter("b", c.keywords, fuzzy));
  if (c.industry) q = q.where("b.industry", "=", c.industry);
  if (c.size) q = q.where("b.size", "=", c.size);
  if (c.location) q = q.where("b.location", "=", c.location);
  if (c.verifiedOnly) q = q.where("b.ownerVerified", "=", true);
  if (c.minimumRating !== undefined && c.minimumRating > 0)
    q = q.where(sql<boolean>`b.rating_count > 0 AND b.rating_sum >= ${c.minimumRating} * b.rating_count`);
  return q;
}

/**
 * Search totals per filter set (not per page, sort or viewer), kept 10 s and cleared on every
 * profile write through this process. Other processes' writes show within 10 s. Counting every
 * match exactly is the dominant cost of a search at 100,000 profiles (ADR 0005).
 */
export const makeCountCache = () => new LRUCache<string, number>({ max: 5000, ttl: 10_000 });

const countKey = (c: AgentSearch | BusinessSearch) => {
  const { page: _page, pageSize: _size, sort: _sort, ...filters } = c;
  return JSON.stringify(filters);
};

async function cachedCount(
  cache: LRUCache<string, number>,
  key: string,
  count: () => Promise<{ total: number } | undefined>,
) {
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const total = Number((await count())?.total ?? 0);
  cache.set(key, total);
  return total;
}

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
  readonly search: (
    c: Search,
    viewer: Viewer | undefined,
    fuzzy: boolean,
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
  const viewers = new LRUCache<number, { profile: Profile | null }>({ max: 10_000, ttl: viewerCacheMs });
  const findBy = (condition: RawBuilder<boolean>) =>
    Effect.promise(() => side.find(condition)).pipe(Effect.map(Option.fromNullable));
  const byId = (id: number) => findBy(side.idIs(id));
  const written = () =>
    Effect.sync(() => {
      counts.clear();
      viewers.clear();
    });
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
        const hit = viewers.get(userId);
        if (hit) return Option.fromNullable(hit.profile);
        const profile = (await side.find(side.userIs(userId))) ?? null;
        viewers.set(userId, { profile });
        return Option.fromNullable(profile);
      }),
    search: (c: Search, viewer: Viewer | undefined) =>
      Effect.promise(async () => {
        const exact = side.search(c, viewer, false);
        const key = countKey(c);
        // Typo tolerance only when the exact keywords find less than a page (fuzzyBelow).
        const known = counts.get(key);
        if (!c.keywords.length || (known !== undefined && known >= fuzzyBelow)) {
          const [items, total] = await Promise.all([exact.rows(), cachedCount(counts, key, exact.count)]);
          return { items, total: Math.min(total, searchTotalCap), totalCapped: total > searchTotalCap };
        }
        const exactTotal = await cachedCount(counts, key, exact.count);
        const chosen = exactTotal >= fuzzyBelow ? exact : side.search(c, viewer, true);
        const [items, total] = await Promise.all([
          chosen.rows(),
          chosen === exact ? exactTotal : cachedCount(counts, `${key}~`, chosen.count),
        ]);
        return { items, total: Math.min(total, searchTotalCap), totalCapped: total > searchTotalCap };
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
      search: (c, viewer, fuzzy) => {
        // Searches read from the replica when DATABASE_READ_URL is set (issue 21).
        const reader = readerOf(db);
        const { page, count } = compiledAgentSearch(reader, c, viewer, fuzzy);
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
  return (db: Db, c: AgentSearch, viewer: BusinessProfile | undefined, fuzzy: boolean) => {
    const key = JSON.stringify([c, viewer?.industry, viewer?.location, fuzzy]);
    let hit = compiled.get(key);
    if (!hit) {
      hit = compileAgentSearch(db, c, viewer, fuzzy);
      compiled.set(key, hit);
    }
    return hit;
  };
};

const compileAgentSearch = (db: Db, c: AgentSearch, viewer: BusinessProfile | undefined, fuzzy: boolean) => {
  const { page, count } = agentSearchQueries(db, c, viewer, fuzzy);
  return { page: page.compile(), count: count.compile() };
};

/**
 * Keyword ranking scores a capped candidate set, not every match (ADR 0019): a common keyword
 * ("enterprise", "saas") matches a fifth to a third of all agents, and ts_rank_cd over all of
 * them cost ~100 ms at 100,000 agents. The candidates are the first `keywordCandidates` matches
 * beyond the requested page's end in the keyword-less order (match score, reputation, featured,
 * newest: the per-viewer-class index; reputation without a viewer: the rating index), plus
 * every match whose NAME holds a term (GIN index on the name's vector; names are rare matches).
 * The blend then orders those. Exact whenever the matches are fewer than the window; otherwise
 * a match outside it is one with a lower match score and reputation than `keywordCandidates`
 * others and no keyword in its name.
 */
export const keywordCandidates = 100;

const keywordCandidatesSql = (
  filtered: AgentQuery,
  c: AgentSearch,
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
      sql<boolean>`to_tsvector('simple', closr_words(a.full_name)) @@ to_tsquery('simple', ${c.keywords.map((k) => `${k}:*`).join(" | ")})`,
    )
    .limit(window);
  return sql`(SELECT o.id FROM (${ordered}) o UNION SELECT n.id FROM (${named}) n)`;
};

/**
 * The page and count queries of an agent search (exported so tests and the benchmark run them).
 * Orders (ADR 0005, ADR 0013): "match" with keywords by the ranking blend; "match" without by
 * score, reputation, featured (each per-class index holds exactly these keys); "rating" by
 * reputation and review count; then newest. The page picks its 12 ids on agent_profiles alone
 * (an index walk, no join per skipped row even on deep pages) and joins users for those only.
 */
export function agentSearchQueries(
  db: Db,
  c: AgentSearch,
  viewer: BusinessProfile | undefined,
  fuzzy = false,
) {
  const filtered = agentFilters(db.selectFrom("agentProfiles as a") as AgentQuery, c, fuzzy);
  const score = c.sort === "match" && viewer ? agentMatchScoreSql(viewer) : undefined;
  const desc = (e: RawBuilder<unknown>) => [e, "desc"] as const;
  const keys: (readonly [RawBuilder<unknown>, "desc"])[] = [];
  const ranked = c.sort === "match" && c.keywords.length > 0;
  if (ranked) keys.push(desc(rankingBlendSql("a", c.keywords, score, fuzzy)), desc(sql`a.featured`));
  else if (c.sort === "match" && score)
    keys.push(desc(score), desc(sql`a.reputation`), desc(sql`a.featured`));
  else if (c.sort === "experience") keys.push(desc(sql`a.years_of_experience`));
  else if (c.sort === "rating") keys.push(desc(sql`a.reputation`), desc(sql`a.rating_count`));
  keys.push(desc(sql`a.created_at`), desc(sql`a.id`));
  let pick = ranked
    ? (db.selectFrom("agentProfiles as a") as AgentQuery)
        .select("a.id")
        .where(sql<boolean>`a.id IN ${keywordCandidatesSql(filtered, c, score)}`)
    : filtered.select("a.id");
  for (const [key, direction] of keys) pick = pick.orderBy(key, direction);
  let page = db
    .selectFrom("agentProfiles as a")
    .innerJoin("users as u", "u.id", "a.userId")
    .select(agentColumns)
    .where("a.id", "in", pick.limit(c.pageSize).offset((c.page - 1) * c.pageSize));
  for (const [key, direction] of keys) page = page.orderBy(key, direction);
  return {
    page,
    // The typo-tolerant variant runs only when the exact keywords found less than a page, so it
    // counts few rows; planning its trigram OR for an estimate would cost more than counting.
    count: (fuzzy ? cappedCount : estimatedCappedCount)(db, filtered.select(sql<number>`1`.as("one"))),
  };
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
      search: (c, viewer, fuzzy) => {
        const { page, count } = businessSearchQueries(readerOf(db), c, viewer, fuzzy);
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
  fuzzy = false,
) {
  const filtered = businessFilters(db.selectFrom("businessProfiles as b") as BusinessQuery, c, fuzzy);
  let page = filtered.innerJoin("users as u", "u.id", "b.userId").select(businessColumns);
  const score = c.sort === "match" && viewer ? businessMatchScoreSql(viewer) : undefined;
  if (c.sort === "match" && c.keywords.length)
    page = page.orderBy(rankingBlendSql("b", c.keywords, score, fuzzy), "desc");
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
