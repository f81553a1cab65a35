/**
 * Demo history for /analytics and /performance (issue 18), so a newcomer's charts are not empty:
 * Harbour Tech's partnership with Mia Chen is dated back six months with two paid invoices a
 * month; Harbour Tech gains an active and an ended partnership with two generated agents (paid
 * invoices, one overdue) and a declined request; Mia Chen and the agents of her specialization
 * get a year of search appearances and profile views. Written in SQL because it is history
 * (dated in the past, invoices and payments at office hours in Sydney); the figures are deterministic. Idempotent: skipped once the Harbour Tech –
 * Mia Chen partnership has an invoice older than 30 days.
 */
import { formatDate } from "@closr/format";
import { Effect } from "effect";
import { sql } from "kysely";
import { PgDatabase } from "../postgres/index.ts";
import { sydneyWorkTime } from "./demo-clock.ts";
import type { SeedRuntime } from "./runtime.ts";

const monthName = (at: Date) => formatDate(at, "MMMM", "Australia/Sydney");

export async function seedDemoInsights(runtime: SeedRuntime) {
  await runtime.runPromise(
    Effect.gen(function* () {
      const db = yield* PgDatabase;
      yield* Effect.promise(() =>
        db.transaction().execute(async (tx) => {
          const pair = await sql<{ id: number; businessId: number; agentId: number }>`
            SELECT p.id, p.business_id, p.agent_id FROM partnerships p
            JOIN business_profiles b ON b.id = p.business_id JOIN users bu ON bu.id = b.user_id
            JOIN agent_profiles a ON a.id = p.agent_id JOIN users au ON au.id = a.user_id
            WHERE bu.username = 'harbourtech' AND au.username = 'mia.chen' AND p.status = 'active'
            LIMIT 1`.execute(tx);
          const hm = pair.rows[0];
          if (!hm) return;
          const now = new Date();
          const old = await sql<{ n: number }>`
            SELECT count(*)::int AS n FROM invoices
            WHERE partnership_id = ${hm.id} AND created_at < now() - interval '30 days'`.execute(tx);
          if ((old.rows[0]?.n ?? 0) > 0) return;

          await sql`UPDATE partnerships SET created_at = now() - interval '190 days',
                      start_date = now() - interval '188 days', updated_at = now() - interval '188 days'
                    WHERE id = ${hm.id}`.execute(tx);

          // Two agents of the marketplace for Harbour Tech's other partnerships, and one to decline.
          const others = await sql<{ id: number }>`
            SELECT a.id FROM agent_profiles a
            WHERE a.id <> ${hm.agentId}
              AND NOT EXISTS (SELECT 1 FROM partnerships p WHERE p.business_id = ${hm.businessId} AND p.agent_id = a.id)
            ORDER BY a.id LIMIT 3`.execute(tx);
          const [activeAgent, endedAgent, declinedAgent] = others.rows.map((r) => r.id);
          const partnerWith = async (
            agentId: number,
            status: string,
            startedDaysAgo: number | null,
            endedDaysAgo: number | null,
          ) => {
            const r = await sql<{ id: number }>`
              INSERT INTO partnerships (business_id, agent_id, status, requested_by, commission_rate, created_at,
                                        updated_at, start_date, end_date)
              VALUES (${hm.businessId}, ${agentId}, ${status}, 'business', 12,
                      now() - make_interval(days => ${(startedDaysAgo ?? 60) + 2}),
                      now() - make_interval(days => ${endedDaysAgo ?? startedDaysAgo ?? 58}),
                      ${startedDaysAgo === null ? null : sql`now() - make_interval(days => ${startedDaysAgo})`},
                      ${endedDaysAgo === null ? null : sql`now() - make_interval(days => ${endedDaysAgo})`})
              RETURNING id`.execute(tx);
            return r.rows[0]!.id;
          };
          const withActive = activeAgent ? await partnerWith(activeAgent, "active", 130, null) : null;
          const withEnded = endedAgent ? await partnerWith(endedAgent, "terminated", 170, 35) : null;
          if (declinedAgent) await partnerWith(declinedAgent, "rejected", null, 80);

          /** A paid invoice `daysAgo` days back, paid after `payDays`, with its completed payment. */
          const paid = async (
            partnershipId: number,
            agentId: number,
            cents: number,
            daysAgo: number,
            payDays: number,
            description: string,
          ) => {
            // Raised in the morning, paid in the afternoon, on working days in Sydney.
            const raisedAt = sydneyWorkTime(now, daysAgo, 9 + (daysAgo % 3), (daysAgo * 17) % 60);
            const paidAt = sydneyWorkTime(now, daysAgo - payDays, 13 + (daysAgo % 4), (daysAgo * 29) % 60);
            const r = await sql<{ id: number }>`
              INSERT INTO invoices (partnership_id, business_id, agent_id, amount_cents, subtotal_cents, description, due_date,
                                    is_paid, created_at, paid_at)
              VALUES (${partnershipId}, ${hm.businessId}, ${agentId}, ${cents}, ${cents}, ${description},
                      (now() - make_interval(days => ${daysAgo - 14}))::date, true, ${raisedAt}, ${paidAt})
              RETURNING id`.execute(tx);
            const id = r.rows[0]!.id;
            await sql`
              INSERT INTO payments (invoice_id, business_id, agent_id, amount_cents, status, transaction_id, created_at,
                                    updated_at)
              VALUES (${id}, ${hm.businessId}, ${agentId}, ${cents}, 'completed', ${`ch_demo_history_${id}`},
                      ${paidAt}, ${paidAt})`.execute(tx);
          };
          for (let m = 0; m < 5; m++) {
            const daysAgo = 175 - m * 30;
            // The month the work was done: the one before the invoice's.
            const month = monthName(
              new Date(sydneyWorkTime(now, daysAgo, 12, 0).getTime() - 20 * 86_400_000),
            );
            await paid(
              hm.id,
              hm.agentId,
              120_000 + m * 23_500,
              daysAgo,
              9 + (m % 3) * 4,
              `${month} commission: closed deals`,
            );
            await paid(
              hm.id,
              hm.agentId,
              45_000 + m * 8_000,
              daysAgo - 12,
              6 + (m % 2) * 12,
              `${month} lead generation`,
            );
          }
          if (withActive && activeAgent)
            for (let m = 0; m < 4; m++)
              await paid(
                withActive,
                activeAgent,
                80_000 + m * 15_000,
                120 - m * 30,
                12 + m * 3,
                `${monthName(new Date(sydneyWorkTime(now, 120 - m * 30, 12, 0).getTime() - 20 * 86_400_000))} commission: new fleet accounts`,
              );
          if (withEnded && endedAgent) {
            for (let m = 0; m < 3; m++)
              await paid(
                withEnded,
                endedAgent,
                60_000 - m * 10_000,
                160 - m * 30,
                20,
                `${monthName(new Date(sydneyWorkTime(now, 160 - m * 30, 12, 0).getTime() - 20 * 86_400_000))} commission: warehouse software referrals`,
              );
            await sql`
              INSERT INTO invoices (partnership_id, business_id, agent_id, amount_cents, subtotal_cents, description, due_date, created_at)
              VALUES (${withEnded}, ${hm.businessId}, ${endedAgent}, 35000, 35000, 'Final commission before the partnership ended',
                      (now() - interval '20 days')::date, ${sydneyWorkTime(now, 40, 16, 35)})`.execute(tx);
          }

          // A year of visibility for Mia Chen and the agents of her specialization and location.
          await sql`
            INSERT INTO agent_profile_daily_stats (agent_id, day, search_appearances, profile_views)
            SELECT a.id, d::date,
                   (8 + (a.id * 7 + extract(doy FROM d)::int * 13) % 37 + CASE WHEN a.id = ${hm.agentId} THEN 20 ELSE 0 END),
                   (1 + (a.id * 3 + extract(doy FROM d)::int * 5) % 7 + CASE WHEN a.id = ${hm.agentId} THEN 3 ELSE 0 END)
            FROM agent_profiles a
            JOIN agent_profiles mia ON mia.id = ${hm.agentId}
            CROSS JOIN generate_series(current_date - 365, current_date - 1, interval '1 day') d
            WHERE a.specialization = mia.specialization AND a.location = mia.location
            ON CONFLICT (agent_id, day) DO NOTHING`.execute(tx);
        }),
      );
    }).pipe(Effect.catchAllCause((cause) => Effect.logWarning("demo insights skipped", cause))),
  );
}
