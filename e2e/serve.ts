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

// Stripe mode against the local stand-in (ADR 0042; subscriptions-stripe.spec.ts): the real SDK
// talks to the stand-in, which delivers signed events to this server's webhook; the stand-in's
// address goes to stdout for the spec, whose stubbed Stripe.js confirms cards through it.
if (process.env.E2E_STRIPE === "1") {
  const { startStripeStandIn } = await import("../adapters/src/stripe/testing/stripe-stand-in.ts");
  const secret = "whsec_e2e_stand_in";
  const standIn = await startStripeStandIn({
    deliver: { secret, url: `http://127.0.0.1:${process.env.PORT ?? "3210"}/api/stripe/webhook` },
  });
  process.env.STRIPE_SECRET_KEY = "sk_test_e2e_stand_in";
  process.env.STRIPE_PUBLISHABLE_KEY = "pk_test_e2e_stand_in";
  process.env.STRIPE_WEBHOOK_SECRET = secret;
  process.env.STRIPE_API_BASE = standIn.url;
  // The demo's subscriptions are paid through the local gateway: a Stripe-mode journey signs up its own users.
  process.env.SEED_DEMO = "0";
  console.log(`STRIPE_STAND_IN_URL=${standIn.url}`);
}

await import("../services/api/src/main.ts");
