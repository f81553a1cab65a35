/**
 * bench/queue — does the job queue keep up after a burst? On a fresh PostgreSQL database
 * (`closr_bench_queue_<time>` on the local server, dropped afterwards unless BENCH_KEEP=1) it
 * starts the API process (pg-boss, the production queue; port BENCH_PORT, default 4301), sets up
 * a business and an agent in an active partnership (payouts on, API access granted), registers
 * the agent's webhook endpoint for `invoice.created` on a local receiver, then creates
 * BENCH_INVOICES (default 1,000) invoices in a burst (BENCH_CONCURRENCY parallel requests,
 * default 16). Each invoice causes one `send-email` job (the business's "invoice raised" email,
 * written to the development outbox) and one `deliver-webhook` job.
 *
 * Prints, with the machine's load (`uptime`; the machine is shared, so figures are noisy):
 * - p50/p95/max email latency: outbox row time − invoice row time (both the database clock);
 * - p50/p95/max webhook latency: receipt at the receiver − the invoice request's answer;
 * - drained: seconds from the burst's start (and from its last invoice) until every email and
 *   webhook arrived and pg-boss holds no queued, retrying or active job of those two kinds;
 * - duplicates: events received more than once, invoices emailed more than once, and the most
 *   jobs pg-boss held at once for one webhook target.
 * Gives up after BENCH_TIMEOUT_SECONDS (default 600) and prints what arrived by then.
 * BENCH_MODE=backlog: the API process runs no jobs (JOB_WORKERS=0) during the burst; then a
 * second process (port BENCH_PORT + 1) starts working them, and the time it takes to drain the
 * backlog (2 jobs per invoice) is printed — the queue's throughput alone.
 * Run: pnpm bench:queue   (BENCH_MODE=backlog pnpm bench:queue)
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { loadavg } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { adminUrl, benchDatabaseUrl } from "../data.ts";
import { percentile } from "../load.ts";

const invoices = Number(process.env.BENCH_INVOICES ?? 1000);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);
const port = Number(process.env.BENCH_PORT ?? 4301);
const timeoutSeconds = Number(process.env.BENCH_TIMEOUT_SECONDS ?? 600);
const keep = process.env.BENCH_KEEP === "1";
const backlog = process.env.BENCH_MODE === "backlog";
const root = join(import.meta.dirname, "../..");
const base = `http://127.0.0.1:${port}`;
const password = "bench queue password";

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A cookie-keeping JSON client of the API. */
function session() {
  let cookie = "";
  return async (method: string, path: string, json?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(json === undefined ? {} : { "content-type": "application/json" }),
        ...(cookie ? { cookie } : {}),
        origin: base,
        ...headers,
      },
      body: json === undefined ? null : JSON.stringify(json),
    });
    const set = res.headers.getSetCookie();
    if (set.length) cookie = set.map((c) => c.split(";")[0]).join("; ");
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
    // biome-ignore lint/suspicious/noExplicitAny: bench script reads a few fields
    return (text ? JSON.parse(text) : {}) as any;
  };
}

async function waitForServer(child: ChildProcess, origin: string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`API exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${origin}/api/health`)).status < 500) return;
    } catch {
      // not listening yet
    }
    await sleep(500);
  }
  throw new Error("API did not start within 120 s");
}

