/**
 * bench/scale — scale-out on a real engine (issue 21). For 1, 2 and 4 API processes behind
 * nginx on one PostgreSQL (scripts/cluster.ts, ports 3350-3354):
 * 1. discovery: closed loop of BENCH_CONCURRENCY (default 32) clients for BENCH_SECONDS
 *    (default 15) over the discovery mix (GET /api/agent-profiles, the query shapes of
 *    bench/search) → throughput and p50/p99;
 * 2. live: BENCH_STREAMS (default 1,000) SSE streams of one user through nginx, then
 *    BENCH_MESSAGES (default 20) messages to that user, one every 100 ms → delivery latency
 *    from POST to receipt across all streams (p50/p99) and connect time.
 * Also the same discovery mix as SQL straight to PostgreSQL (the limit the processes share).
 * Data: BENCH_AGENTS (default 10,000) generated agents in `closr_bench_scale`
 * (BENCH_DATABASE_URL overrides). Prints the machine's load with the figures: on a shared
 * 2-core box the numbers are noisy; compare rows of one run, not runs.
 * Run: pnpm bench:scale
 */
import { cpus, loadavg } from "node:os";
import { agentSearchQueries } from "@closr/adapters/postgres";
import { seedDemoProfiles, seedDemoUsers, seedMarketplace } from "@closr/adapters/seed";
import type { BusinessProfile } from "@closr/core/profiles";
import { startCluster } from "../../scripts/cluster.ts";
import { makeAppLayer, makeRuntime } from "../../services/api/src/runtime.ts";
import { readSse, type SseReader } from "../../services/api/src/testing/sse-reader.ts";
import { benchDatabaseUrl, openBenchDatabase, toCriteria } from "../data.ts";
import { closedLoop, type LoadResult, percentile } from "../load.ts";

const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 32);
const streams = Number(process.env.BENCH_STREAMS ?? 1000);
const messages = Number(process.env.BENCH_MESSAGES ?? 20);
const targetAgents = Number(process.env.BENCH_AGENTS ?? 10_000);
const counts = (process.env.BENCH_PROCESSES ?? "1,2,4").split(",").map(Number);
const port = Number(process.env.BENCH_PORT ?? 3350);
const url = process.env.BENCH_DATABASE_URL ?? benchDatabaseUrl("closr_bench_scale");

const mix = [
  "",
  "sort=newest",
  "sort=experience",
  "location=sydney",
  "experience=6-10",
  "minimumCommissionRate=15",
  "specialization=SaaS%20Sales",
  "verified=true",
  "location=melbourne&verified=true&minimumCommissionRate=10",
  "q=enterprise",
  "q=saas",
  "q=cold%20calling&sort=newest",
  "page=20",
  "page=5&location=sydney",
];

async function ensureData() {
  const { handle, agents: have } = await openBenchDatabase(url);
  const { sql } = await import("kysely");
  if (have < targetAgents) {
    const runtime = makeRuntime(makeAppLayer(handle.db));
    await seedDemoUsers(runtime);
    await seedDemoProfiles(runtime);
    const argon2 = (await import("argon2")).default;
    const passwordHash = await argon2.hash("closr-demo-2026");
    await seedMarketplace(handle.db, { agents: targetAgents - have, businesses: 500, passwordHash });
    await runtime.dispose();
  }
  await sql`vacuum analyze agent_profiles`.execute(handle.db).catch(() => {});
  return handle;
}

const fmt = (r: LoadResult) =>
  `${(r.latencies.length / r.elapsed).toFixed(0).padStart(6)} req/s  p50 ${percentile(r.latencies, 50).toFixed(1).padStart(7)}  p99 ${percentile(r.latencies, 99).toFixed(1).padStart(7)} ms  errors ${r.errors}`;

async function login(base: string, username: string) {
  const res = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password: "closr-demo-2026" }),
  });
  if (res.status !== 200) throw new Error(`login ${username}: ${res.status}`);
  return res.headers.getSetCookie()[0]!.split(";")[0]!;
}

