/**
 * Complete on a phone (ADR 0038): at 390 px each role reaches every destination of its desktop
 * side menu and user menu by tapping through the phone's navigation (the drawer; the bottom bar
 * keeps its five tabs), with no sideways scroll; a business pays an invoice from its phone;
 * unread badges are styled on the first page opened; an unknown path answers 404; every page
 * has its own title. The route table's overflow and axe checks at 320/390/1280 px are in
 * a11y.spec.ts.
 */
import { expect, type Page, test } from "./fixtures.ts";
import { aParty, DEMO_PASSWORD, demo, logIn, setUpPayouts } from "./support.ts";

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** How far the page scrolls sideways (px). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Opens the drawer and taps the menu item whose name starts with `label`. */
async function tapInDrawer(page: Page, label: string) {
  await page.getByRole("button", { name: "Open menu" }).click();
  const drawer = page.getByRole("navigation", { name: "Mobile" });
  await drawer.getByRole("link", { name: new RegExp(`^${label}\\b`) }).click();
  await expect(drawer).toBeHidden();
}

/** Each side-menu destination: the drawer item's label and where it lands. */
type Stop = { label: string; url: RegExp };

/** Taps through `stops` in the drawer; each lands on its page, with a heading and no sideways scroll. */
async function tapThrough(page: Page, stops: readonly Stop[]) {
  const seen: string[] = [];
  for (const stop of stops) {
    await tapInDrawer(page, stop.label);
    await expect(page).toHaveURL(stop.url);
    await expect(page.locator("main h1").first()).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(await sidewaysOverflow(page), `${stop.label} scrolls sideways`).toBeLessThanOrEqual(0);
    seen.push(new URL(page.url()).pathname);
  }
  return seen;
}

const shared: Stop[] = [
  { label: "Messages", url: /\/messages$/ },
  { label: "Reviews", url: /\/reviews$/ },
  { label: "Settings", url: /\/settings\/account$/ },
  { label: "Billing", url: /\/settings\/billing$/ },
];

/** Help (the app's page, in the side-menu frame when signed in): tapped last. */
async function tapHelp(page: Page) {
  await tapInDrawer(page, "Help");
  await expect(page).toHaveURL(/\/help$/);
  await expect(page.getByRole("heading", { level: 1, name: "Help Centre" })).toBeVisible();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
}

test("a business reaches every side-menu page from the phone's drawer", async ({ page }) => {
  test.setTimeout(180_000);
  await logIn(page, demo.businessWithProfile);
  // The bottom bar keeps spec §2.2's five tabs.
  await expect(page.getByRole("navigation", { name: "Quick navigation" }).getByRole("link")).toHaveCount(5);
  await tapThrough(page, [
    { label: "Find Agents", url: /\/business\/find-agents$/ },
    { label: "Active Agents", url: /\/business\/active-agents$/ },
    { label: "Payments", url: /\/business\/payments$/ },
    { label: "Profile", url: /\/business\/profile$/ },
    { label: "Opportunities", url: /\/business\/opportunities$/ },
    { label: "Analytics", url: /\/analytics$/ },
    ...shared,
    { label: "Dashboard", url: /\/business\/dashboard$/ },
  ]);
  await tapHelp(page);
});

test("an agent reaches every side-menu page, Invoices and Payouts included, from the drawer", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await logIn(page, demo.agentWithProfile);
  await tapThrough(page, [
    { label: "Find Businesses", url: /\/agent\/find-businesses$/ },
    { label: "Current Partners", url: /\/agent\/current-partners$/ },
    { label: "Invoices", url: /\/agent\/invoices$/ },
    { label: "Payouts", url: /\/agent\/payouts$/ },
    { label: "Profile", url: /\/agent\/profile$/ },
    { label: "Opportunities", url: /\/agent\/opportunities$/ },
    { label: "Performance", url: /\/performance$/ },
    ...shared,
    { label: "Dashboard", url: /\/agent\/dashboard$/ },
  ]);
  await tapHelp(page);
});

