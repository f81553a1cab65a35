/**
 * ReviewRepository on PostgreSQL (issue 22, ADR 0013). A review's `published_at` is the moment it
 * becomes public: submission + 14 days, or — when the other side has already reviewed — the
 * second submission, for both (double blind, in one transaction). Reputation lives on the
 * profile rows (rating_count, rating_sum; `reputation` is a generated Bayesian average) so search
 * orders by it through an index; it is recomputed from the public, unhidden reviews whenever a
 * review becomes public or is hidden.
 */
import type { Party } from "@closr/core/partnership";
import {
  type AwaitingReview,
  blindUntil,
  type DueReminder,
  median,
  type NewReview,
  type Reputation,
  type Responses,
  type Review,
  ReviewAlreadySubmitted,
  type ReviewablePartnership,
  type ReviewParty,
  ReviewReplyExists,
  ReviewRepository,
  ratingSummary,
  reminderDays,
  reviewAfterActiveDays,
} from "@closr/core/review";
import { PartnershipId, ReviewId, type UserId } from "@closr/core/shared";
import { Effect, Option } from "effect";
import { type Kysely, sql } from "kysely";
import type { Db } from "../database.ts";
import { uniqueViolation } from "../errors.ts";
import type { Database } from "../schema.ts";
import { ambientLayer, transact } from "../transaction-scope.ts";

interface ReviewRow {
  id: number;
  partnershipId: number;
  reviewerId: number;
  revieweeId: number;
  reviewerSide: Party;
  rating: number;
  communication: number;
  reliability: number;
  results: number;
  comment: string;
  privateFeedback: string | null;
  createdAt: Date | string;
  publishedAt: Date | string;
  reply: string | null;
  repliedAt: Date | string | null;
  reportReason: string | null;
  reportedAt: Date | string | null;
  hiddenReason: string | null;
  hiddenAt: Date | string | null;
  reviewerUsername: string;
  reviewerName: string;
  revieweeUsername: string;
  revieweeName: string;
}

const other = (side: Party): Party => (side === "business" ? "agent" : "business");
const date = (d: Date | string) => new Date(d);

const toReview = (r: ReviewRow): Review => ({
  id: ReviewId.make(r.id),
  partnershipId: PartnershipId.make(r.partnershipId),
  reviewer: {
    userId: r.reviewerId as UserId,
    username: r.reviewerUsername,
    displayName: r.reviewerName,
    side: r.reviewerSide,
  },
  reviewee: {
    userId: r.revieweeId as UserId,
    username: r.revieweeUsername,
    displayName: r.revieweeName,
    side: other(r.reviewerSide),
  },
  rating: r.rating,
  communication: r.communication,
  reliability: r.reliability,
  results: r.results,
  comment: r.comment,
  privateFeedback: r.privateFeedback,
  createdAt: date(r.createdAt),
  publishedAt: date(r.publishedAt),
  reply: r.reply !== null && r.repliedAt !== null ? { text: r.reply, createdAt: date(r.repliedAt) } : null,
  report:
    r.reportReason !== null && r.reportedAt !== null
      ? { reason: r.reportReason, reportedAt: date(r.reportedAt) }
      : null,
  hidden:
    r.hiddenReason !== null && r.hiddenAt !== null
      ? { reason: r.hiddenReason, hiddenAt: date(r.hiddenAt) }
      : null,
});

/** A user's display name: company or full name from their profile, else the username. */
const displayName = (alias: string) =>
  sql.raw(
    `coalesce((SELECT company_name FROM business_profiles WHERE user_id = ${alias}.id),
              (SELECT full_name FROM agent_profiles WHERE user_id = ${alias}.id), ${alias}.username)`,
  );

/** Reviews with both parties' names, filtered by `where` (a condition on alias r). */
const selectReviews = (db: Kysely<Database>, where: ReturnType<typeof sql>, tail = sql``) =>
  sql<ReviewRow>`
    SELECT r.id, r.partnership_id, r.reviewer_id, r.reviewee_id, r.reviewer_side, r.rating,
           r.communication, r.reliability, r.results, r.comment, r.private_feedback, r.created_at,
           r.published_at, r.reply, r.replied_at, r.report_reason, r.reported_at, r.hidden_reason,
           r.hidden_at, ru.username AS reviewer_username, ${displayName("ru")} AS reviewer_name,
           eu.username AS reviewee_username, ${displayName("eu")} AS reviewee_name
    FROM reviews r JOIN users ru ON ru.id = r.reviewer_id JOIN users eu ON eu.id = r.reviewee_id
    WHERE ${where} ${tail}`
    .execute(db)
    .then((result) => result.rows.map(toReview));

