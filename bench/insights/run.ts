/**
 * bench/insights — /analytics and /performance at scale (issue 18), and the cost of counting
 * search appearances.
 * 1. A fresh database (TEST_DATABASE_URL's server, else embedded PGlite) with a business on
 *    Enterprise holding 200 partnerships and 10,000 invoices over 12 months (85 % paid, each with
 *    its payment), and an agent with 5,000 profile views and ~40,000 search appearances over a
 *    year, 2,000 invoices and 600 messages.
 *    The daily roll-up (ADR 0026) is then built once, as its hourly job would (timed).
 * 2. BENCH_REQUESTS (default 300) sequential GET /api/analytics?range=12m&compare=true as the
 *    business and GET /api/performance?range=12m as the agent, after a warm-up, in process
 *    (Hono's app.request: no socket). Prints p50/p95/p99 (ms). Target: p95 ≤ 100 ms.
 * 3. Search with and without the appearance counter: the same closed loop of GET
 *    /api/agent-profiles pages (BENCH_SEARCH_SECONDS each, default 5, 4 concurrent), on one app
 *    whose counter buffers and one whose counter is a no-op, in BENCH_SEARCH_ROUNDS (default 8)
 *    paired rounds in ABBA order. Prints each throughput and the median of the rounds' ratios.
 *    Target: no more than 5 % lower with the counter.
 * Run: pnpm bench:insights
 */
import { ProfileStatsCounterNoop, refreshInsightsRollup } from "@closr/adapters/postgres";
import { InsightsRepository } from "@closr/core/insights";
import { PayoutRefundRepository } from "@closr/core/payout";
import { ReviewRepository } from "@closr/core/review";
import { AgentProfileId, BusinessProfileId, UserId } from "@closr/core/shared";
import { sql } from "kysely";
import { createApp } from "../../services/api/src/app.ts";
import { createLogger } from "../../services/api/src/logger.ts";
import { makeAppLayer, makeRuntime } from "../../services/api/src/runtime.ts";
import { createTestApp } from "../../services/api/src/testing/test-app.ts";
import { percentile } from "../load.ts";

const requests = Number(process.env.BENCH_REQUESTS ?? 300);
const searchSeconds = Number(process.env.BENCH_SEARCH_SECONDS ?? 5);
const searchRounds = Number(process.env.BENCH_SEARCH_ROUNDS ?? 8);

const tenth = (x: number) => Math.round(x * 10) / 10;

const t = await createTestApp();
const db = t.database.db;
console.log(`database: ${t.database.kind ?? "?"}`);

async function party(userType: "business" | "agent", username: string) {
  const client = t.client();
  const res = await client.request("/api/register", {
    method: "POST",
    json: { email: `${username}@example.com`, username, password: "long enough password", userType },
  });
  const userId = ((await res.json()) as { id: number }).id;
  const profile =
    userType === "business"
      ? await client.request("/api/business-profiles", {
          method: "POST",
          json: { companyName: "Bench Pty Ltd" },
        })
      : await client.request("/api/agent-profiles", {
          method: "POST",
          json: { fullName: "Bench Agent", specialization: "SaaS Sales", yearsOfExperience: 5 },
        });
  return { client, userId, profileId: ((await profile.json()) as { id: number }).id };
}

const started = performance.now();
const business = await party("business", "benchbusiness");
const agent = await party("agent", "benchagent");
await db.updateTable("users").set({ planId: "enterprise" }).where("id", "=", business.userId).execute();
await db.updateTable("users").set({ planId: "agent_pro" }).where("id", "=", agent.userId).execute();

// 199 more agents (users + profiles), then 200 partnerships with the business.
await sql`
  WITH u AS (
    INSERT INTO users (email, username, password_hash, user_type)
    SELECT 'bench' || g || '@example.com', 'benchagent' || g, 'x', 'agent' FROM generate_series(1, 199) g
    RETURNING id, username)
  INSERT INTO agent_profiles (user_id, full_name, specialization, years_of_experience, location)
  SELECT id, 'Agent ' || username, 'SaaS Sales', 3, (ARRAY['sydney','melbourne','brisbane','perth'])[1 + id % 4]
  FROM u`.execute(db);