test("an admin reaches the admin area from the drawer and every admin page from its cards", async ({
  page,
}) => {
  test.setTimeout(300_000);
  await page.goto("/auth");
  const form = page.getByRole("form", { name: "Log in" });
  await form.getByLabel("Username").pressSequentially(demo.admin);
  await form.getByLabel("Password", { exact: true }).pressSequentially(DEMO_PASSWORD);
  await form.getByRole("button", { name: "Log In" }).click();
  await expect(page).toHaveURL(/\/business\//);
  await tapInDrawer(page, "Admin");
  await expect(page).toHaveURL(/\/admin$/);
  const cards = page.getByRole("link", { name: /^Manage / });
  await expect(cards.first()).toBeVisible();
  const names = await cards.evaluateAll((links) => links.map((l) => l.getAttribute("aria-label") ?? ""));
  expect(names.length).toBeGreaterThanOrEqual(14);
  for (const name of names) {
    await page.getByRole("link", { name, exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/.+/);
    await expect(page.locator("main h1").first()).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(await sidewaysOverflow(page), `${name} scrolls sideways`).toBeLessThanOrEqual(0);
    await tapInDrawer(page, "Admin");
    await expect(page).toHaveURL(/\/admin$/);
  }
});

test("a business pays an invoice on its phone: drawer → Payments → Pay Now → card 4242…", async ({
  browser,
}) => {
  const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
  const suffix = Date.now().toString(36);
  const business = await aParty(browser, "business", `Phone Pay Co ${suffix}`, phone);
  const agent = await aParty(browser, "agent", `Pia Phone ${suffix}`, phone);
  await setUpPayouts(agent.page, "Pia Phone");
  const asked = await agent.page.request.post("/api/partnerships", {
    data: { businessId: business.profileId },
  });
  expect(asked.status()).toBe(201);
  const { id: partnershipId } = (await asked.json()) as { id: number };
  expect(
    (
      await business.page.request.patch(`/api/partnerships/${partnershipId}`, { data: { status: "active" } })
    ).status(),
  ).toBe(200);
  const dueDate = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  const raised = await agent.page.request.post("/api/invoices", {
    data: {
      businessId: business.profileId,
      partnershipId,
      amount: 321.5,
      description: `Phone invoice ${suffix}`,
      dueDate,
    },
  });
  expect(raised.status()).toBe(201);
  const { id: invoiceId } = (await raised.json()) as { id: number };

  const page = business.page;
  await page.goto("/business/dashboard");
  await tapInDrawer(page, "Payments");
  await expect(page).toHaveURL(/\/business\/payments$/);
  // The four tabs fit (they wrap): "Disputes" is on screen, not cut off.
  const disputesTab = page.getByRole("link", { name: "Disputes", exact: true });
  await expect(disputesTab).toBeInViewport({ ratio: 1 });
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

  const card = page.locator(".invoice-card", { hasText: `Invoice #${invoiceId} -` });
  await expect(card.locator(".badge")).toHaveText("Due");
  await card.getByRole("button", { name: "Pay Now" }).tap();
  const form = page.getByRole("form", { name: "Card details" });
  await expect(form).toBeVisible();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await form.getByLabel("Card number").pressSequentially("4242424242424242");
  await form.getByLabel("Expiry").pressSequentially("12/34");
  await form.getByLabel("CVC").pressSequentially("123");
  const pay = form.getByRole("button", { name: "Pay $321.50" });
  // The form fits the phone's width (it may sit below the fold; the tap scrolls to it).
  const box = await pay.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  await pay.tap();
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();

  await tapInDrawer(page, "Payments");
  await expect(card.locator(".badge")).toHaveText("Paid");
  await page.getByRole("link", { name: "Payment History" }).tap();
  const row = page.getByRole("row", { name: new RegExp(`#${invoiceId}\\b`) });
  await expect(row).toContainText("$321.50");
  await expect(row).toContainText("Completed");
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
});

/** The computed pill look of an element: a filled, rounded badge. */
async function pillStyle(page: Page, selector: string) {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const s = getComputedStyle(el);
      return { background: s.backgroundColor, radius: s.borderTopLeftRadius, color: s.color };
    });
}

