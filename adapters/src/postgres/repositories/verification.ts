/**
 * VerificationRepository on PostgreSQL (issue 12). Every write runs in one transaction that locks
 * the applicant's user row first (FOR NO KEY UPDATE), writes the request and sets
 * users.verification_status from the request's new status (userStatusFor) — the only place that
 * column changes. The partial unique index verification_requests_open_user_key backs the
 * one-open-request-per-user rule under races.
 */

import { UserId, VerificationRequestId } from "@closr/core/shared";
import { plansGranting } from "@closr/core/subscription";
import {
  type AbnLookup,
  type AgentInfo,
  type BusinessInfo,
  type NewVerificationRequest,
  userStatusFor,
  VerificationAlreadyOpen,
  type VerificationDocument,
  type VerificationQueueFilter,
  VerificationRepository,
  type VerificationRequest,
  VerificationRequestNotFound,
  type VerificationRequestStatus,
  type VerificationRequestView,
  type VerificationUpdate,
} from "@closr/core/verification";
import { Effect, Either, Option } from "effect";
import { type Selectable, type SelectQueryBuilder, sql } from "kysely";
import type { Db } from "../database.ts";
import { uniqueViolation } from "../errors.ts";
import type { Database, VerificationRequestsTable } from "../schema.ts";
import { ambientLayer, transact } from "../transaction-scope.ts";

type Row = Selectable<VerificationRequestsTable> & { username: string; email: string };

const parseJson = <T>(value: unknown): T => (typeof value === "string" ? JSON.parse(value) : value) as T;

const revive = (lookup: unknown): AbnLookup | null => {
  const parsed = parseJson<(Omit<AbnLookup, "checkedAt"> & { checkedAt: string }) | null>(lookup);
  return parsed ? ({ ...parsed, checkedAt: new Date(parsed.checkedAt) } as AbnLookup) : null;
};

const toView = (r: Row): VerificationRequestView => ({
  id: VerificationRequestId.make(r.id),
  userId: UserId.make(r.userId),
  userType: r.userType,
  status: r.status as VerificationRequestStatus,
  documents: parseJson<VerificationDocument[]>(r.documents),
  additionalInfo: parseJson<BusinessInfo | AgentInfo>(r.additionalInfo ?? "{}"),
  abnLookup: revive(r.abnLookup),
  adminNotes: r.adminNotes,
  submittedAt: new Date(r.submittedAt),
  reviewedAt: r.reviewedAt ? new Date(r.reviewedAt) : null,
  reviewedBy: r.reviewedBy === null ? null : UserId.make(r.reviewedBy),
  updatedAt: new Date(r.updatedAt),
  applicant: { username: r.username, email: r.email },
});

const withApplicant = (db: Db) =>
  db
    .selectFrom("verificationRequests as v")
    .innerJoin("users as u", "u.id", "v.userId")
    .selectAll("v")
    .select(["u.username", "u.email"]);

/**
 * The review order of the staff queue (spec §9 "priority verification"): requests of applicants
 * whose plan grants `priorityReview` first (the plan ids come from core's catalogue,
 * `plansGranting`; the applicant's plan is `users.plan_id`, the plan a subscription mirrors or
 * an administrator gave), then oldest submitted first (ties by id). Reads the applicant's plan
 * when the queue is read, so a plan change moves an open request at once.
 */
export function queueOrder<O>(
  query: SelectQueryBuilder<Database & { v: VerificationRequestsTable }, "v", O>,
): SelectQueryBuilder<Database & { v: VerificationRequestsTable }, "v", O> {
  const priority = plansGranting("priorityReview");
  return query
    .orderBy(
      sql`(SELECT CASE WHEN pu.plan_id IN (${sql.join(priority)}) THEN 0 ELSE 1 END FROM users pu WHERE pu.id = v.user_id)`,
    )
    .orderBy("v.submittedAt", "asc")
    .orderBy("v.id", "asc");
}

