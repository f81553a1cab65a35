/**
 * bench/login-timing — how long a failed login takes for a wrong password versus an unknown
 * user (they should be indistinguishable), and a successful one. Runs the real app (argon2id)
 * in-process on the test database (TEST_DATABASE_URL, else PGlite). Prints p50/p95 in ms.
 * Run: pnpm tsx bench/login-timing.ts [rounds=30]
 */
import { createTestApp } from "../services/api/src/testing/test-app.ts";
import { percentile } from "./load.ts";

const rounds = Number(process.argv[2] ?? 30);
const t = await createTestApp();
const browser = t.client();
await browser.request("/api/register", {
  method: "POST",
  json: { email: "bench@example.com", username: "bench", password: "the right password" },
});

async function time(username: string, password: string) {
  const samples: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    await t.client().request("/api/login", { method: "POST", json: { username, password } });
    samples.push(performance.now() - started);
  }
  return samples;
}

// Interleave-free but warmed: one throwaway round first.
await time("bench", "warm up please");
const rows = {
  "wrong password": await time("bench", "not the password"),
  "unknown user": await time("nobody-at-all", "not the password"),
  "right password": await time("bench", "the right password"),
};
console.log(`login timing over ${rounds} rounds (ms)`);
for (const [name, xs] of Object.entries(rows)) {
  console.log(
    `${name.padEnd(16)} p50 ${percentile(xs, 50).toFixed(1).padStart(6)}  p95 ${percentile(xs, 95).toFixed(1).padStart(6)}`,
  );
}
await t.close();