/**
 * Recomputes rating_count and rating_sum on the profiles of `userIds` from their public, unhidden
 * reviews at `now`, and marks those reviews counted.
 */
async function refreshReputation(db: Kysely<Database>, userIds: readonly number[], now: Date) {
  if (userIds.length === 0) return;
  const ids = sql.join([...new Set(userIds)]);
  for (const table of ["agent_profiles", "business_profiles"]) {
    await sql`
      UPDATE ${sql.table(table)} p SET rating_count = s.n, rating_sum = s.total
      FROM (
        SELECT u.id AS user_id, count(r.id)::int AS n, coalesce(sum(r.rating), 0)::int AS total
        FROM users u LEFT JOIN reviews r
          ON r.reviewee_id = u.id AND r.published_at <= ${now} AND r.hidden_at IS NULL
        WHERE u.id IN (${ids}) GROUP BY u.id
      ) s
      WHERE p.user_id = s.user_id AND (p.rating_count, p.rating_sum) IS DISTINCT FROM (s.n, s.total)`.execute(
      db,
    );
  }
  await sql`UPDATE reviews SET counted = true
            WHERE reviewee_id IN (${ids}) AND NOT counted AND published_at <= ${now}`.execute(db);
}

interface PartnershipRow {
  id: number;
  status: string;
  startDate: Date | string | null;
  endDate: Date | string | null;
  businessUserId: number;
  businessUsername: string;
  companyName: string;
  agentUserId: number;
  agentUsername: string;
  fullName: string;
}

const partnershipColumns = sql`p.id, p.status, p.start_date, p.end_date,
         b.user_id AS business_user_id, bu.username AS business_username, b.company_name,
         a.user_id AS agent_user_id, au.username AS agent_username, a.full_name`;
const partnershipFrom = sql`
  FROM partnerships p
  JOIN business_profiles b ON b.id = p.business_id JOIN users bu ON bu.id = b.user_id
  JOIN agent_profiles a ON a.id = p.agent_id JOIN users au ON au.id = a.user_id`;

const toPartnership = (r: PartnershipRow): ReviewablePartnership => ({
  id: PartnershipId.make(r.id),
  status: r.status as ReviewablePartnership["status"],
  startDate: r.startDate ? date(r.startDate) : null,
  endDate: r.endDate ? date(r.endDate) : null,
  business: {
    userId: r.businessUserId as UserId,
    username: r.businessUsername,
    displayName: r.companyName,
    side: "business",
  },
  agent: {
    userId: r.agentUserId as UserId,
    username: r.agentUsername,
    displayName: r.fullName,
    side: "agent",
  },
});

/** When reviewing opens, in SQL (mirror of core's reviewOpensAt). */
const opensAtSql = sql`(CASE WHEN p.status = 'active' THEN p.start_date + ${`${reviewAfterActiveDays} days`}::interval
  ELSE least(p.start_date + ${`${reviewAfterActiveDays} days`}::interval, coalesce(p.end_date, p.start_date)) END)`;

/**
 * The rating part of the reputation query: public (published by `now`), unhidden reviews per
 * reviewee — count, sum and the sub-rating averages (1 decimal). Users without reviews are absent.
 */
async function ratingsOf(db: Kysely<Database>, userIds: readonly UserId[], now: Date) {
  const ids = [...new Set(userIds)];
  const rows = ids.length
    ? (
        await sql<{
          revieweeId: number;
          n: number;
          total: number;
          communication: number | null;
          reliability: number | null;
          results: number | null;
        }>`
          SELECT reviewee_id, count(*)::int AS n, coalesce(sum(rating), 0)::int AS total,
                 round(avg(communication), 1)::float8 AS communication,
                 round(avg(reliability), 1)::float8 AS reliability,
                 round(avg(results), 1)::float8 AS results
          FROM reviews WHERE reviewee_id = ANY(${ids}::int[]) AND published_at <= ${now} AND hidden_at IS NULL
          GROUP BY reviewee_id`.execute(db)
      ).rows
    : [];
  return new Map(
    rows.map((r) => [
      r.revieweeId as UserId,
      {
        summary: ratingSummary(Number(r.total), Number(r.n)),
        communication: r.communication,
        reliability: r.reliability,
        results: r.results,
      },
    ]),
  );
}

