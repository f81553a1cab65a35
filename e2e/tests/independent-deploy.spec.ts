/**
 * Independent deployment (ADR 0048): the business remote is built alone, with a visible change
 * (a release note), into a folder of its own and served at a new address; the run-time manifest
 * (/remotes.json) names that address for "business" and keeps the running shell and agent remote
 * as they are. The business journeys run on the new build; the agent never fetches it.
 *
 * A page of the business area loaded in full is rendered by the server with the business remote
 * it serves itself (the running build, ADR 0053); the browser, running the new build, renders
 * that area afresh where the two differ.
 *
 * The new build lives at /remotes/business-next/ (built with that base), answered from its folder
 * by the browser context, the way a CDN would answer a deployment the API server knows nothing of.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, extname, join, normalize, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { allowConsole, type BrowserContext, expect, type Page, test } from "./fixtures.ts";
import { aParty, setUpPayouts } from "./support.ts";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const base = "/remotes/business-next/";
const note = `Release ${Date.now().toString(36)}: invoices now show who raised them.`;
let dist = "";

const types: Record<string, string> = {
  ".js": "text/javascript",
  ".json": "application/json",
  ".css": "text/css",
  ".html": "text/html",
  ".svg": "image/svg+xml",
};

/** Points "business" of /remotes.json at the new build and answers its files from `dist`. */
async function deployNewBusinessRemote(context: BrowserContext) {
  await context.route("**/remotes.json", async (route) => {
    const running = (await (await route.fetch()).json()) as Record<string, string>;
    await route.fulfill({ json: { ...running, business: `${base}remoteEntry.js` } });
  });
  await context.route(`**${base}**`, async (route) => {
    const path = normalize(new URL(route.request().url()).pathname.slice(base.length));
    const file = join(dist, path);
    if (!file.startsWith(dist) || !existsSync(file)) return route.fulfill({ status: 404 });
    await route.fulfill({
      body: readFileSync(file),
      headers: { "content-type": types[extname(file)] ?? "application/octet-stream" },
    });
  });
}

/**
 * Follows an in-app link to `path` the way the router does (history push + popstate), at any
 * width: a full load of /business/… would also preload the remote the server itself serves.
 */
