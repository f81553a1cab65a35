/**
 * OpportunityRepository on PostgreSQL (issue 44; ADR 0065). Locks follow the partnership's one
 * global order — business profile, then the opportunity row, then the application or invitation
 * row (then the agent, when an approval starts a partnership) — so changes to one business's
 * opportunities are serialised: a published limit is never exceeded and two approvals racing for
 * the last place leave one. Search is the profile search's engine (profiles.ts): the keyword plan
 * from the vocabulary with typo corrections, the same tsquery filter, typos then field-weighted
 * relevance, then the agent's match score for the business (businessMatchScoreSql), newest last.
 */

import type { CommissionModel, Territory } from "@closr/core/agreement";
import { headlineRate } from "@closr/core/agreement";
import {
  type Application,
  ApplicationAlreadyOpen,
  type ApplicationDecision,
  ApplicationId,
  ApplicationNotFound,
  type ApplicationStatus,
  type ClosedReason,
  type CustomerType,
  type Invitation,
  InvitationId,
  InvitationNotFound,
  type InvitationStatus,
  type Opportunity,
  type OpportunityChange,
  type OpportunityFields,
  OpportunityId,
  OpportunityNotFound,
  OpportunityRepository,
  type OpportunitySearch,
  type OpportunityStatus,
  type OpportunityView,
  type PublishingStanding,
} from "@closr/core/opportunity";
import { type AgentProfile, searchTotalCap } from "@closr/core/profiles";
import { AgentProfileId, BusinessProfileId, PartnershipId } from "@closr/core/shared";
import { Effect, Either, Option } from "effect";
import { type Selectable, sql } from "kysely";
import { type Db, readerOf } from "../database.ts";
import { uniqueViolation } from "../errors.ts";
import type {
  OpportunitiesTable,
  OpportunityApplicationsTable,
  OpportunityInvitationsTable,
} from "../schema.ts";
import { ambientLayer, transact } from "../transaction-scope.ts";
import { lockBusinessStanding } from "./partnership.ts";
import {
  businessMatchScoreSql,
  type KeywordPlan,
  keywordFilter,
  loadAgentProfiles,
  loadBusinessProfiles,
  planKeywords,
  textRelevanceSql,
  typosSql,
  vocabularyCandidates,
} from "./profiles.ts";
import { makeRefreshingCache } from "./refreshing-cache.ts";

const date = (d: Date | string) => new Date(d);
/** jsonb as the driver returns it: parsed by postgres.js, text from a JSON-string bind (as agreement.ts). */
const parseJson = <T>(value: unknown): T => (typeof value === "string" ? JSON.parse(value) : value) as T;

const toOpportunity = (r: Selectable<OpportunitiesTable>): Opportunity => ({
  id: OpportunityId.make(r.id),
  businessId: BusinessProfileId.make(r.businessId),
  slug: r.slug,
  title: r.title,
  product: r.product,
  territory: r.territory as Territory[],
  customerType: r.customerType as CustomerType,
  model: parseJson<CommissionModel>(r.model),
  expectedDealCents: r.expectedDealCents === null ? null : Number(r.expectedDealCents),
  idealSpecialization: r.idealSpecialization,
  idealSkills: r.idealSkills,
  minimumYears: r.minimumYears,
  placesWanted: r.placesWanted,
  placesFilled: r.placesFilled,
  status: r.status as OpportunityStatus,
  closedReason: r.closedReason as ClosedReason | null,
  publishedAt: r.publishedAt ? date(r.publishedAt) : null,
  createdAt: date(r.createdAt),
  updatedAt: date(r.updatedAt),
});

const toApplication = (r: Selectable<OpportunityApplicationsTable>): Application => ({
  id: ApplicationId.make(r.id),
  opportunityId: OpportunityId.make(r.opportunityId),
  agentId: AgentProfileId.make(r.agentId),
  coverMessage: r.coverMessage,
  proposedRate: r.proposedRate === null ? null : Number(r.proposedRate),
  status: r.status as ApplicationStatus,
  partnershipId: r.partnershipId === null ? null : PartnershipId.make(r.partnershipId),
  createdAt: date(r.createdAt),
  updatedAt: date(r.updatedAt),
});

const toInvitation = (r: Selectable<OpportunityInvitationsTable>): Invitation => ({
  id: InvitationId.make(r.id),
  opportunityId: OpportunityId.make(r.opportunityId),
  agentId: AgentProfileId.make(r.agentId),
  message: r.message,
  status: r.status as InvitationStatus,
  createdAt: date(r.createdAt),
  expiresAt: date(r.expiresAt),
  answeredAt: r.answeredAt ? date(r.answeredAt) : null,
});