/**
 * The response part of the reputation query (see Responses): connection requests the user
 * received (answered = accepted or rejected; minutes from the request to its start date or last
 * change) and conversations the other person started (answered = the user wrote back; minutes to
 * the first reply). With a range, only requests made and conversations started on those Sydney dates.
 */
async function responsesOf(
  db: Kysely<Database>,
  userId: UserId,
  range?: { readonly from: string; readonly to: string },
): Promise<Responses> {
  const inRange = (column: ReturnType<typeof sql>) =>
    range
      ? sql`AND ${column} >= (${range.from}::date::timestamp AT TIME ZONE 'Australia/Sydney')
            AND ${column} < ((${range.to}::date + 1)::timestamp AT TIME ZONE 'Australia/Sydney')`
      : sql``;
  const rows = (
    await sql<{ kind: "request" | "message"; answered: boolean; minutes: number | null }>`
      SELECT 'request' AS kind, p.status IN ('active', 'rejected', 'terminated') AS answered,
             extract(epoch FROM (coalesce(p.start_date, p.updated_at) - p.created_at)) / 60 AS minutes
      FROM partnerships p
      LEFT JOIN business_profiles b ON b.id = p.business_id
      LEFT JOIN agent_profiles a ON a.id = p.agent_id
      WHERE p.status <> 'withdrawn' ${inRange(sql`p.created_at`)}
        AND ((b.user_id = ${userId} AND p.requested_by = 'agent') OR (a.user_id = ${userId} AND p.requested_by = 'business'))
      UNION ALL
      SELECT 'message' AS kind, reply.sent_at IS NOT NULL AS answered,
             extract(epoch FROM (reply.sent_at - first.sent_at)) / 60 AS minutes
      FROM (
        SELECT DISTINCT ON (least(sender_id, receiver_id), greatest(sender_id, receiver_id))
               sender_id, receiver_id, sent_at
        FROM messages WHERE sender_id = ${userId} OR receiver_id = ${userId}
        ORDER BY least(sender_id, receiver_id), greatest(sender_id, receiver_id), sent_at
      ) first
      LEFT JOIN LATERAL (
        SELECT m.sent_at FROM messages m
        WHERE m.sender_id = ${userId} AND m.receiver_id = first.sender_id AND m.sent_at >= first.sent_at
        ORDER BY m.sent_at LIMIT 1
      ) reply ON true
      WHERE first.receiver_id = ${userId} ${inRange(sql`first.sent_at`)}`.execute(db)
  ).rows;
  const minutes = (kind?: "request" | "message") =>
    rows
      .filter((r) => r.answered && (kind === undefined || r.kind === kind))
      .map((r) => Math.max(0, Number(r.minutes ?? 0)));
  const of = (kind: "request" | "message") => rows.filter((r) => r.kind === kind);
  const all = minutes();
  const overall = median(all);
  return {
    requestsReceived: of("request").length,
    requestsAnswered: of("request").filter((r) => r.answered).length,
    requestMedianMinutes: median(minutes("request")),
    conversationsStarted: of("message").length,
    conversationsAnswered: of("message").filter((r) => r.answered).length,
    messageMedianMinutes: median(minutes("message")),
    responseRate: rows.length ? Math.round((100 * all.length) / rows.length) : null,
    medianResponseMinutes: overall === null ? null : Math.round(overall),
  };
}