await sql`
  INSERT INTO partnerships (business_id, agent_id, status, requested_by, commission_rate, created_at, start_date, end_date)
  SELECT ${business.profileId}, a.id,
         CASE WHEN a.rn % 10 = 0 THEN 'terminated' WHEN a.rn % 10 = 1 THEN 'pending' WHEN a.rn % 10 = 2 THEN 'rejected' ELSE 'active' END,
         CASE WHEN a.rn % 2 = 0 THEN 'business' ELSE 'agent' END, 10,
         now() - make_interval(days => (40 + a.rn)::int),
         CASE WHEN a.rn % 10 IN (1, 2) THEN NULL ELSE now() - make_interval(days => (38 + a.rn)::int) END,
         CASE WHEN a.rn % 10 = 0 THEN now() - interval '10 days' END
  FROM (SELECT id, row_number() OVER (ORDER BY id) AS rn FROM agent_profiles) a`.execute(db);
// 10,000 invoices over 12 months on the business's accepted partnerships (85 % paid, with payments).
await sql`
  WITH p AS (SELECT id, agent_id, row_number() OVER (ORDER BY id) - 1 AS k, count(*) OVER () AS n
             FROM partnerships WHERE business_id = ${business.profileId} AND start_date IS NOT NULL),
  g AS (SELECT i FROM generate_series(0, 9999) i),
  rows AS (
    SELECT p.id AS partnership_id, p.agent_id, 10000 + (g.i * 7919) % 400000 AS cents,
           now() - make_interval(days => (g.i * 37) % 360, hours => g.i % 24) AS created, g.i
    FROM g JOIN p ON p.k = g.i % p.n),
  inv AS (
    INSERT INTO invoices (partnership_id, business_id, agent_id, amount_cents, subtotal_cents, description, due_date, is_paid, created_at, paid_at)
    SELECT partnership_id, ${business.profileId}, agent_id, cents, cents, 'Bench', (created + interval '30 days')::date,
           i % 20 >= 3, created, CASE WHEN i % 20 >= 3 THEN created + make_interval(days => i % 40) END
    FROM rows RETURNING id, agent_id, amount_cents, is_paid, paid_at)
  INSERT INTO payments (invoice_id, business_id, agent_id, amount_cents, status, application_fee_cents, refunded_cents, created_at)
  SELECT id, ${business.profileId}, agent_id, amount_cents, 'completed', amount_cents / 20,
         CASE WHEN id % 50 = 0 THEN amount_cents / 4 ELSE 0 END, paid_at
  FROM inv WHERE is_paid`.execute(db);
// The agent: a partnership with the business, 2,000 invoices, 5,000 views over a year, messages.
const own = await sql<{ id: number }>`
  INSERT INTO partnerships (business_id, agent_id, status, requested_by, commission_rate, created_at, start_date)
  VALUES (${business.profileId}, ${agent.profileId}, 'active', 'business', 10, now() - interval '400 days', now() - interval '399 days')
  ON CONFLICT DO NOTHING RETURNING id`.execute(db);
const ownId =
  own.rows[0]?.id ??
  (
    await sql<{
      id: number;
    }>`SELECT id FROM partnerships WHERE agent_id = ${agent.profileId} LIMIT 1`.execute(db)
  ).rows[0]!.id;