const transparent = "rgba(0, 0, 0, 0)";

test("unread badges are styled on the first page opened, before /messages was ever visited", async ({
  browser,
}) => {
  // A new business with one unread message, signed in through the API (aParty), so the first
  // page its browser opens is /reviews: the messages page's code has never been loaded.
  const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
  const suffix = Date.now().toString(36);
  const business = await aParty(browser, "business", `Badge Co ${suffix}`, phone);
  const agent = await aParty(browser, "agent", `Bea Badge ${suffix}`, phone);
  const session = (await (await business.page.request.get("/api/session")).json()) as {
    user: { id: number };
  };
  const sent = await agent.page.request.post("/api/messages", {
    data: { receiverId: session.user.id, content: "Hello from the phone badge check" },
  });
  expect(sent.status()).toBe(201);
  const page = business.page;
  await page.goto("/reviews");
  await expect(page.getByRole("heading", { level: 1, name: "Reviews" })).toBeVisible();
  // The bottom bar's Messages tab carries harbourtech's 1 unread message as a filled red pill.
  const tabBadge = ".bottom-bar .bottom-tab .unread-count";
  await expect(page.locator(tabBadge)).toContainText("1");
  const tab = await pillStyle(page, tabBadge);
  expect(tab.background).not.toBe(transparent);
  expect(tab.radius).toBe("999px");
  expect(await page.locator(tabBadge).evaluate((el) => getComputedStyle(el).position)).toBe("absolute");
  // The drawer's Messages pill too.
  await page.getByRole("button", { name: "Open menu" }).click();
  const drawerBadge = ".drawer .unread-count";
  await expect(page.locator(drawerBadge)).toContainText("1");
  expect((await pillStyle(page, drawerBadge)).background).not.toBe(transparent);
  // At 1280 px: the top bar's Messages pill, styled the same way.
  await page.keyboard.press("Escape");
  await page.setViewportSize({ width: 1280, height: 800 });
  const navBadge = 'nav[aria-label="Main"] .unread-count';
  await expect(page.locator(navBadge)).toContainText("1");
  const nav = await pillStyle(page, navBadge);
  expect(nav.background).not.toBe(transparent);
  expect(nav.radius).toBe("999px");
  expect(nav.color).toBe("rgb(255, 255, 255)");
});

test("an unknown path answers 404 with the 404 card", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  await expect(page).toHaveTitle("Page not found | Closr");
  expect((await page.request.get("/business/no-such-page")).status()).toBe(404);
  expect((await page.request.get("/agent/invoices")).status()).toBe(200);
});

test("every page has its own title, on a full load and after client-side navigation", async ({ page }) => {
  const titles = new Map<string, string>();
  for (const path of ["/", "/auth", "/pricing", "/about", "/careers", "/forgot-password", "/verification"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    titles.set(path, await page.title());
  }
  await logIn(page, demo.businessWithProfile);
  await expect(page).toHaveTitle("Business Dashboard | Closr");
  titles.set("/business/dashboard", await page.title());
  const stops: [label: string, path: string, title: string][] = [
    ["Payments", "/business/payments", "Payments | Closr"],
    ["Analytics", "/analytics", "Analytics | Closr"],
    ["Reviews", "/reviews", "Reviews | Closr"],
    ["Messages", "/messages", "Messages | Closr"],
    ["Billing", "/settings/billing", "Billing | Closr"],
    ["Settings", "/settings/account", "Account Settings | Closr"],
  ];
  for (const [label, path, title] of stops) {
    await tapInDrawer(page, label);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page).toHaveTitle(title);
    titles.set(path, title);
  }
  const values = [...titles.values()];
  expect(new Set(values).size, JSON.stringify(Object.fromEntries(titles), null, 1)).toBe(values.length);
});
