/**
 * Signed-in pages come rendered from the server with the visitor's session (ADR 0051): a page
 * the shell owns in full, with its data (/messages: the conversation list), a page in a
 * remote's area as its frame (top bar, side menu) around a skeleton, which the app hydrates and
 * then fills with the remote's page; signed out, the server answers the guard's redirect to
 * /auth; the HTML is the visitor's own and never stored by a cache.
 */
import { type APIRequestContext, type Browser, expect, type Page, test } from "./fixtures.ts";
import { DEMO_PASSWORD, demo } from "./support.ts";

/** A browser context of its own (own cookies) on the test's server. */
const newContext = (browser: Browser, baseURL: string | undefined) =>
  browser.newContext(baseURL ? { baseURL } : {});

/** Signs `username` in on the context behind `request` (the session cookie lands in it). */
async function signIn(request: APIRequestContext, baseURL: string | undefined, username: string) {
  const response = await request.post("/api/login", {
    data: { username, password: DEMO_PASSWORD },
    headers: { origin: baseURL ?? "" },
  });
  expect(response.ok()).toBe(true);
}

/** The served HTML of `path` (no JavaScript run) as the signed-in context of `request`. */
async function servedHtml(request: APIRequestContext, path: string) {
  const response = await request.get(path, { maxRedirects: 0 });
  expect(response.status(), path).toBe(200);
  expect(response.headers()["cache-control"], path).toBe("private, no-store");
  return response.text();
}

/** The dehydrated query cache the page ships (closr-query-data), as query key → data. */
function queryData(html: string): Map<string, unknown> {
  const json = /<script type="application\/json" id="closr-query-data">([\s\S]*?)<\/script>/.exec(html)?.[1];
  expect(json).toBeDefined();
  const state = JSON.parse(json ?? "{}") as { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
  return new Map(state.queries.map((q) => [JSON.stringify(q.queryKey), q.state.data]));
}

/** A new signed-in page of its own context (own cookies), and the errors its console logs. */
async function signedInPage(browser: Browser, baseURL: string | undefined, username: string) {
  const context = await newContext(browser, baseURL);
  const page = await context.newPage();
  await signIn(page.request, baseURL, username);
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return { page, errors, close: () => context.close() };
}

/** Marks the element `selector` matches, to tell later whether hydration kept the served node. */
const markServed = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => {
      (el as HTMLElement & { servedMark?: boolean }).servedMark = true;
    });
const isServedNode = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => (el as HTMLElement & { servedMark?: boolean }).servedMark === true);

test("the served /business/dashboard is the business frame around a skeleton, with that user's data only", async ({
  browser,
  baseURL,
}) => {
  // Another user's page is rendered first: nothing of it may reach the next visitor.
  const agent = await newContext(browser, baseURL);
  await signIn(agent.request, baseURL, demo.agentWithProfile);
  const agentHtml = await servedHtml(agent.request, "/agent/dashboard");
  expect(agentHtml).toContain('aria-label="Agent menu"');
  await agent.close();

  const business = await newContext(browser, baseURL);
  await signIn(business.request, baseURL, demo.businessWithProfile);
  const html = await servedHtml(business.request, "/business/dashboard");
  // The top bar and the side menu of the business area, with its links, and the skeleton.
  expect(html).toContain('aria-label="Business menu"');
  for (const link of ["Find Agents", "Active Agents", "Payments", "Messages", "Analytics"])
    expect(html, link).toContain(`<span>${link}</span>`);
  expect(html).toContain("data-remote-skeleton");
  expect(html).toContain("Loading business workspace");
  expect(html).not.toContain('aria-label="Agent menu"');
  expect(html).not.toContain("Find Businesses");
  // The session the page hydrates from is the visitor's own.
  const user = queryData(html).get('["session","current-user"]') as { username?: string } | undefined;
  expect(user?.username).toBe(demo.businessWithProfile);
  await business.close();
});

test("the served /messages holds the signed-in user's conversation list", async ({ browser, baseURL }) => {
  const context = await newContext(browser, baseURL);
  await signIn(context.request, baseURL, demo.businessWithProfile);
  const html = await servedHtml(context.request, "/messages");
  expect(html).toContain('aria-label="Conversations"');
  // Harbour Tech's conversation with Mia Chen (the demo data) is in the list as served.
  expect(html).toMatch(/class="conversation-entry"[^>]*aria-label="mia\.chen"/);
  // The stylesheets modules inject from JavaScript are in the served <head>.
  expect(html).toContain('<style id="closr-native-fields-styles">');
  await context.close();
});

test("signed out, a signed-in page is answered with the redirect to /auth", async ({ request, page }) => {
  for (const path of ["/business/dashboard", "/messages", "/settings/account"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(302);
    expect(response.headers().location, path).toBe("/auth");
  }
  await page.goto("/business/dashboard");
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole("form", { name: "Log in" })).toBeVisible();
});

test("the app hydrates the served frame without console errors and swaps in the remote's page", async ({
  browser,
  baseURL,
}) => {
  const { page, errors, close } = await signedInPage(browser, baseURL, demo.businessWithProfile);
  await page.goto("/business/dashboard", { waitUntil: "commit" });
  await expect(page.locator("[data-remote-skeleton]")).toHaveCount(1);
  await markServed(page, ".top-bar");
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await expect(page.getByRole("heading", { level: 1, name: /^Welcome back, / })).toBeVisible();
  await expect(page.locator("[data-remote-skeleton]")).toHaveCount(0);
  // Hydration kept the served top bar (not a fresh client render).
  expect(await isServedNode(page, ".top-bar")).toBe(true);

  await page.goto("/messages", { waitUntil: "commit" });
  await markServed(page, ".messages-list");
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await expect(page.getByRole("link", { name: "mia.chen" }).first()).toBeVisible();
  expect(await isServedNode(page, ".messages-list")).toBe(true);
  expect(errors).toEqual([]);
  await close();
});