await sql`
  WITH inv AS (
    INSERT INTO invoices (partnership_id, business_id, agent_id, amount_cents, subtotal_cents, description, due_date, is_paid, created_at, paid_at)
    SELECT ${ownId}, ${business.profileId}, ${agent.profileId}, 5000 + (i * 131) % 90000, 5000 + (i * 131) % 90000, 'Bench',
           (now() - make_interval(days => (i * 11) % 360) + interval '30 days')::date, i % 10 > 0,
           now() - make_interval(days => (i * 11) % 360), CASE WHEN i % 10 > 0 THEN now() - make_interval(days => (i * 11) % 360 - 5) END
    FROM generate_series(1, 2000) i RETURNING id, amount_cents, is_paid, paid_at)
  INSERT INTO payments (invoice_id, business_id, agent_id, amount_cents, status, application_fee_cents, created_at)
  SELECT id, ${business.profileId}, ${agent.profileId}, amount_cents, 'completed', amount_cents / 20, paid_at FROM inv WHERE is_paid`.execute(
  db,
);
await sql`
  INSERT INTO agent_profile_daily_stats (agent_id, day, search_appearances, profile_views)
  SELECT a.id, current_date - d, 50 + (a.id * 7 + d * 13) % 120,
         CASE WHEN a.id = ${agent.profileId} THEN 13 + (d < 255)::int ELSE (a.id + d) % 9 END
  FROM agent_profiles a CROSS JOIN generate_series(0, 364) d`.execute(db);
await sql`
  INSERT INTO messages (sender_id, receiver_id, content, sent_at)
  SELECT CASE WHEN i % 3 = 0 THEN ${agent.userId}::int ELSE ${business.userId}::int END,
         CASE WHEN i % 3 = 0 THEN ${business.userId}::int ELSE ${agent.userId}::int END,
         'Bench message ' || i, now() - make_interval(hours => i * 13)
  FROM generate_series(1, 600) i`.execute(db);
await sql`ANALYZE`.execute(db);
const views = await sql<{ v: number }>`
  SELECT sum(profile_views)::int AS v FROM agent_profile_daily_stats WHERE agent_id = ${agent.profileId}`.execute(
  db,
);
console.log(
  `seeded in ${tenth((performance.now() - started) / 1000)} s: 200 partnerships, 12,000 invoices, ${views.rows[0]?.v} profile views for the agent`,
);

/** A request straight to the app with a party's session (no contract validation of the test client). */
const cookieOf = (p: { client: { cookies: Map<string, string> } }) =>
  [...p.client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
const raw = (
  app: { request: (url: string, init: RequestInit) => Response | Promise<Response> },
  p: { client: { cookies: Map<string, string> } },
  path: string,
) => Promise.resolve(app.request(`http://localhost${path}`, { headers: { cookie: cookieOf(p) } }));

async function measure(label: string, run: () => Promise<Response>) {
  for (let i = 0; i < 20; i++) await (await run()).arrayBuffer();
  const times: number[] = [];
  for (let i = 0; i < requests; i++) {
    const t0 = performance.now();
    const res = await run();
    await res.arrayBuffer();
    times.push(performance.now() - t0);
    if (res.status !== 200) throw new Error(`${label}: ${res.status}`);
  }
  console.log(
    `${label.padEnd(44)} p50 ${tenth(percentile(times, 50))} ms  p95 ${tenth(percentile(times, 95))} ms  p99 ${tenth(percentile(times, 99))} ms  (n=${requests})`,
  );
}

// Each aggregate on its own (p50 of 20, straight through the repository): where the time goes.
const repository = await t.runtime.runPromise(InsightsRepository);
const payouts = await t.runtime.runPromise(PayoutRefundRepository);
const reviews = await t.runtime.runPromise(ReviewRepository);
const range = { from: `${new Date().getFullYear() - 1}-12-01`, to: new Date().toISOString().slice(0, 10) };
const b = BusinessProfileId.make(business.profileId);
const a = AgentProfileId.make(agent.profileId);
const queries: [string, () => Promise<unknown>][] = [
  ["businessOverview", () => t.runtime.runPromise(repository.businessOverview(b, range, range.to, true))],
  ["businessHeadline", () => t.runtime.runPromise(repository.businessHeadline(b, range, range.to))],
  ["businessMonths", () => t.runtime.runPromise(repository.businessMonths(b, range))],
  ["businessAgents", () => t.runtime.runPromise(repository.businessAgents(b, range))],
  ["businessFunnel", () => t.runtime.runPromise(repository.businessFunnel(b, range))],
  // Earnings and responsiveness come from the payouts and reviews contexts' queries (issue 18).
  ["payouts earningsPerMonth", () => t.runtime.runPromise(payouts.earningsPerMonth(a, new Date()))],
  ["reviews responses", () => t.runtime.runPromise(reviews.responses(UserId.make(agent.userId), range))],
  ["agentVisibility", () => t.runtime.runPromise(repository.agentVisibility(a, range))],
  ["agentPeers", () => t.runtime.runPromise(repository.agentPeers(a, range))],
];
// The overview with every day read live (no roll-up yet), then the roll-up job built (ADR 0026).
{
  const times: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t0 = performance.now();
    await queries[0]![1]();
    times.push(performance.now() - t0);
  }
  console.log(`  ${"businessOverview (live)".padEnd(22)} p50 ${tenth(percentile(times, 50))} ms`);
  // The same request as below with no roll-up: every figure from the invoices, as before ADR 0026.
  await measure("GET /api/analytics (no roll-up: all live)", () =>
    raw(t.app, business, "/api/analytics?range=12m&compare=true"),
  );
  const t0 = performance.now();
  const rows = await refreshInsightsRollup(db);
  await sql`ANALYZE insights_daily`.execute(db);
  console.log(`  roll-up job: ${rows} rows in ${tenth(performance.now() - t0)} ms`);
}
for (const [name, run] of queries) {
  const times: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t0 = performance.now();
    await run();
    times.push(performance.now() - t0);
  }
  console.log(`  ${name.padEnd(22)} p50 ${tenth(percentile(times, 50))} ms`);
}

