/**
 * Starts the real product for the browser tests on a fresh database with demo users:
 * a new database on TEST_DATABASE_URL's server when set (e2e databases over an hour old are
 * dropped; a run still in progress elsewhere keeps its own; one per server, as each parallel
 * worker has its own — see playwright.config.ts),
 * else an embedded PGlite in a new temporary folder. Then runs services/api/src/main.ts.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";

const adminUrl = process.env.TEST_DATABASE_URL;
if (adminUrl) {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  const stale = await admin<
    { datname: string }[]
  >`select datname from pg_database where datname like 'closr_e2e_%'`;
  const hourAgo = Date.now() - 60 * 60 * 1000;
  for (const { datname } of stale) {
    const created = Number(datname.slice("closr_e2e_".length).split("_")[0]);
    if (Number.isFinite(created) && created < hourAgo) {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
  }
  // The port keeps two servers started in the same millisecond (parallel workers) apart.
  const name = `closr_e2e_${Date.now()}_${process.env.PORT ?? "0"}`;
  await admin.unsafe(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
} else {
  process.env.DATA_DIR = mkdtempSync(join(tmpdir(), "closr-e2e-"));
  delete process.env.DATABASE_URL;
}
process.env.SEED_DEMO = "1";
process.env.UPLOADS_DIR ??= mkdtempSync(join(tmpdir(), "closr-e2e-uploads-"));
process.env.LOG_LEVEL ??= "warn";
// The contact form goes to the support address; the demo admin's dev mailbox shows it (issue 16).
process.env.SUPPORT_EMAIL ??= "admin@closr.com.au";
// The journeys sign up more than 20 accounts an hour from one address (ADR 0001's default).
process.env.REGISTER_LIMIT_PER_HOUR ??= "500";
// Every journey logs in from 127.0.0.1, some with wrong passwords on purpose: keep the per-address
// budget of failed logins (ADR 0034) out of their way.
process.env.LOGIN_ADDRESS_LIMIT ??= "1000";

await import("../services/api/src/main.ts");
