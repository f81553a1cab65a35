/**
 * bench/messaging — live delivery at 1,000 open SSE connections (issue 6).
 * 1. Creates a throwaway database on the local PostgreSQL (TEST_DATABASE_URL's server, default
 *    postgres://postgres@127.0.0.1:5432), migrates it, and adds BENCH_USERS (1000) users with
 *    sessions, straight in SQL (no password hashing).
 * 2. Starts BENCH_PROCESSES (2) API processes (bench/messaging/server.ts) on that database.
 * 3. Opens one GET /api/events stream per user, spread over the processes, and waits for each
 *    to be ready.
 * 4. Open loop: BENCH_RATE (50) messages a second for BENCH_SECONDS (30), after
 *    BENCH_WARMUP_SECONDS (3) at the same rate that are not counted; user i writes to user
 *    i+1, whose stream is on the other process, so every delivery crosses processes through
 *    PostgreSQL LISTEN/NOTIFY. Delivery latency: from just before the POST is sent to the
 *    receiver's stream yielding the frame.
 * Prints connections, messages, losses, delivery p50/p95/p99/max, POST p50/p95, and each API
 * process's memory. Target: p95 ≤ 100 ms. Drops the database at the end.
 * BENCH_CPU_PROFILE_DIR=<dir> writes a V8 CPU profile of each API process there.
 * Run: pnpm bench:messaging
 */
import { type ChildProcess, fork } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { migrateToLatest, openDatabase } from "@closr/adapters/postgres";
import postgres from "postgres";
import { readSse, type SseReader } from "../../services/api/src/testing/sse-reader.ts";
import { adminUrl, benchDatabaseUrl } from "../data.ts";

const users = Number(process.env.BENCH_USERS ?? 1000);
const processes = Number(process.env.BENCH_PROCESSES ?? 2);
const rate = Number(process.env.BENCH_RATE ?? 50);
const seconds = Number(process.env.BENCH_SECONDS ?? 30);
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const basePort = Number(process.env.BENCH_PORT ?? 3380);
const name = `closr_bench_messaging_${process.pid}`;
const url = benchDatabaseUrl(name);

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? Number.NaN;
};
const ms = (x: number) => `${x.toFixed(1)} ms`;
const sleep = (t: number) => new Promise((resolve) => setTimeout(resolve, t));

interface BenchUser {
  readonly id: number;
  readonly cookie: string;
  readonly base: string;
}

async function prepareDatabase(): Promise<BenchUser[]> {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  await admin.end();
  const handle = await openDatabase({ url });
  await migrateToLatest(handle.db);
  const rows = await handle.db
    .insertInto("users")
    .values(
      Array.from({ length: users }, (_, i) => ({
        email: `bench${i}@example.com`,
        username: `bench_${i}`,
        passwordHash: "$bench$not-a-hash",
        userType: i % 2 ? ("agent" as const) : ("business" as const),
      })),
    )
    .returning("id")
    .execute();
  const tokens = rows.map(() => randomBytes(32).toString("base64url"));
  const expiresAt = new Date(Date.now() + 24 * 3600 * 1000);
  await handle.db
    .insertInto("session")
    .values(
      rows.map((row, i) => ({
        tokenHash: createHash("sha256").update(tokens[i]!, "utf8").digest("hex"),
        userId: row.id,
        expiresAt,
        renewedAt: new Date(),
      })),
    )
    .execute();
  await handle.close();
  return rows.map((row, i) => ({
    id: row.id,
    cookie: `closr_session=${tokens[i]}`,
    base: `http://127.0.0.1:${basePort + (i % processes)}`,
  }));
}