// Baseline: a signed-in request that does almost nothing (session, guards, one small query).
await measure("GET /api/notifications (baseline)", () => raw(t.app, business, "/api/notifications"));
await measure("GET /api/analytics?range=12m&compare=true", () =>
  raw(t.app, business, "/api/analytics?range=12m&compare=true"),
);
await measure("GET /api/performance?range=12m", () => raw(t.app, agent, "/api/performance?range=12m"));

// Search throughput with the counter (the app as built) and with a no-op counter.
const runtimeWithout = makeRuntime(makeAppLayer(db, ProfileStatsCounterNoop, { appUrl: "http://localhost" }));
const appWithout = createApp({ runtime: runtimeWithout, db, logger: createLogger("silent") });

async function throughput(label: string, fetchPage: (page: number) => Promise<Response>) {
  let done = 0;
  const until = performance.now() + searchSeconds * 1000;
  await Promise.all(
    Array.from({ length: 4 }, async (_, w) => {
      let k = w;
      while (performance.now() < until) {
        const res = await fetchPage((k++ % 15) + 1);
        await res.arrayBuffer();
        done++;
      }
    }),
  );
  const rate = done / searchSeconds;
  console.log(`${label.padEnd(44)} ${tenth(rate)} req/s`);
  return rate;
}

const search = (page: number) => `/api/agent-profiles?page=${page}`;
await throughput("warm-up", (p) => raw(t.app, business, search(p)));
// Paired rounds in ABBA order (which app goes first alternates), so load from elsewhere on the
// machine falls on both alike; the change is the median of the rounds' ratios, which one noisy
// round cannot move the way it moves a sum.
const ratios: number[] = [];
for (let r = 1; r <= searchRounds; r++) {
  const runWithout = () =>
    throughput(`search, no-op counter (round ${r})`, (p) => raw(appWithout, business, search(p)));
  const runWith = () =>
    throughput(`search, appearance counter (round ${r})`, (p) => raw(t.app, business, search(p)));
  let without: number;
  let withIt: number;
  if (r % 2 === 1) {
    without = await runWithout();
    withIt = await runWith();
  } else {
    withIt = await runWith();
    without = await runWithout();
  }
  ratios.push(withIt / without);
}
const sortedRatios = [...ratios].sort((a, b) => a - b);
const change = (percentile(ratios, 50) - 1) * 100;
console.log(
  `throughput change with the counter: median of ${searchRounds} paired rounds ${tenth(change)} % ` +
    `(rounds from ${tenth(((sortedRatios[0] ?? 1) - 1) * 100)} to ${tenth(((sortedRatios.at(-1) ?? 1) - 1) * 100)} %; ` +
    "target: no worse than −5 %)",
);

await runtimeWithout.dispose();
await t.close();
