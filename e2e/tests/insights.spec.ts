/**
 * Journeys of the "Insights, notifications and help" issue (18): the demo business's analytics
 * show its paid commission to Mia Chen; the demo agent's performance shows her earnings; a
 * connection request raises the bell's count live in the other browser and opening the
 * notification leads to the request; the help centre's search finds the article on paying
 * invoices. axe on the four pages; screenshots at the project's width.
 */
import { type Browser, type BrowserContext, expect, type Page, test } from "./fixtures.ts";
import { aNewAccount, demo, expectNoSeriousAxe, logIn } from "./support.ts";

const expectAccessible = (page: Page) => expectNoSeriousAxe(page, '[role="log"][aria-live]');

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/${name}-${page.viewportSize()?.width}.png`, fullPage: true });

let contexts: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  contexts = [];
});

async function signedIn(browser: Browser, username: string) {
  const context = await browser.newContext({ viewport: test.info().project.use.viewport ?? null });
  contexts.push(context);
  const page = await context.newPage();
  await logIn(page, username);
  return page;
}

test("the demo business sees what it paid Mia Chen on /analytics", async ({ browser }) => {
  const page = await signedIn(browser, demo.businessWithProfile);
  await page.goto("/analytics?range=12m");
  await expect(page.getByRole("heading", { level: 1, name: "Analytics" })).toBeVisible();
  const paid = page.locator(".stat-tile").filter({ hasText: "Commission paid" }).locator(".stat-value");
  await expect(paid).not.toHaveText("$0.00");
  const agents = page.getByRole("table", { name: "Per agent, for the period" });
  const mia = agents.getByRole("row").filter({ hasText: "Mia Chen" });
  await expect(mia).toBeVisible();
  await expect(mia.getByRole("cell").nth(3)).toHaveText(/^\$[1-9][\d,]*\.\d\d$/);
  // The disputes opened in the period on invoices between them (a count, 0 when none).
  await expect(agents.getByRole("columnheader", { name: "Disputes" })).toBeVisible();
  await expect(mia.getByRole("cell").nth(5)).toHaveText(/^\d+$/);
  // Her rating, from the reviews' reputation query (the demo seed holds reviews).
  await expect(mia.getByRole("cell").last()).toHaveText(/^\d\.\d from \d+ reviews?$|^No reviews yet$/);
  await expect(page.getByRole("table", { name: /Commission paid per month/ })).toBeVisible();
  // Harbour Tech is on Professional: the funnel is Enterprise's, said honestly.
  await expect(page.getByText("Funnel, comparison and CSV export")).toBeVisible();
  await expect(page.locator(".insights-chart canvas").first()).toBeVisible();
  await expectAccessible(page);
  await shot(page, "analytics");
});

test("the demo agent sees her earnings on /performance", async ({ browser }) => {
  const page = await signedIn(browser, demo.agentWithProfile);
  await page.goto("/performance?range=12m");
  await expect(page.getByRole("heading", { level: 1, name: "Performance" })).toBeVisible();
  const net = page.locator(".stat-tile").filter({ hasText: "Net earnings" }).locator(".stat-value");
  await expect(net).toHaveText(/^\$[1-9][\d,]*\.\d\d$/);
  const earnings = page.getByRole("table", { name: "Earnings per month" });
  await expect(earnings.getByRole("row")).toHaveCount(13);
  await expect(page.getByRole("heading", { name: "How often you were seen" })).toBeVisible();
  await expect(page.locator(".insights-chart canvas")).toHaveCount(2);
  await expectAccessible(page);
  await shot(page, "performance");
});

test("a connection request raises the bell live in the other browser; opening it leads to the request", async ({
  browser,
}) => {
  // Two browsers signed in, a sign-up and a profile: more than one journey's worth of work.
  test.setTimeout(120_000);
  // The agent: a new account with a profile, signed in and watching its dashboard.
  const agentContext = await browser.newContext({ viewport: test.info().project.use.viewport ?? null });
  contexts.push(agentContext);
  const agent = aNewAccount("agent");
  expect((await agentContext.request.post("/api/register", { data: agent })).status()).toBe(201);
  await agentContext.request.patch("/api/onboarding/complete", { data: { dismissed: true } });
  const profile = await agentContext.request.post("/api/agent-profiles", {
    data: { fullName: "Noor Haddad", specialization: "SaaS Sales", yearsOfExperience: 6, location: "perth" },
  });
  const agentId = ((await profile.json()) as { id: number }).id;
  const agentPage = await agentContext.newPage();
  await agentPage.goto("/agent/dashboard");
  const bell = agentPage.getByRole("button", { name: /^Notifications:/ });
  await expect(bell).toHaveAccessibleName("Notifications: none unread");

  // The demo business, in another browser, asks to connect.
  const businessPage = await signedIn(browser, demo.businessWithProfile);
  const requested = await businessPage.request.post("/api/partnerships", { data: { agentId } });
  expect(requested.status()).toBe(201);

  await expect(bell).toHaveAccessibleName("Notifications: 1 unread");
  await bell.click();
  const dialog = agentPage.getByRole("dialog", { name: "Notifications" });
  const item = dialog.getByRole("link", { name: /New connection request from Harbour Tech/ });
  await expect(item).toBeVisible();
  await expectAccessible(agentPage);
  await shot(agentPage, "bell");
  await item.click();
  await expect(agentPage).toHaveURL(/\/agent\/current-partners\?tab=pending$/);
  await expect(agentPage.getByRole("link", { name: "Pending Requests (1)" })).toBeVisible();
  await expect(agentPage.getByText("Harbour Tech").first()).toBeVisible();
  await expect(bell).toHaveAccessibleName("Notifications: none unread");
});

test("the help centre's search finds the article on paying invoices", async ({ page }) => {
  await page.goto("/help");
  await expect(page).toHaveTitle("Help Centre | Closr");
  await expect(page.getByRole("heading", { level: 2, name: "Invoices and payments" })).toBeVisible();
  await expectAccessible(page);
  await shot(page, "help");
  await page.getByRole("searchbox", { name: "Search help articles" }).pressSequentially("paying invoices");
  await page.getByRole("button", { name: "Search" }).click();
  const first = page.locator(".help-hit").first().getByRole("link");
  await expect(first).toHaveText("Paying invoices by card");
  await shot(page, "help-search");
  await first.click();
  await expect(page).toHaveTitle("Paying invoices by card — Closr Help Centre");
  await expect(page.getByRole("heading", { level: 1, name: "Paying invoices by card" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Contact us", exact: true })).toHaveAttribute(
    "href",
    "/contact",
  );
  await expectAccessible(page);
  await shot(page, "help-article");
});
