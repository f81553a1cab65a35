/**
 * bench/ledger — the commission ledger at scale (issue 43).
 * 1. A fresh database (TEST_DATABASE_URL's server, else embedded PGlite) with one partnership under
 *    a signed tiered agreement and BENCH_SALES (10,000) confirmed sales in February 2027, each
 *    recorded as production records it: the sale in the deal context's table, then its
 *    `SaleConfirmed` published in one unit of work (the commission subscriber computes and stores
 *    its line under the ledger lock); 2 % of them refunded (`SaleRefunded`, a clawback each).
 *    Then 99 more partnerships whose lines bring the table to BENCH_LINES (100,000), and ANALYZE.
 * 2. GET …/commission/statements/2027-02 (JSON) and …/statement.pdf as the agent, in process
 *    (Hono's app.request: no socket), BENCH_REQUESTS (50) sequential after a warm-up; p50/p95/max.
 *    Targets: the statement ≤ 300 ms, the PDF ≤ 2 s.
 * 3. The ledger list: GET …/commission/lines (page 1, a deep page, ?state=payable,
 *    ?month=2027-02) in rotation, BENCH_REQUESTS × 4; p50/p95. Target: p95 ≤ 50 ms.
 * Prints the load average (os.loadavg) before and after. Run: pnpm bench:ledger (with `nice` on a
 * shared machine).
 */
import { loadavg } from "node:os";
import { aTerms, saleEvents } from "@closr/core/commission/testing";
import { atomically, type DomainEvent, makeTestClock, PartnershipId, publishEvent } from "@closr/core/shared";
import { sql } from "kysely";
import { createTestApp } from "../../services/api/src/testing/test-app.ts";
import { percentile } from "../load.ts";

const salesCount = Number(process.env.BENCH_SALES ?? 10_000);
const linesWanted = Number(process.env.BENCH_LINES ?? 100_000);
const requests = Number(process.env.BENCH_REQUESTS ?? 50);
const tenth = (x: number) => Math.round(x * 10) / 10;
const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(" / ");

console.log(`load average (1/5/15 min) at start: ${load()}`);
// 10 March 2027, Sydney: February's lines are past any holding period.
const clock = makeTestClock(new Date("2027-03-10T01:00:00Z"));
const t = await createTestApp({ clock: clock.layer });
const db = t.database.db;
console.log(`database: ${t.database.kind ?? "?"}`);

async function party(userType: "business" | "agent", username: string) {
  const client = t.client();
  const res = await client.request("/api/register", {
    method: "POST",
    json: { email: `${username}@example.com`, username, password: "long enough password", userType },
  });
  const userId = ((await res.json()) as { id: number }).id;
  const profile = await client.request(
    userType === "business" ? "/api/business-profiles" : "/api/agent-profiles",
    {
      method: "POST",
      json:
        userType === "business"
          ? { companyName: "Bench Pty Ltd" }
          : { fullName: "Bench Agent", specialization: "SaaS Sales", yearsOfExperience: 5 },
    },
  );
  return { client, userId, profileId: ((await profile.json()) as { id: number }).id };
}

const terms = aTerms(
  {
    type: "tiered",
    tiers: [
      { fromCents: 0, rate: 8 },
      { fromCents: 50_000_000, rate: 12 },
      { fromCents: 200_000_000, rate: 15 },
    ],
  },
  { holdingPeriodDays: 14, clawbackWindowDays: 90, tierPeriod: "month" },
);

const seeded = performance.now();
const business = await party("business", "benchledgerbusiness");
const agent = await party("agent", "benchledgeragent");
const partnership = await sql<{ id: number }>`
  INSERT INTO partnerships (business_id, agent_id, status, requested_by, commission_rate, start_date)
  VALUES (${business.profileId}, ${agent.profileId}, 'active', 'agent', 10, '2027-01-01') RETURNING id`.execute(
  db,
);
const partnershipId = PartnershipId.make(partnership.rows[0]!.id);
const agreement = await sql<{ id: number }>`
  INSERT INTO agreements (partnership_id, stage) VALUES (${partnershipId}, 'signed') RETURNING id`.execute(
  db,
);
await sql`INSERT INTO agreement_versions (agreement_id, number, terms, proposed_by, proposed_by_user, status, document, document_sha256, signed_at)
  VALUES (${agreement.rows[0]!.id}, 1, ${JSON.stringify(terms)}::text::jsonb, 'business', ${business.userId}, 'signed', '{}'::jsonb, ${"a".repeat(64)}, ${new Date("2027-01-01T01:00:00Z")})`.execute(
  db,
);

// The deal context's sales (part A's table), spread over February, $50 to $5,000.
const sales = await sql<{ id: number; amountCents: string; saleDate: string }>`
  INSERT INTO sales (partnership_id, amount_cents, sale_date, kind, state, reported_by, source, confirmed_at)
  SELECT ${partnershipId}, 5000 + (g * 7919) % 495000, DATE '2027-02-01' + (g % 28), 'one_off', 'confirmed', 'business', 'form', now()
  FROM generate_series(1, ${salesCount}) g
  RETURNING id, amount_cents AS "amountCents", sale_date::text AS "saleDate"`.execute(db);
const publish = (event: DomainEvent) => t.runtime.runPromise(atomically(publishEvent(event)));
const recording = performance.now();
const eventsOf = (s: (typeof sales.rows)[number]) =>
  saleEvents({
    id: s.id,
    partnershipId,
    amountCents: Number(s.amountCents),
    saleDate: s.saleDate,
    businessUserId: business.userId,
    agentUserId: agent.userId,
  });