/** The stored columns of an opportunity's fields (model type and headline rate beside the jsonb). */
const fieldColumns = (f: OpportunityFields) => ({
  title: f.title,
  product: f.product,
  territory: [...f.territory],
  customerType: f.customerType,
  model: JSON.stringify(f.model),
  modelType: f.model.type,
  headlineRate: headlineRate(f.model),
  expectedDealCents: f.expectedDealCents,
  idealSpecialization: f.idealSpecialization,
  idealSkills: [...f.idealSkills],
  minimumYears: f.minimumYears,
  placesWanted: f.placesWanted,
});

const opportunityColumns = [
  "o.id",
  "o.businessId",
  "o.slug",
  "o.title",
  "o.product",
  "o.territory",
  "o.customerType",
  "o.model",
  "o.modelType",
  "o.headlineRate",
  "o.expectedDealCents",
  "o.idealSpecialization",
  "o.idealSkills",
  "o.minimumYears",
  "o.placesWanted",
  "o.placesFilled",
  "o.status",
  "o.closedReason",
  "o.publishedAt",
  "o.searchVector",
  "o.createdAt",
  "o.updatedAt",
] as const;

async function opportunityViews(
  db: Db,
  rows: readonly Selectable<OpportunitiesTable>[],
): Promise<OpportunityView[]> {
  const businesses = await loadBusinessProfiles(
    db,
    rows.map((r) => r.businessId),
  );
  return rows.map((r) => {
    const business = businesses.get(r.businessId);
    if (!business) throw new Error(`opportunity ${r.id}: business missing`);
    return { ...toOpportunity(r), business };
  });
}

async function opportunitiesById(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, OpportunityView>();
  const rows = await db
    .selectFrom("opportunities")
    .selectAll()
    .where("id", "in", [...new Set(ids)])
    .execute();
  return new Map((await opportunityViews(db, rows)).map((o) => [o.id as number, o]));
}

async function withAgentAndOpportunity<R extends { agentId: number; opportunityId: number }, T>(
  db: Db,
  rows: readonly R[],
  map: (r: R) => T,
): Promise<(T & { agent: AgentProfile; opportunity: OpportunityView })[]> {
  const [agents, opportunities] = await Promise.all([
    loadAgentProfiles(
      db,
      rows.map((r) => r.agentId),
    ),
    opportunitiesById(
      db,
      rows.map((r) => r.opportunityId),
    ),
  ]);
  return rows.map((r) => {
    const agent = agents.get(r.agentId);
    const opportunity = opportunities.get(r.opportunityId);
    if (!agent || !opportunity) throw new Error("application or invitation: profile or opportunity missing");
    return { ...map(r), agent, opportunity };
  });
}