const makeVerificationRepository = (db: Db) => {
  const findById = (id: number) =>
    Effect.promise(async () => {
      const row = await withApplicant(db).where("v.id", "=", id).executeTakeFirst();
      return row ? Option.some(toView(row as Row)) : Option.none<VerificationRequestView>();
    });
  const viewOf = (id: number) => Effect.map(findById(id), Option.getOrThrow);

  return VerificationRepository.of({
    findById,
    listFor: (userId) =>
      Effect.promise(async () => {
        const rows = await withApplicant(db)
          .where("v.userId", "=", userId)
          .orderBy("v.submittedAt", "desc")
          .orderBy("v.id", "desc")
          .execute();
        return rows.map((r) => toView(r as Row) as VerificationRequest);
      }),
    queue: (filter: VerificationQueueFilter) =>
      Effect.promise(async () => {
        let where = db.selectFrom("verificationRequests as v").innerJoin("users as u", "u.id", "v.userId");
        if (filter.statuses.length > 0) where = where.where("v.status", "in", [...filter.statuses]);
        const [rows, count] = await Promise.all([
          queueOrder(where.selectAll("v").select(["u.username", "u.email"]))
            .limit(filter.pageSize)
            .offset((filter.page - 1) * filter.pageSize)
            .execute(),
          where.select(sql<number>`count(*)::int`.as("total")).executeTakeFirstOrThrow(),
        ]);
        return { items: rows.map((r) => toView(r as Row)), total: Number(count.total) };
      }),
    create: (request: NewVerificationRequest) =>
      Effect.tryPromise({
        try: () =>
          transact(db, async (trx): Promise<Either.Either<number, VerificationAlreadyOpen>> => {
            await sql`SELECT id FROM users WHERE id = ${request.userId} FOR NO KEY UPDATE`.execute(trx);
            const open = await trx
              .selectFrom("verificationRequests")
              .select("status")
              .where("userId", "=", request.userId)
              .where("status", "in", ["submitted", "under_review", "changes_requested"])
              .executeTakeFirst();
            if (open) return Either.left(new VerificationAlreadyOpen({ status: open.status }));
            const { id } = await trx
              .insertInto("verificationRequests")
              .values({
                userId: request.userId,
                userType: request.userType,
                status: "submitted",
                documents: JSON.stringify(request.documents),
                additionalInfo: JSON.stringify(request.additionalInfo),
                abnLookup: request.abnLookup ? JSON.stringify(request.abnLookup) : null,
                submittedAt: request.submittedAt,
                updatedAt: request.submittedAt,
              })
              .returning("id")
              .executeTakeFirstOrThrow();
            await trx
              .updateTable("users")
              .set({ verificationStatus: userStatusFor("submitted") })
              .where("id", "=", request.userId)
              .execute();
            return Either.right(id);
          }),
        catch: (error) => error,
      }).pipe(
        Effect.catchAll((error) =>
          uniqueViolation(error) === "verification_requests_open_user_key"
            ? Effect.succeed(Either.left(new VerificationAlreadyOpen({ status: "submitted" })))
            : Effect.die(error),
        ),
        Effect.flatMap((result) => (Either.isLeft(result) ? Effect.fail(result.left) : viewOf(result.right))),
      ),
    change: <E>(
      id: VerificationRequestId,
      decide: (current: VerificationRequestView) => Either.Either<VerificationUpdate, E>,
    ) =>
      Effect.promise(() =>
        transact(db, async (trx): Promise<Either.Either<number, E | VerificationRequestNotFound>> => {
          const head = await trx
            .selectFrom("verificationRequests")
            .select("userId")
            .where("id", "=", id)
            .executeTakeFirst();
          if (!head) return Either.left(new VerificationRequestNotFound({ id }));
          await sql`SELECT id FROM users WHERE id = ${head.userId} FOR NO KEY UPDATE`.execute(trx);
          const row = await withApplicant(trx as unknown as Db)
            .where("v.id", "=", id)
            .forUpdate("v")
            .executeTakeFirstOrThrow();
          const verdict = decide(toView(row as Row));
          if (Either.isLeft(verdict)) return Either.left(verdict.left);
          const update = verdict.right;
          await trx
            .updateTable("verificationRequests")
            .set({
              status: update.status,
              submittedAt: update.submittedAt,
              reviewedAt: update.reviewedAt,
              reviewedBy: update.reviewedBy,
              adminNotes: update.adminNotes,
              updatedAt: new Date(),
              ...(update.documents ? { documents: JSON.stringify(update.documents) } : {}),
              ...(update.additionalInfo ? { additionalInfo: JSON.stringify(update.additionalInfo) } : {}),
              ...(update.abnLookup !== undefined
                ? { abnLookup: update.abnLookup ? JSON.stringify(update.abnLookup) : null }
                : {}),
            })
            .where("id", "=", id)
            .execute();
          await trx
            .updateTable("users")
            .set({ verificationStatus: userStatusFor(update.status) })
            .where("id", "=", head.userId)
            .execute();
          return Either.right(id);
        }),
      ).pipe(
        Effect.flatMap((result) => (Either.isLeft(result) ? Effect.fail(result.left) : viewOf(result.right))),
      ),
  });
};

export const VerificationRepositoryPg = ambientLayer(VerificationRepository, makeVerificationRepository);