async function main() {
  const name = `closr_bench_queue_${Date.now()}`;
  const url = benchDatabaseUrl(name);
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);

  // The receiver: records every delivery (always 200).
  const received: { eventId: string; invoiceId: number; at: number }[] = [];
  const receiver = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      const at = Date.now();
      try {
        const event = JSON.parse(body);
        received.push({ eventId: event.id, invoiceId: Number(event.data?.object?.id), at });
      } catch {
        // not an event
      }
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;

  const startApi = (apiPort: number, jobWorkers: boolean) =>
    spawn(process.execPath, ["--import", "tsx", join(root, "services/api/src/main.ts")], {
      cwd: root,
      stdio: ["ignore", "inherit", "inherit"],
      env: {
        ...process.env,
        PORT: String(apiPort),
        DATABASE_URL: url,
        SERVE_FRONTENDS: "0",
        SEED_DEMO: "0",
        LOG_LEVEL: process.env.LOG_LEVEL ?? "fatal",
        NODE_ENV: "development",
        REGISTER_LIMIT_PER_HOUR: "1000",
        JOB_WORKERS: jobWorkers ? "1" : "0",
      },
    });
  const child = startApi(port, !backlog);
  let worker: ChildProcess | undefined;
  const db = postgres(url, { max: 2, onnotice: () => {} });
  try {
    await waitForServer(child, base);
    console.log(`bench:queue — ${invoices} invoices, ${concurrency} in flight, on ${name}`);
    console.log(`load at start: ${load()} (shared 2-core machine: figures are noisy)`);

    // Parties: a business and an agent (payouts on, API access) in an active partnership.
    const business = session();
    const agent = session();
    const run = Date.now().toString(36);
    for (const [client, userType] of [
      [business, "business"],
      [agent, "agent"],
    ] as const) {
      const username = `bq${userType}${run}`;
      await client("POST", "/api/register", {
        email: `${username}@example.com`,
        username,
        password,
        userType,
      });
      // Payouts need a verified email: verify it, as the link would, before the session exists.
      await db`UPDATE users SET email_verified = true WHERE username = ${username}`;
      await client("POST", "/api/login", { username, password });
    }
    const businessProfile = await business("POST", "/api/business-profiles", {
      companyName: "Bench Queue Pty Ltd",
    });
    const agentProfile = await agent("POST", "/api/agent-profiles", {
      fullName: "Bench Agent",
      specialization: "B2B Sales",
      yearsOfExperience: 5,
    });
    await agent("POST", "/api/payout-account/onboarding");
    await agent("POST", "/api/local-gateway/payout-account/bank-details", {
      accountName: "Bench Agent",
      bsb: "000-000",
      accountNumber: "000123456",
    });
    const partnership = await business("POST", "/api/partnerships", { agentId: agentProfile.id });
    await agent("PATCH", `/api/partnerships/${partnership.id}`, { status: "active" });
    await db`INSERT INTO api_access_grants (user_id) SELECT user_id FROM agent_profiles WHERE id = ${agentProfile.id}`;
    await agent("POST", "/api/webhook-endpoints", { url: receiverUrl, events: ["invoice.created"] });

    // The burst.
    const answeredAt = new Map<number, number>();
    const started = Date.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < invoices) {
          next++;
          const invoice = await agent(
            "POST",
            "/api/invoices",
            {
              businessId: businessProfile.id,
              partnershipId: partnership.id,
              amount: 100 + (next % 50),
              description: `Bench invoice ${next}`,
            },
            { "idempotency-key": randomUUID() },
          );
          answeredAt.set(Number(invoice.id), Date.now());
        }
      }),
    );
    const burstSeconds = (Date.now() - started) / 1000;
    console.log(`burst: ${invoices} invoices created in ${burstSeconds.toFixed(1)} s; load ${load()}`);
    let workerUp = 0;
    let backlogJobs = 0;
    if (backlog) {
      const [row] = await db<{ n: number }[]>`
        SELECT count(*)::int AS n FROM pgboss.job
        WHERE name IN ('send-email', 'deliver-webhook') AND state < 'completed'`;
      backlogJobs = row!.n;
      worker = startApi(port + 1, true);
      await waitForServer(worker, `http://127.0.0.1:${port + 1}`);
      workerUp = Date.now();
      console.log(`backlog: ${backlogJobs} jobs; the worker process is up; load ${load()}`);
    }

    // Wait for every email and webhook, and for pg-boss to hold nothing more of those kinds.
    let drainedAt: number | null = null;
    let maxJobsPerTarget = 0;
    let maxQueued = 0;
    let emails: { invoiceId: number; latency: number }[] = [];
    let lastReport = Date.now();
    while ((Date.now() - started) / 1000 < timeoutSeconds) {
      const rows = await db<{ subject: string; latency: number }[]>`
        SELECT o.subject, extract(epoch from (o.created_at - i.created_at)) * 1000 AS latency
        FROM mail_outbox o
        JOIN invoices i ON i.id = substring(o.subject from 'invoice #([0-9]+)')::int`;
      emails = rows.map((r) => ({
        invoiceId: Number(/invoice #(\d+)/.exec(r.subject)![1]),
        latency: Number(r.latency),
      }));
      const [jobs] = await db<{ open: number }[]>`
        SELECT count(*)::int AS open FROM pgboss.job
        WHERE name IN ('send-email', 'deliver-webhook') AND state < 'completed'`;
      const [perTarget] = await db<{ worst: number }[]>`
        SELECT coalesce(max(n), 0)::int AS worst FROM (
          SELECT count(*) AS n FROM pgboss.job
          WHERE name = 'deliver-webhook' AND state < 'completed' GROUP BY data) j`;
      maxJobsPerTarget = Math.max(maxJobsPerTarget, perTarget!.worst);
      maxQueued = Math.max(maxQueued, jobs!.open);
      const hooks = new Set(received.map((r) => r.invoiceId)).size;
      const mails = new Set(emails.map((e) => e.invoiceId)).size;
      if (Date.now() - lastReport >= 15_000) {
        lastReport = Date.now();
        console.log(
          `  t+${((Date.now() - started) / 1000).toFixed(0)} s: emails ${mails}/${invoices}, webhooks ${hooks}/${invoices}, open jobs ${jobs!.open}; load ${load()}`,
        );
      }
      if (hooks >= invoices && mails >= invoices && jobs!.open === 0) {
        drainedAt = Date.now();
        break;
      }
      await sleep(250);
    }

    const webhookLatencies = received
      .filter((r) => answeredAt.has(r.invoiceId))
      .map((r) => r.at - answeredAt.get(r.invoiceId)!);
    const firstWebhook = new Map<number, number>();
    for (const r of received)
      if (!firstWebhook.has(r.invoiceId)) firstWebhook.set(r.invoiceId, r.at - answeredAt.get(r.invoiceId)!);
    const firstEmail = new Map<number, number>();
    for (const e of emails) if (!firstEmail.has(e.invoiceId)) firstEmail.set(e.invoiceId, e.latency);
    const byEvent = new Map<string, number>();
    for (const r of received) byEvent.set(r.eventId, (byEvent.get(r.eventId) ?? 0) + 1);
    const duplicateEvents = [...byEvent.values()].filter((n) => n > 1).length;
    const duplicateEmails = emails.length - firstEmail.size;
    const stats = (values: number[]) =>
      values.length === 0
        ? "none"
        : `p50 ${(percentile(values, 50) / 1000).toFixed(1)} s  p95 ${(percentile(values, 95) / 1000).toFixed(1)} s  max ${(Math.max(...values) / 1000).toFixed(1)} s`;
    console.log("");
    console.log(`emails:   ${firstEmail.size}/${invoices} delivered   ${stats([...firstEmail.values()])}`);
    console.log(
      `webhooks: ${firstWebhook.size}/${invoices} delivered   ${stats([...firstWebhook.values()])}`,
    );
    if (backlog && drainedAt !== null)
      console.log(
        `backlog:  ${backlogJobs} jobs drained ${((drainedAt - workerUp) / 1000).toFixed(1)} s after the worker process answered (latencies above include the wait for it)`,
      );
    console.log(
      drainedAt === null
        ? `drained:  NOT within ${timeoutSeconds} s (latencies above cover only what arrived)`
        : `drained:  ${((drainedAt - started) / 1000).toFixed(1)} s after the burst started, ${((drainedAt - started) / 1000 - burstSeconds).toFixed(1)} s after its last invoice`,
    );
    console.log(
      `duplicates: ${duplicateEvents} events received more than once (${received.length} requests for ${byEvent.size} events), ${duplicateEmails} extra emails; at most ${maxJobsPerTarget} open jobs for one webhook target; peak open jobs ${maxQueued}`,
    );
    console.log(`webhook requests counted: ${webhookLatencies.length}`);
    console.log(`load at end: ${load()}`);
  } finally {
    for (const api of [child, worker])
      if (api && api.exitCode === null) {
        api.kill("SIGTERM");
        await new Promise((resolve) => api.once("exit", resolve));
      }
    await db.end();
    receiver.close();
    if (!keep) await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
