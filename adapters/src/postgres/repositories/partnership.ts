/**
 * PartnershipRepository on PostgreSQL. Changes run in one transaction that locks both parties'
 * profile rows (FOR NO KEY UPDATE, business first, then agent — one global order, so no
 * deadlocks), then the partnership row, and counts active partnerships under those locks: parallel
 * accepts for one party are serialised and a plan limit can never be exceeded (issue 4). The
 * partial unique index partnerships_open_pair_key backs the one-open-partnership-per-pair rule.
 */
import {
  type NewPartnership,
  type Partnership,
  PartnershipAlreadyExists,
  type PartnershipChange,
  PartnershipNotFound,
  PartnershipRepository,
  type PartnershipStatus,
  type PartnershipView,
  type Standings,
} from "@closr/core/partnership";
import { AgentProfileId, BusinessProfileId, PartnershipId } from "@closr/core/shared";
import { freePlan, isPlanId, type PlanId, type SubscriptionStatus } from "@closr/core/subscription";
import { Effect, Either, Option } from "effect";
import { type RawBuilder, type Selectable, sql, type Transaction } from "kysely";
import type { Db } from "../database.ts";
import { uniqueViolation } from "../errors.ts";
import type { Database, PartnershipsTable } from "../schema.ts";
import { ambientLayer, transact } from "../transaction-scope.ts";
import { loadAgentProfiles, loadBusinessProfiles } from "./profiles.ts";

const toPartnership = (r: Selectable<PartnershipsTable>): Partnership => ({
  id: PartnershipId.make(r.id),
  businessId: BusinessProfileId.make(r.businessId),
  agentId: AgentProfileId.make(r.agentId),
  status: r.status as PartnershipStatus,
  requestedBy: r.requestedBy,
  commissionRate: Number(r.commissionRate),
  startDate: r.startDate ? new Date(r.startDate) : null,
  endDate: r.endDate ? new Date(r.endDate) : null,
  createdAt: new Date(r.createdAt),
  updatedAt: new Date(r.updatedAt),
});

/** Attaches both parties' profiles (two batched queries). */
async function toViews(db: Db, rows: readonly Selectable<PartnershipsTable>[]): Promise<PartnershipView[]> {
  const [businesses, agents] = await Promise.all([
    loadBusinessProfiles(
      db,
      rows.map((r) => r.businessId),
    ),
    loadAgentProfiles(
      db,
      rows.map((r) => r.agentId),
    ),
  ]);
  return rows.map((r) => {
    const business = businesses.get(r.businessId);
    const agent = agents.get(r.agentId);
    if (!business || !agent) throw new Error(`partnership ${r.id}: profile missing`);
    return { ...toPartnership(r), business, agent };
  });
}

const planOf = (planId: string | null, userType: "business" | "agent"): PlanId =>
  planId && isPlanId(planId) ? planId : freePlan(userType);

/** The plan's open subscription status and past_due start (issue 13): entitlementsFor reads them. */
type PlanRow = {
  planId: string | null;
  subscriptionStatus: SubscriptionStatus | null;
  pastDueSince: Date | string | null;
};
const subscriptionOf = (userId: RawBuilder<unknown>) => sql`
  (SELECT s.status FROM subscriptions s WHERE s.user_id = ${userId} AND s.status IN ('active','past_due')) AS subscription_status,
  (SELECT s.past_due_since FROM subscriptions s WHERE s.user_id = ${userId} AND s.status = 'past_due') AS past_due_since`;
const standingOf = (row: PlanRow | undefined, userType: "business" | "agent") => ({
  plan: planOf(row?.planId ?? null, userType),
  status: row?.subscriptionStatus ?? null,
  pastDueSince: row?.pastDueSince ? new Date(row.pastDueSince) : null,
});

/**
 * Locks a business profile (FOR NO KEY UPDATE: the first lock of the one global order, business
 * then agent) and reads its plan standing. Opportunity changes (issue 44) take it first too.
 */
export async function lockBusinessStanding(trx: Transaction<Database>, businessId: number) {
  const business = await sql<PlanRow>`
    SELECT u.plan_id, ${subscriptionOf(sql`u.id`)} FROM business_profiles b JOIN users u ON u.id = b.user_id
    WHERE b.id = ${businessId} FOR NO KEY UPDATE OF b`.execute(trx);
  return standingOf(business.rows[0], "business");
}