function startServer(port: number): Promise<ChildProcess> {
  const child = fork(fileURLToPath(new URL("./server.ts", import.meta.url)), [], {
    execArgv: [
      "--import",
      "tsx",
      ...(process.env.BENCH_CPU_PROFILE_DIR
        ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE_DIR}`]
        : []),
    ],
    env: { ...process.env, DATABASE_URL: url, PORT: String(port) },
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  return new Promise((resolve, reject) => {
    child.once("message", () => resolve(child));
    child.once("exit", (code) => reject(new Error(`API process on ${port} exited with ${code}`)));
  });
}

const rssOf = (pid: number | undefined) => {
  try {
    const line = readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/);
    return line ? `${Math.round(Number(line[1]) / 1024)} MB` : "?";
  } catch {
    return "?";
  }
};

async function main() {
  console.log(`bench/messaging: ${users} users, ${processes} API processes, ${rate} msg/s for ${seconds} s`);
  const benchUsers = await prepareDatabase();
  const servers = await Promise.all(Array.from({ length: processes }, (_, i) => startServer(basePort + i)));
  const readers: SseReader[] = [];
  try {
    // 3. One stream per user.
    const sentAt = new Map<number, number>();
    const delivery: number[] = [];
    const connectStarted = performance.now();
    const streams = await Promise.all(
      benchUsers.map(async (user) => {
        const response = await fetch(`${user.base}/api/events`, {
          headers: { cookie: user.cookie, accept: "text/event-stream" },
        });
        if (response.status !== 200) throw new Error(`GET /api/events answered ${response.status}`);
        const reader = readSse(response.body!);
        readers.push(reader);
        reader.onFrame = (frame) => {
          if (frame.event !== "message") return;
          const message = JSON.parse(frame.data) as { receiverId: number; content: string };
          if (message.receiverId !== user.id) return;
          const seq = Number(message.content.slice("bench ".length));
          const started = sentAt.get(seq);
          if (started === undefined) return;
          sentAt.delete(seq);
          if (seq >= warmup) delivery.push(frame.receivedAt - started);
        };
        await reader.next((f) => f.event === "ready", 60_000);
        return reader;
      }),
    );
    const connectMs = performance.now() - connectStarted;
    console.log(`${streams.length} SSE connections open and ready in ${ms(connectMs)}`);

    // 4. Open loop of sends.
    const warmup = rate * warmupSeconds;
    const total = rate * seconds + warmup;
    const posts: number[] = [];
    let failures = 0;
    const pending: Promise<void>[] = [];
    const loopStarted = performance.now();
    for (let seq = 0; seq < total; seq++) {
      const due = loopStarted + (seq * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 1) await sleep(wait);
      const sender = benchUsers[seq % users]!;
      const receiver = benchUsers[(seq + 1) % users]!;
      pending.push(
        (async () => {
          const started = performance.now();
          sentAt.set(seq, started);
          try {
            const response = await fetch(`${sender.base}/api/messages`, {
              method: "POST",
              headers: { cookie: sender.cookie, "content-type": "application/json", origin: sender.base },
              body: JSON.stringify({ receiverId: receiver.id, content: `bench ${seq}` }),
            });
            await response.arrayBuffer();
            if (response.status !== 201) throw new Error(String(response.status));
            if (seq >= warmup) posts.push(performance.now() - started);
          } catch {
            failures++;
            sentAt.delete(seq);
          }
        })(),
      );
    }
    await Promise.all(pending);
    const sendSeconds = (performance.now() - loopStarted) / 1000 - warmupSeconds;
    for (let i = 0; i < 50 && sentAt.size > 0; i++) await sleep(100);

    console.log("");
    console.log(`open SSE connections        ${streams.length} (across ${processes} API processes)`);
    console.log(
      `messages measured           ${total - warmup} (+${warmup} warm-up; ${failures} failed), ${((total - warmup) / sendSeconds).toFixed(1)} msg/s`,
    );
    console.log(`delivered to the receiver   ${delivery.length} (lost ${sentAt.size})`);
    console.log(`delivery latency p50        ${ms(percentile(delivery, 50))}`);
    console.log(`delivery latency p95        ${ms(percentile(delivery, 95))}   (target ≤ 100 ms)`);
    console.log(`delivery latency p99        ${ms(percentile(delivery, 99))}`);
    console.log(`delivery latency max        ${ms(Math.max(...delivery))}`);
    console.log(`POST /api/messages p50/p95  ${ms(percentile(posts, 50))} / ${ms(percentile(posts, 95))}`);
    console.log(`API process memory (RSS)    ${servers.map((s) => rssOf(s.pid)).join(", ")}`);
  } finally {
    await Promise.all(readers.map((r) => r.close()));
    for (const server of servers) server.kill("SIGTERM");
    await sleep(1000);
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

await main();
