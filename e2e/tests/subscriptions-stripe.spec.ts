/**
 * Stripe-mode subscriptions in the browser (ADR 0042), at 1280 and 390 px: this spec starts its
 * own server in Stripe mode against the Stripe stand-in (e2e/serve.ts, E2E_STRIPE=1) on
 * E2E_STRIPE_PORT (default E2E_PORT + 20; or reuses one started by hand, E2E_STRIPE_STAND_IN_URL), and replaces Stripe.js with a local stub through
 * page.route (tests/stubs/stripe-js-stub.js); the stub's confirmations go to the stand-in, which
 * delivers the signed webhooks. A business picks annual Professional, a declined card shows
 * Stripe's message and activates nothing, a 3-D Secure card passes the authentication step and the
 * webhook activates the plan; Settings → Billing shows the card, and "Update card" saves a new one
 * through a SetupIntent. SCREENSHOTS_DIR set: PNGs of /subscribe and /settings/billing at 320,
 * 390 and 1280 px.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, type Page, test } from "./fixtures.ts";
import { aNewAccount, retype } from "./support.ts";

const here = dirname(fileURLToPath(import.meta.url));
const stub = readFileSync(join(here, "stubs", "stripe-js-stub.js"), "utf8");
const port = Number(process.env.E2E_STRIPE_PORT ?? Number(process.env.E2E_PORT ?? 3210) + 20);
const base = `http://localhost:${port}`;
const shots = process.env.SCREENSHOTS_DIR;

let server: ChildProcess | undefined;
let standIn = "";

test.describe.configure({ mode: "serial" });
test.use({ baseURL: base });

test.beforeAll(async () => {
  test.setTimeout(600_000);
  // A Stripe-mode server started by hand (E2E_STRIPE=1 … e2e/serve.ts on E2E_STRIPE_PORT) is reused
  // when its stand-in's address is given.
  if (process.env.E2E_STRIPE_STAND_IN_URL) {
    standIn = process.env.E2E_STRIPE_STAND_IN_URL;
    return;
  }
  server = spawn("node", ["--import", "tsx", "e2e/serve.ts"], {
    cwd: join(here, "..", ".."),
    env: { ...process.env, PORT: String(port), E2E_STRIPE: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  standIn = await new Promise<string>((resolve, reject) => {
    let out = "";
    server?.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const m = /STRIPE_STAND_IN_URL=(\S+)/.exec(out);
      if (m?.[1]) resolve(m[1]);
    });
    server?.stderr?.on("data", (chunk: Buffer) => process.stderr.write(chunk));
    server?.on("exit", (code) => reject(new Error(`Stripe-mode server exited (${code})`)));
  });
  // A loaded machine can take minutes to start a server (see E2E_SERVER_TIMEOUT_MS).
  for (let i = 0; i < 500; i++) {
    const up = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error("The Stripe-mode server did not start");
});

test.afterAll(() => {
  server?.kill("SIGTERM");
});

/** Stripe.js → the stub; api.stripe.com → the stand-in (what the stub calls). */
async function stubStripe(page: Page) {
  await page.route("https://js.stripe.com/**", (route) =>
    route.fulfill({ status: 200, contentType: "application/javascript", body: stub }),
  );
  await page.route("https://api.stripe.com/**", async (route) => {
    const url = new URL(route.request().url());
    const response = await route.fetch({ url: `${standIn}${url.pathname}` });
    await route.fulfill({ response });
  });
}

async function screenshots(page: Page, name: string) {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  const original = page.viewportSize() ?? { width: 1280, height: 800 };
  for (const width of [320, 390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(shots, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(original);
}

const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test("annual Professional through the Payment Element: declined, then 3-D Secure, then active; Update card saves a new one", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await stubStripe(page);
  const { request } = page.context();
  expect((await request.post("/api/register", { data: aNewAccount("business") })).status()).toBe(201);
  const profile = await request.post("/api/business-profiles", {
    data: { companyName: "Waratah Stripe Co", industry: "technology", size: "small", location: "sydney" },
  });
  expect(profile.status()).toBe(201);

  await page.goto("/subscribe");
  const professional = page.getByRole("listitem", { name: "Professional" });
  await expect(professional).toContainText("$49.00");
  await page.getByText("Annual", { exact: true }).click();
  await expect(professional).toContainText("$490.00");
  await expect(professional).toContainText("/ year");
  await professional.getByRole("button", { name: "Choose Professional" }).click();

  const checkout = page.getByRole("region", { name: "Subscribe to Professional" });
  await expect(checkout).toContainText("then every year until you cancel");
  const cardNumber = checkout.getByLabel("Card number");
  await expect(cardNumber).toBeVisible();
  await screenshots(page, "subscribe-checkout");

  // Declined: Stripe's message, nothing activated.
  await cardNumber.pressSequentially("4000000000000002");
  await checkout.getByRole("button", { name: "Pay $490.00" }).click();
  await expect(checkout.getByText("Your card was declined.")).toBeVisible();
  const afterDecline = await (await request.get("/api/subscription")).json();
  expect(afterDecline.subscription.status).toBe("incomplete");
  expect(afterDecline.entitlements.planId).toBe("basic");

  // 3-D Secure: the authentication step, then the webhook activates the plan.
  await retype(cardNumber, "4000002760003184");
  await checkout.getByRole("button", { name: "Pay $490.00" }).click();
  const bank = page.getByRole("dialog", { name: "Authenticate your card" });
  await bank.getByRole("button", { name: "Complete authentication" }).click();
  await expect(page.getByRole("heading", { name: "Subscription Complete!" })).toBeVisible();
  const active = await (await request.get("/api/subscription")).json();
  expect(active.subscription).toMatchObject({ status: "active", interval: "year", planId: "professional" });
  expect(active.entitlements.planId).toBe("professional");

  // Settings → Billing: the card, then Update card through a SetupIntent.
  await page.goto("/settings/billing");
  const method = page.getByRole("region", { name: "Payment method" });
  await expect(method).toContainText("Visa •••• 3184");
  const history = page.getByRole("region", { name: "Payment history" });
  await expect(history.getByText("Paid", { exact: true })).toBeVisible();
  expect(await fitsWidth(page)).toBe(true);
  await screenshots(page, "billing");

  await method.getByRole("button", { name: "Update card" }).click();
  await method.getByLabel("Card number").pressSequentially("4000000000000002");
  await method.getByRole("button", { name: "Save card" }).click();
  await expect(method.getByText("Your card was declined.")).toBeVisible();
  await retype(method.getByLabel("Card number"), "5555555555554444");
  await method.getByRole("button", { name: "Save card" }).click();
  await expect(method).toContainText("Mastercard •••• 4444");
  await page.reload();
  await expect(page.getByRole("region", { name: "Payment method" })).toContainText("Mastercard •••• 4444");
});