/** Locks both parties' profiles (business, then agent) and reads their standings. */
async function lockStandings(trx: Transaction<Database>, businessId: number, agentId: number) {
  const business = await lockBusinessStanding(trx, businessId);
  const agent = await sql<PlanRow>`
    SELECT u.plan_id, ${subscriptionOf(sql`u.id`)} FROM agent_profiles a JOIN users u ON u.id = a.user_id
    WHERE a.id = ${agentId} FOR NO KEY UPDATE OF a`.execute(trx);
  const active = await sql<{ business: number; agent: number }>`
    SELECT
      (SELECT count(*)::int FROM partnerships WHERE business_id = ${businessId} AND status = 'active') AS business,
      (SELECT count(*)::int FROM partnerships WHERE agent_id = ${agentId} AND status = 'active') AS agent`.execute(
    trx,
  );
  const counts = active.rows[0] ?? { business: 0, agent: 0 };
  return {
    business: { active: Number(counts.business), ...business },
    agent: { active: Number(counts.agent), ...standingOf(agent.rows[0], "agent") },
  } satisfies Standings;
}

const makePartnershipRepository = (db: Db) => {
  const findById = (id: number) =>
    Effect.promise(async () => {
      const row = await db.selectFrom("partnerships").selectAll().where("id", "=", id).executeTakeFirst();
      return row ? Option.some((await toViews(db, [row]))[0]!) : Option.none<PartnershipView>();
    });
  const viewOf = (id: number) => Effect.map(findById(id), Option.getOrThrow);

  return PartnershipRepository.of({
    findById,
    listFor: (party, profileId, filter) =>
      Effect.promise(async () => {
        const column = party === "business" ? "businessId" : "agentId";
        let where = db.selectFrom("partnerships").where(column, "=", profileId);
        if (filter.statuses.length > 0) where = where.where("status", "in", [...filter.statuses]);
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
        return { items: await toViews(db, rows), total: Number(count.total) };
      }),
    countsFor: (party, profileId) =>
      Effect.promise(async () => {
        const column = party === "business" ? "businessId" : "agentId";
        const row = await db
          .selectFrom("partnerships")
          .select([
            sql<number>`count(*) FILTER (WHERE status = 'active')::int`.as("active"),
            sql<number>`count(*) FILTER (WHERE status = 'pending')::int`.as("pending"),
          ])
          .where(column, "=", profileId)
          .executeTakeFirstOrThrow();
        return { active: Number(row.active), pending: Number(row.pending) };
      }),
    create: <E>(request: NewPartnership, check: (standings: Standings) => Either.Either<void, E>) =>
      Effect.tryPromise({
        try: () =>
          transact(db, async (trx): Promise<Either.Either<number, E | PartnershipAlreadyExists>> => {
            const standings = await lockStandings(trx, request.businessId, request.agentId);
            const open = await trx
              .selectFrom("partnerships")
              .select("status")
              .where("businessId", "=", request.businessId)
              .where("agentId", "=", request.agentId)
              .where("status", "in", ["pending", "active"])
              .executeTakeFirst();
            if (open)
              return Either.left(
                new PartnershipAlreadyExists({ status: open.status as "pending" | "active" }),
              );
            const verdict = check(standings);
            if (Either.isLeft(verdict)) return Either.left(verdict.left);
            const { id } = await trx
              .insertInto("partnerships")
              .values({ ...request, status: "pending" })
              .returning("id")
              .executeTakeFirstOrThrow();
            return Either.right(id);
          }),
        catch: (error) => error,
      }).pipe(
        Effect.catchAll((error) =>
          uniqueViolation(error) === "partnerships_open_pair_key"
            ? Effect.succeed(
                Either.left<E | PartnershipAlreadyExists>(
                  new PartnershipAlreadyExists({ status: "pending" }),
                ),
              )
            : Effect.die(error),
        ),
        Effect.flatMap((result) => (Either.isLeft(result) ? Effect.fail(result.left) : viewOf(result.right))),
      ),
    change: <E>(
      id: number,
      decide: (current: Partnership, standings: Standings) => Either.Either<PartnershipChange, E>,
    ) =>
      Effect.promise(() =>
        transact(db, async (trx): Promise<Either.Either<number, E | PartnershipNotFound>> => {
          const head = await trx
            .selectFrom("partnerships")
            .select(["businessId", "agentId"])
            .where("id", "=", id)
            .executeTakeFirst();
          if (!head) return Either.left(new PartnershipNotFound({ id }));
          const standings = await lockStandings(trx, head.businessId, head.agentId);
          const row = await trx
            .selectFrom("partnerships")
            .selectAll()
            .where("id", "=", id)
            .forUpdate()
            .executeTakeFirstOrThrow();
          const verdict = decide(toPartnership(row), standings);
          if (Either.isLeft(verdict)) return Either.left(verdict.left);
          await trx
            .updateTable("partnerships")
            .set({ ...verdict.right, updatedAt: new Date() })
            .where("id", "=", id)
            .execute();
          return Either.right(id);
        }),
      ).pipe(
        Effect.flatMap((result) => (Either.isLeft(result) ? Effect.fail(result.left) : viewOf(result.right))),
      ),
  });
};

export const PartnershipRepositoryPg = ambientLayer(PartnershipRepository, makePartnershipRepository);