for (const s of sales.rows) await publish(eventsOf(s).confirmed);
const recordMs = performance.now() - recording;
let refunds = 0;
for (const s of sales.rows.filter((_, i) => i % 50 === 7)) {
  const refundCents = Math.floor(Number(s.amountCents) / 2);
  await sql`UPDATE sales SET refunded_amount_cents = refunded_amount_cents + ${refundCents} WHERE id = ${s.id}`.execute(
    db,
  );
  await publish(eventsOf(s).refunded(refundCents, "2027-03-01"));
  refunds++;
}
const own = await sql<{ n: number }>`SELECT count(*)::int AS n FROM commission_lines`.execute(db);
console.log(
  `${salesCount.toLocaleString("en-AU")} sales recorded through SaleConfirmed in ${tenth(recordMs / 1000)} s (${tenth(recordMs / salesCount)} ms each), ${refunds} refunds; ${own.rows[0]!.n.toLocaleString("en-AU")} lines`,
);
await sql`UPDATE commission_lines SET state = 'payable' WHERE state = 'earned' AND payable_on <= '2027-03-10'`.execute(
  db,
);

// 99 other partnerships (their own agents) with the rest of the lines, over 12 months.
const others = 99;
await sql`
  WITH u AS (
    INSERT INTO users (email, username, password_hash, user_type)
    SELECT 'benchledger' || g || '@example.com', 'benchledgeragent' || g, 'x', 'agent' FROM generate_series(1, ${others}) g
    RETURNING id, username)
  INSERT INTO agent_profiles (user_id, full_name, specialization, years_of_experience, location)
  SELECT id, 'Agent ' || username, 'SaaS Sales', 3, 'sydney' FROM u`.execute(db);
const otherPartnerships = await sql<{ id: number }>`
  INSERT INTO partnerships (business_id, agent_id, status, requested_by, commission_rate, start_date)
  SELECT ${business.profileId}, a.id, 'active', 'agent', 10, '2026-01-01' FROM agent_profiles a WHERE a.id <> ${agent.profileId}
  RETURNING id`.execute(db);
const rest = Math.max(0, linesWanted - own.rows[0]!.n);
await sql`
  INSERT INTO commission_lines (partnership_id, sale_id, agreement_version, model, kind, amount_cents, earned_on, payable_on, state)
  SELECT p.ids[1 + g % ${otherPartnerships.rows.length}], 1000000 + g, 1, 'straight', 'commission', 100 + g % 90000,
         DATE '2026-03-01' + (g % 365), DATE '2026-03-01' + (g % 365) + 14,
         CASE WHEN g % 4 = 0 THEN 'earned' ELSE 'payable' END
  FROM generate_series(1, ${rest}) g, (SELECT array_agg(id) AS ids FROM partnerships WHERE id <> ${partnershipId}) p`.execute(
  db,
);
await sql`ANALYZE commission_lines`.execute(db);
await sql`ANALYZE commission_sales`.execute(db);
const all = await sql<{ n: number }>`SELECT count(*)::int AS n FROM commission_lines`.execute(db);
console.log(
  `seeded in ${tenth((performance.now() - seeded) / 1000)} s: ${all.rows[0]!.n.toLocaleString("en-AU")} lines in ${otherPartnerships.rows.length + 1} partnerships`,
);

async function timed(label: string, paths: readonly string[], n: number, target: number) {
  for (const path of paths) {
    const warm = await agent.client.request(path);
    if (warm.status !== 200) throw new Error(`${path}: ${warm.status} ${await warm.text()}`);
    await warm.arrayBuffer();
  }
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const path = paths[i % paths.length]!;
    const t0 = performance.now();
    const res = await agent.client.request(path);
    await res.arrayBuffer();
    times.push(performance.now() - t0);
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
  }
  const p95 = percentile(times, 95);
  if (paths.length > 1)
    for (const [j, path] of paths.entries()) {
      const own = times.filter((_, i) => i % paths.length === j);
      console.log(
        `  ${path.replace(base, "…").padEnd(38)} p50 ${tenth(percentile(own, 50))} ms  p95 ${tenth(percentile(own, 95))} ms`,
      );
    }
  console.log(
    `${label.padEnd(40)} p50 ${tenth(percentile(times, 50))} ms  p95 ${tenth(p95)} ms  max ${tenth(Math.max(...times))} ms  (n=${n}; target p95 ≤ ${target} ms: ${p95 <= target ? "met" : "NOT met"})`,
  );
}

const base = `/api/partnerships/${partnershipId}/commission`;
const statement = (await (await agent.client.request(`${base}/statements/2027-02`)).json()) as {
  sales: { count: number; total: number };
  earned: number;
  clawbacks: number;
};
console.log(
  `statement 2027-02: ${statement.sales.count} sales, $${statement.sales.total.toLocaleString("en-AU")} → earned $${statement.earned.toLocaleString("en-AU")}, clawbacks $${statement.clawbacks}`,
);
await timed("statement JSON (10,000 sales)", [`${base}/statements/2027-02`], requests, 300);
await timed(
  "statement PDF (10,000 sales)",
  [`${base}/statements/2027-02/statement.pdf`],
  Math.max(10, requests / 2),
  2000,
);
await timed(
  `ledger list (${all.rows[0]!.n.toLocaleString("en-AU")} lines in the table)`,
  [
    `${base}/lines?page=1&pageSize=50`,
    `${base}/lines?page=100&pageSize=50`,
    `${base}/lines?state=payable&pageSize=50`,
    `${base}/lines?month=2027-02&pageSize=50`,
  ],
  requests * 4,
  50,
);
console.log(`load average (1/5/15 min) at the end: ${load()}`);
await t.close();
