/**
 * Demo reviews (issue 22), so ratings show on a newcomer's first search: past, ended
 * partnerships between generated businesses and agents (and Mia Chen), each reviewed by both
 * sides with deterministic ratings and comments, published (both reviewed, weeks ago). Written
 * in SQL for speed (hundreds of rows); reputations are then recomputed from the reviews as the
 * repository does. Idempotent: skipped once any review exists.
 */
import { Effect } from "effect";
import { sql } from "kysely";
import { PgDatabase } from "../postgres/index.ts";
import type { SeedRuntime } from "./runtime.ts";

const agentComments = [
  "Clear brief, quick answers and commission paid on time every month.",
  "Great product to sell and a supportive team behind every deal.",
  "Good leads and honest feedback; we closed more than we expected.",
  "Slow to approve pricing at first, but fair and easy to work with.",
];
const businessComments = [
  "Opened doors we could not reach ourselves and kept us informed weekly.",
  "Professional, well prepared and persistent without being pushy.",
  "Brought in solid pipeline within the first month; would partner again.",
  "Reliable reporting and a good read on what buyers actually need.",
  "Decent results, though follow-ups sometimes took a few days.",
];

/** Seeds the demo reviews (see module doc). */
export async function seedDemoReviews(runtime: SeedRuntime) {
  await runtime.runPromise(
    Effect.gen(function* () {
      const db = yield* PgDatabase;
      yield* Effect.promise(async () => {
        const any = await db.selectFrom("reviews").select("id").limit(1).execute();
        if (any.length > 0) return;
        const agents = await sql<{ id: number; userId: number }>`
          SELECT a.id, a.user_id FROM agent_profiles a JOIN users u ON u.id = a.user_id
          WHERE u.username = 'mia.chen' OR u.email LIKE '%@seed.closr.au'
          ORDER BY (u.username = 'mia.chen') DESC, a.id LIMIT 90`.execute(db);
        const businesses = await sql<{ id: number; userId: number }>`
          SELECT b.id, b.user_id FROM business_profiles b JOIN users u ON u.id = b.user_id
          WHERE u.email LIKE '%@seed.closr.au' ORDER BY b.id LIMIT 40`.execute(db);
        if (agents.rows.length === 0 || businesses.rows.length === 0) return;
        const now = Date.now();
        const day = 86_400_000;
        let k = 0;
        for (const [i, agent] of agents.rows.entries()) {
          const count = i === 0 ? 6 : (i * 7) % 12;
          for (let j = 0; j < count; j++) {
            k++;
            const business = businesses.rows[(i + j) % businesses.rows.length]!;
            const start = new Date(now - (120 + ((k * 13) % 200)) * day);
            const end = new Date(start.getTime() + (30 + ((k * 7) % 60)) * day);
            const partnership = await db
              .insertInto("partnerships")
              .values({
                businessId: business.id,
                agentId: agent.id,
                status: "terminated",
                requestedBy: k % 2 ? "business" : "agent",
                commissionRate: 10 + (k % 3) * 5,
                startDate: start,
                endDate: end,
                createdAt: new Date(start.getTime() - 2 * day),
              })
              .returning("id")
              .executeTakeFirstOrThrow();
            const reviewedAt = new Date(end.getTime() + 3 * day);
            // Ratings lean high but vary: the agent-quality pattern depends on the agent.
            const agentRating = Math.max(
              2,
              5 - ((i + j * (i % 3)) % 4 === 3 ? 2 : (i + j) % 4 === 2 ? 1 : 0),
            );
            const businessRating = Math.max(3, 5 - (k % 5 === 4 ? 2 : k % 3 === 2 ? 1 : 0));
            await db
              .insertInto("reviews")
              .values([
                {
                  reviewerId: business.userId,
                  revieweeId: agent.userId,
                  partnershipId: partnership.id,
                  reviewerSide: "business",
                  rating: agentRating,
                  communication: Math.min(5, agentRating + (k % 2)),
                  reliability: agentRating,
                  results: Math.max(1, agentRating - (k % 2)),
                  comment: businessComments[k % businessComments.length]!,
                  privateFeedback: null,
                  createdAt: reviewedAt,
                  publishedAt: new Date(reviewedAt.getTime() + day),
                  counted: true,
                },
                {
                  reviewerId: agent.userId,
                  revieweeId: business.userId,
                  partnershipId: partnership.id,
                  reviewerSide: "agent",
                  rating: businessRating,
                  communication: businessRating,
                  reliability: Math.min(5, businessRating + 1),
                  results: businessRating,
                  comment: agentComments[k % agentComments.length]!,
                  privateFeedback: null,
                  createdAt: new Date(reviewedAt.getTime() + day),
                  publishedAt: new Date(reviewedAt.getTime() + day),
                  counted: true,
                },
              ])
              .execute();
          }
        }
        for (const table of ["agent_profiles", "business_profiles"])
          await sql`
            UPDATE ${sql.table(table)} p SET rating_count = s.n, rating_sum = s.total
            FROM (SELECT reviewee_id, count(*)::int AS n, sum(rating)::int AS total
                  FROM reviews WHERE hidden_at IS NULL GROUP BY reviewee_id) s
            WHERE p.user_id = s.reviewee_id`.execute(db);
      });
    }).pipe(Effect.catchAllDefect((error) => Effect.logWarning("demo reviews skipped", error))),
  );
}