const makeReviewRepository = (db: Db) => {
  const byId = (id: number) =>
    selectReviews(db, sql`r.id = ${id}`).then((rows) => Option.fromNullable(rows[0]));
  const mustGet = (id: number) => byId(id).then(Option.getOrThrow);

  /** Partnerships the user may review at `now` (open for review) and has not reviewed. */
  const awaitingRows = (userId: number, now: Date) =>
    sql<PartnershipRow & { opensAt: Date | string; counterpartReviewed: boolean }>`
      SELECT ${partnershipColumns}, ${opensAtSql} AS opens_at,
             EXISTS (SELECT 1 FROM reviews o WHERE o.partnership_id = p.id AND o.reviewer_id <> ${userId})
               AS counterpart_reviewed
      ${partnershipFrom}
      WHERE (b.user_id = ${userId} OR a.user_id = ${userId})
        AND p.status IN ('active', 'terminated') AND p.start_date IS NOT NULL
        AND ${opensAtSql} <= ${now}
        AND NOT EXISTS (SELECT 1 FROM reviews r WHERE r.partnership_id = p.id AND r.reviewer_id = ${userId})
      ORDER BY p.id DESC`
      .execute(db)
      .then((r) => r.rows);

  return ReviewRepository.of({
    partnership: (id) =>
      Effect.promise(async () => {
        const result =
          await sql<PartnershipRow>`SELECT ${partnershipColumns} ${partnershipFrom} WHERE p.id = ${id}`.execute(
            db,
          );
        return Option.fromNullable(result.rows[0]).pipe(Option.map(toPartnership));
      }),

    submit: (partnership, side, review: NewReview, now) =>
      Effect.tryPromise({
        try: () =>
          transact(db, async (trx) => {
            const reviewer = side === "business" ? partnership.business : partnership.agent;
            const reviewee = side === "business" ? partnership.agent : partnership.business;
            // Lock the partnership so two simultaneous first reviews see each other.
            await sql`SELECT id FROM partnerships WHERE id = ${partnership.id} FOR UPDATE`.execute(trx);
            const counterpart = await trx
              .selectFrom("reviews")
              .select(["id", "publishedAt"])
              .where("partnershipId", "=", partnership.id)
              .where("reviewerId", "=", reviewee.userId)
              .executeTakeFirst();
            const publishedAt = counterpart ? now : blindUntil(now);
            const { id } = await trx
              .insertInto("reviews")
              .values({
                reviewerId: reviewer.userId,
                revieweeId: reviewee.userId,
                partnershipId: partnership.id,
                reviewerSide: side,
                rating: review.rating,
                communication: review.communication,
                reliability: review.reliability,
                results: review.results,
                comment: review.comment,
                privateFeedback: review.privateFeedback,
                createdAt: now,
                publishedAt,
              })
              .returning("id")
              .executeTakeFirstOrThrow();
            if (counterpart && new Date(counterpart.publishedAt).getTime() > now.getTime())
              await trx
                .updateTable("reviews")
                .set({ publishedAt: now })
                .where("id", "=", counterpart.id)
                .execute();
            if (counterpart) await refreshReputation(trx, [reviewer.userId, reviewee.userId], now);
            return id;
          }),
        catch: (e) => e,
      }).pipe(
        Effect.catchAll((e) =>
          uniqueViolation(e) !== undefined ? Effect.fail(new ReviewAlreadySubmitted()) : Effect.die(e),
        ),
        Effect.flatMap((id) => Effect.promise(() => mustGet(id))),
      ),

    findById: (id) => Effect.promise(() => byId(id)),

    reply: (id, text, now) =>
      Effect.promise(() =>
        db
          .updateTable("reviews")
          .set({ reply: text, repliedAt: now })
          .where("id", "=", id)
          .where("reply", "is", null)
          .executeTakeFirst(),
      ).pipe(
        Effect.flatMap((r) =>
          Number(r.numUpdatedRows) === 0
            ? Effect.fail(new ReviewReplyExists())
            : Effect.promise(() => mustGet(id)),
        ),
      ),

    report: (id, by, reason, now) =>
      Effect.promise(async () => {
        await db
          .updateTable("reviews")
          .set({ reportedAt: now, reportedBy: by, reportReason: reason })
          .where("id", "=", id)
          .execute();
        return mustGet(id);
      }),

    hide: (id, by, reason, now) =>
      Effect.promise(async () => {
        const row = await db
          .updateTable("reviews")
          .set({ hiddenAt: now, hiddenBy: by, hiddenReason: reason })
          .where("id", "=", id)
          .returning("revieweeId")
          .executeTakeFirstOrThrow();
        await refreshReputation(db, [row.revieweeId], now);
        return mustGet(id);
      }),

    received: (userId) =>
      Effect.promise(() =>
        selectReviews(db, sql`r.reviewee_id = ${userId}`, sql`ORDER BY r.published_at DESC, r.id DESC`),
      ),
    given: (userId) =>
      Effect.promise(() =>
        selectReviews(db, sql`r.reviewer_id = ${userId}`, sql`ORDER BY r.created_at DESC, r.id DESC`),
      ),
    publicFor: (userId, now, limit) =>
      Effect.promise(() =>
        selectReviews(
          db,
          sql`r.reviewee_id = ${userId} AND r.published_at <= ${now} AND r.hidden_at IS NULL`,
          sql`ORDER BY r.published_at DESC, r.id DESC LIMIT ${limit}`,
        ),
      ),

    awaiting: (userId, now) =>
      Effect.promise(async () =>
        (await awaitingRows(userId, now)).map((row): AwaitingReview => {
          const p = toPartnership(row);
          const counterpart: ReviewParty = p.business.userId === userId ? p.agent : p.business;
          return {
            partnershipId: p.id,
            counterpart,
            opensAt: date(row.opensAt),
            counterpartReviewed: row.counterpartReviewed,
          };
        }),
      ),

    reported: () =>
      Effect.promise(() =>
        selectReviews(
          db,
          sql`r.reported_at IS NOT NULL AND r.hidden_at IS NULL`,
          sql`ORDER BY r.reported_at, r.id`,
        ),
      ),

    publishDue: (now) =>
      Effect.promise(async () => {
        const due = await db
          .selectFrom("reviews")
          .select("revieweeId")
          .distinct()
          .where("counted", "=", false)
          .where("publishedAt", "<=", now)
          .execute();
        await refreshReputation(
          db,
          due.map((d) => d.revieweeId),
          now,
        );
        return due.length;
      }),

    reputation: (userId, now) =>
      Effect.promise(async () => {
        const user = await db
          .selectFrom("users")
          .select(["id", "createdAt"])
          .where("id", "=", userId)
          .executeTakeFirst();
        if (!user) return Option.none<Reputation>();
        const rating = (await ratingsOf(db, [userId], now)).get(userId);
        const completed = (
          await sql<{ n: number }>`
            SELECT count(*)::int AS n FROM partnerships p
            LEFT JOIN business_profiles b ON b.id = p.business_id
            LEFT JOIN agent_profiles a ON a.id = p.agent_id
            WHERE (b.user_id = ${userId} OR a.user_id = ${userId}) AND p.start_date IS NOT NULL
              AND p.status IN ('active', 'terminated')`.execute(db)
        ).rows[0];
        const responses = await responsesOf(db, userId);
        return Option.some<Reputation>({
          rating: rating?.summary ?? ratingSummary(0, 0),
          communication: rating?.communication ?? null,
          reliability: rating?.reliability ?? null,
          results: rating?.results ?? null,
          completedPartnerships: Number(completed?.n ?? 0),
          responseRate: responses.responseRate,
          medianResponseMinutes: responses.medianResponseMinutes,
          memberSince: date(user.createdAt),
        });
      }),

    ratings: (userIds, now) =>
      Effect.promise(async () => {
        const rows = await ratingsOf(db, userIds, now);
        return new Map([...rows].map(([id, r]) => [id, r.summary]));
      }),

    responses: (userId, range) => Effect.promise(() => responsesOf(db, userId, range)),

    dueReminders: (now) =>
      Effect.promise(async () => {
        const due: DueReminder[] = [];
        for (const days of reminderDays) {
          const rows = (
            await sql<{
              partnershipId: number;
              userId: number;
              email: string;
              username: string;
              counterpart: string;
            }>`
              SELECT p.id AS partnership_id, u.id AS user_id, u.email, u.username,
                     CASE WHEN u.id = b.user_id THEN a.full_name ELSE b.company_name END AS counterpart
              FROM partnerships p
              JOIN business_profiles b ON b.id = p.business_id
              JOIN agent_profiles a ON a.id = p.agent_id
              JOIN users u ON u.id IN (b.user_id, a.user_id)
              WHERE p.status IN ('active', 'terminated') AND p.start_date IS NOT NULL
                AND u.deleted_at IS NULL
                AND ${opensAtSql} + ${`${days} days`}::interval <= ${now}
                AND NOT EXISTS (SELECT 1 FROM reviews r WHERE r.partnership_id = p.id AND r.reviewer_id = u.id)
                AND NOT EXISTS (SELECT 1 FROM review_reminders m
                                WHERE m.partnership_id = p.id AND m.user_id = u.id AND m.days = ${days})
                ${days === 3 ? sql`AND ${opensAtSql} + interval '10 days' > ${now}` : sql``}
              ORDER BY p.id, u.id`.execute(db)
          ).rows;
          for (const r of rows)
            due.push({
              partnershipId: PartnershipId.make(r.partnershipId),
              userId: r.userId as UserId,
              email: r.email,
              username: r.username,
              counterpart: r.counterpart,
              days,
            });
        }
        return due;
      }),

    markReminded: (reminder, now) =>
      Effect.promise(() =>
        db
          .insertInto("reviewReminders")
          .values({
            partnershipId: reminder.partnershipId,
            userId: reminder.userId,
            days: reminder.days,
            sentAt: now,
          })
          .onConflict((oc) => oc.doNothing())
          .execute(),
      ).pipe(Effect.asVoid),
  });
};

export const ReviewRepositoryPg = ambientLayer(ReviewRepository, makeReviewRepository);