async function liveFanOut(base: string, receiver: { cookie: string; id: number }, senderCookie: string) {
  const readers: SseReader[] = [];
  const t0 = performance.now();
  const connectTimes: number[] = [];
  for (let batch = 0; batch < streams; batch += 100) {
    await Promise.all(
      Array.from({ length: Math.min(100, streams - batch) }, async () => {
        const started = performance.now();
        const res = await fetch(`${base}/api/events`, { headers: { cookie: receiver.cookie } });
        const reader = readSse(res.body!);
        readers.push(reader);
        await reader.next((f) => f.event === "ready", 60_000);
        connectTimes.push(performance.now() - started);
      }),
    );
  }
  const connectAll = performance.now() - t0;
  const delivery: number[] = [];
  let lost = 0;
  for (let m = 0; m < messages; m++) {
    const sentAt = performance.now();
    const res = await fetch(`${base}/api/messages`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: senderCookie },
      body: JSON.stringify({ receiverId: receiver.id, content: `scale ${m}` }),
    });
    const { id } = (await res.json()) as { id: number };
    const got = await Promise.allSettled(
      readers.map((r) =>
        r.next((f) => f.event === "message" && (JSON.parse(f.data) as { id: number }).id === id, 20_000),
      ),
    );
    for (const g of got) {
      if (g.status === "fulfilled") delivery.push(g.value.receivedAt - sentAt);
      else lost++;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await Promise.all(readers.map((r) => r.close()));
  return { connectAll, connectTimes, delivery, lost };
}

const handle = await ensureData();
const viewer = await sql1();
async function sql1() {
  const { sql } = await import("kysely");
  const row = (
    await sql<BusinessProfile>`select bp.* from business_profiles bp join users u on u.id = bp.user_id where u.username = 'harbourtech'`.execute(
      handle.db,
    )
  ).rows[0];
  return row as BusinessProfile;
}
console.log(
  `bench/scale: ${targetAgents} agents, ${mix.length} query shapes, ${concurrency} clients × ${seconds} s; ${streams} SSE streams × ${messages} messages`,
);
console.log(
  `machine: ${cpus().length} cores, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" / ")} at start (shared with other work: figures are noisy)`,
);
const direct = async (i: number) => {
  const { page, count } = agentSearchQueries(handle.db, toCriteria(mix[i % mix.length]!), viewer);
  await Promise.all([page.execute(), count.executeTakeFirst()]);
};
for (let i = 0; i < mix.length; i++) await direct(i);
const sqlMax = await closedLoop(direct, seconds, concurrency);
console.log(`SQL only (the PostgreSQL limit, pool 10)   ${fmt(sqlMax)}`);

const rows: string[] = [];
for (const n of counts) {
  // Each run starts with fresh rate-limit counters (the send limit is shared, per minute).
  await handle.db.deleteFrom("rateLimitHits").execute();
  const cluster = await startCluster({
    processes: n,
    port,
    databaseUrl: url,
    env: { REGISTER_LIMIT_PER_HOUR: "100000", SERVE_FRONTENDS: "0" },
  });
  try {
    const cookie = await login(cluster.url, "harbourtech");
    const api = async (i: number) => {
      const res = await fetch(`${cluster.url}/api/agent-profiles?${mix[i % mix.length]}`, {
        headers: { cookie },
      });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(String(res.status));
    };
    for (let i = 0; i < mix.length * 2; i++) await api(i);
    const discovery = await closedLoop(api, seconds, concurrency);
    const line = `${n} process${n > 1 ? "es" : "  "}  discovery ${fmt(discovery)}`;
    console.log(line);
    // Live: the receiver is a seeded agent; the sender the business.
    const receiverName = "mia.chen";
    const receiverCookie = await login(cluster.url, receiverName).catch(() => "");
    let live = "live: skipped (no seeded agent login)";
    if (receiverCookie) {
      const me = (await (
        await fetch(`${cluster.url}/api/user`, { headers: { cookie: receiverCookie } })
      ).json()) as {
        id: number;
      };
      const fan = await liveFanOut(cluster.url, { cookie: receiverCookie, id: me.id }, cookie);
      live = `live ${streams} streams: connect all ${(fan.connectAll / 1000).toFixed(1)} s (p99 ${percentile(fan.connectTimes, 99).toFixed(0)} ms), delivery p50 ${percentile(fan.delivery, 50).toFixed(0)} p99 ${percentile(fan.delivery, 99).toFixed(0)} ms, lost ${fan.lost}`;
    }
    console.log(`            ${live}`);
    rows.push(`${line}\n            ${live}`);
  } finally {
    await cluster.stop();
  }
}
console.log(
  `\nload average at end: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" / ")}`,
);
await handle.close();