async function follow(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, "", to);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, path);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, "\\?")}$`));
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  // A production build of one remote on a shared machine: minutes, not the 60 s of a journey.
  test.setTimeout(600_000);
  dist = mkdtempSync(join(tmpdir(), "closr-business-next-"));
  execFileSync(
    "pnpm",
    [
      "--filter",
      "@closr/business",
      "exec",
      "vite",
      "build",
      "--base",
      base,
      "--outDir",
      dist,
      "--emptyOutDir",
    ],
    { cwd: root, env: { ...process.env, VITE_BUSINESS_RELEASE_NOTE: note }, stdio: "pipe" },
  );
  expect(existsSync(join(dist, "remoteEntry.js"))).toBe(true);
});

test.afterAll(() => {
  if (dist) rmSync(dist, { recursive: true, force: true });
});

test("a business remote built and deployed alone runs beside the old shell and agent remote", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // Expected by design (ADR 0053, above): a business page loaded in full is served by the running
  // build and hydrated by the new one, which differ (the release note), so React reports the
  // mismatch (#418) and draws the area afresh.
  allowConsole(/^pageerror \S+\/business\/\S* Error: Minified React error #418;/);
  const suffix = Date.now().toString(36);
  const company = `Deploy Test Co ${suffix}`;
  const business = await aParty(browser, "business", company);
  const agent = await aParty(browser, "agent", `Dee Agent ${suffix}`);
  await deployNewBusinessRemote(business.page.context());
  await deployNewBusinessRemote(agent.page.context());
  const businessScripts: string[] = [];
  business.page.on("request", (r) => businessScripts.push(new URL(r.url()).pathname));
  const agentRequests: string[] = [];
  agent.page.on("request", (r) => agentRequests.push(new URL(r.url()).pathname));

  // The agent asks to partner; the business sees the new build's dashboard and accepts there.
  await setUpPayouts(agent.page, "Dee Agent");
  const asked = await agent.page.request.post("/api/partnerships", {
    data: { businessId: business.profileId },
  });
  expect(asked.status()).toBe(201);

  // Into the business area from a shell page, so the remote is found through the manifest alone.
  await business.page.goto("/messages");
  await follow(business.page, "/business/dashboard");
  await expect(business.page.getByText(note)).toBeVisible();
  await expect(business.page.getByRole("heading", { name: `Welcome back, ${company}!` })).toBeVisible();
  expect(businessScripts.some((p) => p.startsWith(`${base}remoteEntry.js`))).toBe(true);

  await follow(business.page, "/business/active-agents");
  await business.page.getByRole("link", { name: /Pending Requests/ }).click();
  const request = business.page.getByRole("article", { name: `Dee Agent ${suffix}` });
  await request.getByRole("button", { name: "Accept" }).click();
  await expect(business.page.getByText("Partnership updated").first()).toBeVisible();

  // The agent (old agent remote) raises an invoice; the business pays it on the new build.
  await agent.page.goto("/agent/invoices");
  await expect(agent.page.getByRole("heading", { name: "Agent Invoices" })).toBeVisible();
  const form = agent.page.getByRole("form", { name: "Create invoice" });
  await form.getByLabel("Business").selectOption({ label: company });
  await form.getByLabel("Partnership").selectOption({ index: 1 });
  await form.getByLabel("Amount ($)").pressSequentially("480.00");
  const description = `Deploy check ${suffix}`;
  await form.getByLabel("Description").pressSequentially(description);
  await form.getByRole("button", { name: "Create Invoice" }).click();
  await expect(agent.page.getByText("The invoice has been created successfully")).toBeVisible();

  await follow(business.page, "/business/payments");
  await expect(business.page.getByRole("heading", { name: "Payments" })).toBeVisible();
  const card = business.page.locator(".invoice-card", { hasText: description });
  await expect(card.locator(".badge")).toHaveText("Due");
  await card.getByRole("button", { name: "Pay Now" }).click();
  const cardForm = business.page.getByRole("form", { name: "Card details" });
  await cardForm.getByLabel("Card number").pressSequentially("4242424242424242");
  await cardForm.getByLabel("Expiry").pressSequentially("12/34");
  await cardForm.getByLabel("CVC").pressSequentially("123");
  await cardForm.getByRole("button", { name: "Pay $480.00" }).click();
  await expect(business.page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();

  // Find Agents on the new build: the page and its results.
  await follow(business.page, "/business/find-agents");
  await expect(business.page.getByRole("complementary", { name: "Agent filters" })).toBeVisible();

  // Nothing of the business remote, old or new, reached the agent; the business ran the new one only.
  expect(agentRequests.some((p) => p.startsWith("/remotes/agent/"))).toBe(true);
  expect(agentRequests.filter((p) => p.startsWith("/remotes/business"))).toEqual([]);
  expect(businessScripts.filter((p) => p.startsWith("/remotes/business/") && p.endsWith(".js"))).toEqual([]);

  // A full load of a business page (ADR 0053): the server renders the business remote it serves
  // (the running build, without the note), the browser runs the new build the manifest names. The
  // served page does not match what the new build draws, so React renders that area afresh.
  const served = await (await business.page.request.get("/business/dashboard")).text();
  expect(served).toContain(`<h1 class="page-title">Welcome back, ${company}!</h1>`);
  expect(served).not.toContain(note);
  const pageErrors: string[] = [];
  business.page.on("pageerror", (error) => pageErrors.push(error.message));
  await business.page.goto("/business/dashboard");
  await expect(business.page.getByText(note)).toBeVisible();
  await expect(business.page.getByRole("heading", { name: `Welcome back, ${company}!` })).toBeVisible();
  // The page works: its link navigates in the app.
  await business.page.getByRole("link", { name: "Edit Profile" }).click();
  await expect(business.page).toHaveURL(/\/business\/profile$/);
  await expect(business.page.getByRole("heading", { level: 1 })).not.toHaveText(/Welcome back/);
  // React reports the mismatch it recovered from (production build: error #418), nothing else.
  expect(pageErrors.filter((message) => !/React error #418\b|hydrat/i.test(message))).toEqual([]);
});