const makeOpportunityRepository = (db: Db) => {
  const findWhere = async (column: "id" | "slug", value: number | string) => {
    const row = await db.selectFrom("opportunities").selectAll().where(column, "=", value).executeTakeFirst();
    return row ? (await opportunityViews(db, [row]))[0] : undefined;
  };
  const viewOf = (id: number) => Effect.promise(async () => (await findWhere("id", id))!);
  const applicationView = async (id: number) => {
    const row = await db
      .selectFrom("opportunityApplications")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst();
    return row ? (await withAgentAndOpportunity(db, [row], toApplication))[0] : undefined;
  };
  const invitationView = async (id: number) => {
    const row = await db
      .selectFrom("opportunityInvitations")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst();
    return row ? (await withAgentAndOpportunity(db, [row], toInvitation))[0] : undefined;
  };
  const candidates = makeRefreshingCache<string[]>({ max: 2000, maxAgeMs: 10_000 });
  const wordsFor = (term: string, last: boolean) =>
    candidates.get(`${term}${last ? "*" : ""}`, async () =>
      (await vocabularyCandidates(readerOf(db), "opportunity", term, last)).filter((w) =>
        /^[\p{L}\p{N}]+$/u.test(w),
      ),
    );

  return OpportunityRepository.of({
    create: (businessId, fields, slugBase) =>
      Effect.promise(async () => {
        for (let attempt = 0; ; attempt++) {
          const slug = attempt === 0 ? slugBase : `${slugBase}-${attempt + 1}`;
          try {
            const { id } = await transact(db, (trx) =>
              trx
                .insertInto("opportunities")
                .values({ ...fieldColumns(fields), businessId, slug })
                .returning("id")
                .executeTakeFirstOrThrow(),
            );
            return (await findWhere("id", id))!;
          } catch (error) {
            if (uniqueViolation(error) !== "opportunities_slug_key" || attempt > 50) throw error;
          }
        }
      }),
    update: (id, fields) =>
      Effect.promise(() =>
        db
          .updateTable("opportunities")
          .set({ ...fieldColumns(fields), updatedAt: new Date() })
          .where("id", "=", id)
          .execute(),
      ).pipe(Effect.flatMap(() => viewOf(id))),
    findById: (id) => Effect.promise(async () => Option.fromNullable(await findWhere("id", id))),
    findBySlug: (slug) => Effect.promise(async () => Option.fromNullable(await findWhere("slug", slug))),
    listForBusiness: (businessId, filter) =>
      Effect.promise(async () => {
        let where = db.selectFrom("opportunities").where("businessId", "=", businessId);
        if (filter.statuses.length) where = where.where("status", "in", [...filter.statuses]);
        const [rows, count] = await Promise.all([
          where
            .selectAll()
            .orderBy("createdAt", "desc")
            .orderBy("id", "desc")
            .limit(filter.pageSize)
            .offset((filter.page - 1) * filter.pageSize)
            .execute(),
          where.select(sql<number>`count(*)::int`.as("total")).executeTakeFirstOrThrow(),
        ]);
        return { items: await opportunityViews(db, rows), total: Number(count.total) };
      }),
    change: <E>(
      id: OpportunityId,
      decide: (current: Opportunity, standing: PublishingStanding) => Either.Either<OpportunityChange, E>,
    ) =>
      Effect.promise(() =>
        transact(db, async (trx): Promise<Either.Either<number, E | OpportunityNotFound>> => {
          const head = await trx
            .selectFrom("opportunities")
            .select("businessId")
            .where("id", "=", id)
            .executeTakeFirst();
          if (!head) return Either.left(new OpportunityNotFound({ id }));
          const plan = await lockBusinessStanding(trx, head.businessId);
          const row = await trx
            .selectFrom("opportunities")
            .selectAll()
            .where("id", "=", id)
            .forUpdate()
            .executeTakeFirstOrThrow();
          const { published } = await trx
            .selectFrom("opportunities")
            .select(sql<number>`count(*)::int`.as("published"))
            .where("businessId", "=", head.businessId)
            .where("status", "=", "published")
            .where("id", "<>", id)
            .executeTakeFirstOrThrow();
          const verdict = decide(toOpportunity(row), { ...plan, published: Number(published) });
          if (Either.isLeft(verdict)) return Either.left(verdict.left);
          await trx
            .updateTable("opportunities")
            .set({ ...verdict.right, updatedAt: new Date() })
            .where("id", "=", id)
            .execute();
          return Either.right(id);
        }),
      ).pipe(Effect.flatMap((r) => (Either.isLeft(r) ? Effect.fail(r.left) : viewOf(r.right)))),
    search: (criteria, viewer) =>
      Effect.promise(async () => {
        const reader = readerOf(db);
        const plan: KeywordPlan = criteria.keywords.length
          ? await planKeywords(wordsFor, criteria.keywords)
          : [];
        const { page, count } = opportunitySearchQueries(reader, criteria, viewer, plan);
        const [rows, counted] = await Promise.all([page.execute(), count.executeTakeFirstOrThrow()]);
        const total = Number(counted.total);
        return {
          items: await opportunityViews(reader, rows as Selectable<OpportunitiesTable>[]),
          total: Math.min(total, searchTotalCap),
          totalCapped: total > searchTotalCap,
        };
      }),
    apply: <E>(
      application: Pick<Application, "opportunityId" | "agentId" | "coverMessage" | "proposedRate">,
      check: (opportunity: Opportunity) => Either.Either<void, E>,
    ) =>
      Effect.tryPromise({
        try: () =>
          transact(
            db,
            async (trx): Promise<Either.Either<number, E | ApplicationAlreadyOpen | OpportunityNotFound>> => {
              const row = await trx
                .selectFrom("opportunities")
                .selectAll()
                .where("id", "=", application.opportunityId)
                .forShare()
                .executeTakeFirst();
              if (!row) return Either.left(new OpportunityNotFound({ id: application.opportunityId }));
              const open = await trx
                .selectFrom("opportunityApplications")
                .select("id")
                .where("opportunityId", "=", application.opportunityId)
                .where("agentId", "=", application.agentId)
                .where("status", "in", ["submitted", "shortlisted", "interview"])
                .executeTakeFirst();
              if (open) return Either.left(new ApplicationAlreadyOpen({ applicationId: open.id }));
              const verdict = check(toOpportunity(row));
              if (Either.isLeft(verdict)) return Either.left(verdict.left);
              const { id } = await trx
                .insertInto("opportunityApplications")
                .values({ ...application })
                .returning("id")
                .executeTakeFirstOrThrow();
              return Either.right(id);
            },
          ),
        catch: (error) => error,
      }).pipe(
        Effect.catchAll((error) =>
          uniqueViolation(error) === "opportunity_applications_open_key"
            ? Effect.succeed(Either.left(new ApplicationAlreadyOpen({ applicationId: 0 })))
            : Effect.die(error),
        ),
        Effect.flatMap((r) =>
          Either.isLeft(r)
            ? Effect.fail(r.left)
            : Effect.promise(async () => (await applicationView(r.right))!),
        ),
      ),
    findApplication: (id) => Effect.promise(async () => Option.fromNullable(await applicationView(id))),
    applicationsFor: (opportunityId) =>
      Effect.promise(async () => {
        const rows = await db
          .selectFrom("opportunityApplications")
          .selectAll()
          .where("opportunityId", "=", opportunityId)
          .orderBy("createdAt")
          .orderBy("id")
          .execute();
        return withAgentAndOpportunity(db, rows, toApplication);
      }),
    applicationsOf: (agentId, paging) =>
      Effect.promise(async () => {
        const where = db.selectFrom("opportunityApplications").where("agentId", "=", agentId);
        const [rows, count] = await Promise.all([
          where
            .selectAll()
            .orderBy("createdAt", "desc")
            .orderBy("id", "desc")
            .limit(paging.pageSize)
            .offset((paging.page - 1) * paging.pageSize)
            .execute(),
          where.select(sql<number>`count(*)::int`.as("total")).executeTakeFirstOrThrow(),
        ]);
        return { items: await withAgentAndOpportunity(db, rows, toApplication), total: Number(count.total) };
      }),
    decide: <E>(
      id: ApplicationId,
      decide: (current: Application, opportunity: Opportunity) => Either.Either<ApplicationDecision, E>,
    ) =>
      Effect.promise(() =>
        transact(db, async (trx): Promise<Either.Either<number, E | ApplicationNotFound>> => {
          const head = await trx
            .selectFrom("opportunityApplications as ap")
            .innerJoin("opportunities as o", "o.id", "ap.opportunityId")
            .select(["o.businessId", "o.id as opportunityId"])
            .where("ap.id", "=", id)
            .executeTakeFirst();
          if (!head) return Either.left(new ApplicationNotFound({ id }));
          await lockBusinessStanding(trx, head.businessId);
          const opportunity = await trx
            .selectFrom("opportunities")
            .selectAll()
            .where("id", "=", head.opportunityId)
            .forUpdate()
            .executeTakeFirstOrThrow();
          const row = await trx
            .selectFrom("opportunityApplications")
            .selectAll()
            .where("id", "=", id)
            .forUpdate()
            .executeTakeFirstOrThrow();
          const verdict = decide(toApplication(row), toOpportunity(opportunity));
          if (Either.isLeft(verdict)) return Either.left(verdict.left);
          const now = new Date();
          await trx
            .updateTable("opportunityApplications")
            .set({ status: verdict.right.status, updatedAt: now })
            .where("id", "=", id)
            .execute();
          if (verdict.right.opportunity)
            await trx
              .updateTable("opportunities")
              .set({ ...verdict.right.opportunity, updatedAt: now })
              .where("id", "=", head.opportunityId)
              .execute();
          return Either.right(id);
        }),
      ).pipe(
        Effect.flatMap((r) =>
          Either.isLeft(r)
            ? Effect.fail(r.left)
            : Effect.promise(async () => (await applicationView(r.right))!),
        ),
      ),
    linkPartnership: (id, partnershipId) =>
      Effect.promise(() =>
        db.updateTable("opportunityApplications").set({ partnershipId }).where("id", "=", id).execute(),
      ).pipe(Effect.asVoid),
    invite: (invitation) =>
      Effect.promise(async () => {
        const { id } = await db
          .insertInto("opportunityInvitations")
          .values({
            ...invitation,
            createdAt: new Date(invitation.expiresAt.getTime() - 48 * 60 * 60 * 1000),
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        return (await invitationView(id))!;
      }),
    findInvitation: (id) => Effect.promise(async () => Option.fromNullable(await invitationView(id))),
    invitationsFor: (opportunityId) =>
      Effect.promise(async () => {
        const rows = await db
          .selectFrom("opportunityInvitations")
          .selectAll()
          .where("opportunityId", "=", opportunityId)
          .orderBy("createdAt", "desc")
          .orderBy("id", "desc")
          .execute();
        return withAgentAndOpportunity(db, rows, toInvitation);
      }),
    invitationsOf: (agentId) =>
      Effect.promise(async () => {
        const rows = await db
          .selectFrom("opportunityInvitations")
          .selectAll()
          .where("agentId", "=", agentId)
          .orderBy("createdAt", "desc")
          .orderBy("id", "desc")
          .limit(100)
          .execute();
        return withAgentAndOpportunity(db, rows, toInvitation);
      }),
    answerInvitation: <E>(
      id: InvitationId,
      decide: (current: Invitation) => Either.Either<InvitationStatus, E>,
      at: Date,
    ) =>
      Effect.promise(() =>
        transact(db, async (trx): Promise<Either.Either<number, E | InvitationNotFound>> => {
          const row = await trx
            .selectFrom("opportunityInvitations")
            .selectAll()
            .where("id", "=", id)
            .forUpdate()
            .executeTakeFirst();
          if (!row) return Either.left(new InvitationNotFound({ id }));
          const verdict = decide(toInvitation(row));
          if (Either.isLeft(verdict)) return Either.left(verdict.left);
          await trx
            .updateTable("opportunityInvitations")
            .set({ status: verdict.right, answeredAt: at })
            .where("id", "=", id)
            .execute();
          return Either.right(id);
        }),
      ).pipe(
        Effect.flatMap((r) =>
          Either.isLeft(r)
            ? Effect.fail(r.left)
            : Effect.promise(async () => (await invitationView(r.right))!),
        ),
      ),
    dueInvitations: (now, limit) =>
      Effect.promise(async () => {
        const rows = await db
          .selectFrom("opportunityInvitations")
          .select("id")
          .where("status", "=", "pending")
          .where("expiresAt", "<=", now)
          .orderBy("expiresAt")
          .limit(limit)
          .execute();
        return rows.map((r) => InvitationId.make(r.id));
      }),
    pendingFor: (agentId) =>
      Effect.promise(async () => {
        const row = await sql<{ invitations: number; shortlisted: number }>`
          SELECT
            (SELECT count(*)::int FROM opportunity_invitations WHERE agent_id = ${agentId} AND status = 'pending') AS invitations,
            (SELECT count(*)::int FROM opportunity_applications WHERE agent_id = ${agentId} AND status = 'shortlisted') AS shortlisted`.execute(
          db,
        );
        const counts = row.rows[0] ?? { invitations: 0, shortlisted: 0 };
        return { invitations: Number(counts.invitations), shortlisted: Number(counts.shortlisted) };
      }),
  });
};

/**
 * The page and capped count of a search of published opportunities (exported for tests and the
 * benchmark). Filters: keywords (the profile search's tsquery on the published-only GIN index),
 * territory (a location of the list; the GIN index on territory), model type, minimum headline
 * rate, the business's industry. Order: typos, field-weighted text relevance, the viewer's match
 * score for the business, newest published.
 */
export function opportunitySearchQueries(
  db: Db,
  c: OpportunitySearch,
  viewer: AgentProfile | undefined,
  plan: KeywordPlan,
) {
  let filtered = db
    .selectFrom("opportunities as o")
    .innerJoin("businessProfiles as b", "b.id", "o.businessId")
    .where("o.status", "=", "published");
  if (plan.length) filtered = filtered.where(keywordFilter("o", plan));
  if (c.location) filtered = filtered.where(sql<boolean>`o.territory @> ARRAY[${c.location}]::text[]`);
  if (c.model) filtered = filtered.where("o.modelType", "=", c.model);
  if (c.minimumRate !== undefined && c.minimumRate > 0)
    filtered = filtered.where("o.headlineRate", ">=", c.minimumRate);
  if (c.industry) filtered = filtered.where("b.industry", "=", c.industry);
  let page = filtered.select(opportunityColumns);
  if (plan.length) {
    const typos = typosSql("o", plan);
    if (typos) page = page.orderBy(typos, "asc");
    page = page.orderBy(textRelevanceSql("o", plan), "desc");
  }
  if (viewer) page = page.orderBy(businessMatchScoreSql(viewer), "desc");
  page = page
    .orderBy("o.publishedAt", "desc")
    .orderBy("o.id", "desc")
    .limit(c.pageSize)
    .offset((c.page - 1) * c.pageSize);
  const count = db
    .selectFrom(
      filtered
        .select(sql<number>`1`.as("one"))
        .limit(searchTotalCap + 1)
        .as("m"),
    )
    .select(sql<number>`count(*)::int`.as("total"));
  return { page, count };
}

export const OpportunityRepositoryPg = ambientLayer(OpportunityRepository, makeOpportunityRepository);
