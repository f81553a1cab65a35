/**
 * bench/forgot-password-timing — does POST /api/forgot-password take the same time for an email
 * that has an account and one that does not (OWASP Forgot Password: no account enumeration by
 * timing)? Runs the real app in-process on the test database (TEST_DATABASE_URL, else PGlite),
 * with the background job worker on, alternating known and unknown emails after a warm-up.
 * Prints the median and p95 over N tries each (default 50) and the difference of the medians.
 * Target: medians within 5 ms. Run: pnpm bench:forgot [tries=50]
 */
import { createTestApp } from "../services/api/src/testing/test-app.ts";
import { percentile } from "./load.ts";

const tries = Number(process.argv[2] ?? 50);
const t = await createTestApp();
const known: string[] = [];
for (let i = 0; i < 5; i++) {
  const email = `bench-known-${i}@example.com.au`;
  await t.client().request("/api/register", {
    method: "POST",
    json: { email, username: `bench_known_${i}`, password: "a long enough password" },
  });
  known.push(email);
}

async function once(email: string) {
  const started = performance.now();
  const res = await t.client().request("/api/forgot-password", { method: "POST", json: { email } });
  await res.text();
  if (res.status !== 200) throw new Error(`status ${res.status}`);
  return performance.now() - started;
}

for (let i = 0; i < 10; i++) {
  await once(known[i % known.length]!);
  await once(`warm-up-${i}@example.com.au`);
}
const samples = { known: [] as number[], unknown: [] as number[] };
for (let i = 0; i < tries; i++) {
  // Alternate which goes first so neither side always follows the other's background job.
  const pair = [
    async () => samples.known.push(await once(known[i % known.length]!)),
    async () => samples.unknown.push(await once(`nobody-${i}@example.com.au`)),
  ];
  if (i % 2) pair.reverse();
  for (const run of pair) await run();
}
await t.runJobs();

console.log(`POST /api/forgot-password over ${tries} tries each (ms)`);
for (const [name, xs] of Object.entries(samples)) {
  console.log(
    `${name.padEnd(8)} median ${percentile(xs, 50).toFixed(2).padStart(7)}  p95 ${percentile(xs, 95).toFixed(2).padStart(7)}`,
  );
}
const gap = Math.abs(percentile(samples.known, 50) - percentile(samples.unknown, 50));
console.log(`difference of medians ${gap.toFixed(2)} ms (target ≤ 5 ms): ${gap <= 5 ? "OK" : "OVER"}`);
await t.close();
