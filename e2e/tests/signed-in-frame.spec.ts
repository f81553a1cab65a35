/**
 * Signed-in pages come rendered from the server with the visitor's session (ADR 0051): a page
 * the shell owns in full, with its data (/messages: the conversation list), a page in a
 * remote's area with the remote's real page and its data (ADR 0053: the server renders the
 * remote it serves from its server bundle), which the app hydrates once the remote's JavaScript
 * arrives; signed out, the server answers the guard's redirect to /auth; the HTML is the
 * visitor's own and never stored by a cache.
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

test("the served /business/dashboard is the business area with the remote's page, with that user's data only", async ({
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
  // The top bar and the side menu of the business area, with its links, around the real page.
  expect(html).toContain('aria-label="Business menu"');
  for (const link of ["Find Agents", "Active Agents", "Payments", "Messages", "Analytics"])
    expect(html, link).toContain(`<span>${link}</span>`);
  expect(html).toContain('<h1 class="page-title">Welcome back, Harbour Tech!</h1>');
  expect(html).toContain("Pending Applications");
  expect(html).not.toContain("data-remote-skeleton");
  expect(html).not.toContain('aria-label="Agent menu"');
  expect(html).not.toContain("Find Businesses");
  // The session the page hydrates from is the visitor's own; the page says it holds the remote's page.
  const data = queryData(html);
  const user = data.get('["session","current-user"]') as { username?: string } | undefined;
  expect(user?.username).toBe(demo.businessWithProfile);
  expect(data.get('["remote-served","business"]')).toBe(true);
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

/** The served remote pages the journeys below open: who, where, and the page's heading. */
const servedRemotePages = [
  { user: demo.businessWithProfile, path: "/business/dashboard", heading: "Welcome back, Harbour Tech!" },
  { user: demo.agentWithProfile, path: "/agent/dashboard", heading: "Welcome, mia.chen!" },
  { user: demo.agentWithProfile, path: "/agent/invoices", heading: "Agent Invoices" },
  { user: demo.admin, path: "/admin/users", heading: "Users" },
] as const;

test("every area's served page holds the remote's real page and its data (ADR 0053)", async ({
  browser,
  baseURL,
}) => {
  for (const { user, path, heading } of servedRemotePages) {
    const context = await newContext(browser, baseURL);
    await signIn(context.request, baseURL, user);
    const html = await servedHtml(context.request, path);
    expect(html, path).toContain(`<h1 class="page-title">${heading}</h1>`);
    expect(html, path).not.toContain("data-remote-skeleton");
    if (path === "/agent/dashboard") expect(html).toContain("Current Partnerships");
    // The invoice form's businesses come from the API: Harbour Tech is mia.chen's partner.
    if (path === "/agent/invoices") {
      expect(html).toMatch(/<option[^>]*>Harbour Tech<\/option>/);
      // The invoices stylesheet (injected from JavaScript in the browser) is in the served <head>.
      expect(html).toContain('<style id="closr-agent-invoices-styles">');
    }
    if (path === "/admin/users") {
      expect(html).toContain("Search users");
      // The admin remote's stylesheet is linked in <head>: the served page is styled at once.
      expect(html).toMatch(
        /<link rel="stylesheet" href="\/remotes\/admin\/assets\/[^"]+\.css">[\s\S]*<\/head>/,
      );
    }
    await context.close();
  }
});

/** Whether React hydrated the element (`selector`): hydration attaches its fiber to the served node. */
const isHydrated = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => Object.keys(el).some((key) => key.startsWith("__reactFiber")));

test("the app hydrates the served remote pages without console errors, and they work", async ({
  browser,
  baseURL,
}) => {
  for (const { user, path, heading } of servedRemotePages) {
    const { page, errors, close } = await signedInPage(browser, baseURL, user);
    const messages: string[] = [];
    page.on("console", (message) => messages.push(message.text()));
    await page.goto(path, { waitUntil: "commit" });
    await expect(page.locator("h1.page-title")).toHaveText(heading);
    await markServed(page, "h1.page-title");
    await markServed(page, ".top-bar");
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    // The remote's page is hydrated in place once its JavaScript arrives: the served nodes stay.
    await expect.poll(() => isHydrated(page, "h1.page-title"), { message: path }).toBe(true);
    expect(await isServedNode(page, "h1.page-title"), path).toBe(true);
    expect(await isServedNode(page, ".top-bar"), path).toBe(true);
    await expect(page.locator("[data-remote-skeleton]")).toHaveCount(0);
    // Interactive: a link of the page navigates in the app (no new document: the mark survives).
    await page.evaluate(() => {
      (window as Window & { sameDocument?: boolean }).sameDocument = true;
    });
    if (path === "/business/dashboard") {
      await page.getByRole("link", { name: "Edit Profile" }).click();
      await expect(page).toHaveURL(/\/business\/profile$/);
    } else if (path === "/agent/dashboard") {
      await page.getByRole("link", { name: "Edit Profile" }).click();
      await expect(page).toHaveURL(/\/agent\/profile$/);
    } else if (path === "/agent/invoices") {
      await page.getByRole("link", { name: "Earnings" }).click();
      await expect(page).toHaveURL(/\/agent\/invoices\?tab=earnings$/);
    } else {
      await page.getByLabel("Search users").first().pressSequentially("hackett");
      await page.getByRole("button", { name: "Search", exact: true }).click();
      await expect(page).toHaveURL(/\/admin\/users\?q=hackett$/);
    }
    expect(await page.evaluate(() => (window as Window & { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
    expect(errors, path).toEqual([]);
    expect(
      messages.filter((text) => /hydrat/i.test(text)),
      path,
    ).toEqual([]);
    await close();
  }

  // A shell page hydrates as before (ADR 0051).
  const { page, errors, close } = await signedInPage(browser, baseURL, demo.businessWithProfile);
  await page.goto("/messages", { waitUntil: "commit" });
  await markServed(page, ".messages-list");
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await expect(page.getByRole("link", { name: "mia.chen" }).first()).toBeVisible();
  expect(await isServedNode(page, ".messages-list")).toBe(true);
  expect(errors).toEqual([]);
  await close();
});
