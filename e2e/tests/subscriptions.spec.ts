/**
 * Journey of the "Subscriptions" issue (13): a business on Basic hits the 3-partnership limit,
 * upgrades to Professional from /pricing with the local gateway's test card 4242, accepts a 4th
 * partnership, then cancels at period end; the sidebar and Settings → Billing follow. axe finds no
 * serious or critical violations on /subscribe and /settings/billing. Runs at 1280 and 390 px.
 */
import { type APIRequestContext, type Browser, expect, type Page, test } from "./fixtures.ts";
import { aNewAccount, expectNoSeriousAxe } from "./support.ts";

async function anAgent(browser: Browser, n: number) {
  const context = await browser.newContext();
  const { request } = context;
  expect((await request.post("/api/register", { data: aNewAccount("agent") })).status()).toBe(201);
  const profile = await request.post("/api/agent-profiles", {
    data: {
      fullName: `Sub Agent ${n}`,
      specialization: "SaaS Sales",
      yearsOfExperience: 5,
      location: "sydney",
    },
  });
  expect(profile.status()).toBe(201);
  return { context, request };
}

/** An agent asks to connect; the business accepts through the API: the accept's HTTP status. */
async function partner(browser: Browser, business: APIRequestContext, businessId: number, n: number) {
  const agent = await anAgent(browser, n);
  const asked = await agent.request.post("/api/partnerships", { data: { businessId, status: "pending" } });
  expect(asked.status()).toBe(201);
  const { id } = (await asked.json()) as { id: number };
  const accepted = await business.patch(`/api/partnerships/${id}`, { data: { status: "active" } });
  await agent.context.close();
  return accepted.status();
}

const expectNoSeriousA11yViolations = (page: Page) => expectNoSeriousAxe(page);

test("a Basic business hits its limit, upgrades to Professional with 4242, accepts a 4th, then cancels", async ({
  page,
  browser,
}) => {
  const wide = (page.viewportSize()?.width ?? 1280) > 768;
  const { request } = page.context();
  const account = aNewAccount("business");
  expect((await request.post("/api/register", { data: account })).status()).toBe(201);
  const profile = await request.post("/api/business-profiles", {
    data: { companyName: "Banksia Billing Co", industry: "technology", size: "small", location: "sydney" },
  });
  const { id: businessId } = (await profile.json()) as { id: number };

  for (let i = 1; i <= 3; i++) expect(await partner(browser, request, businessId, i)).toBe(200);
  expect(await partner(browser, request, businessId, 4)).toBe(403); // Basic: 3 active partnerships

  await page.goto("/business/dashboard");
  if (wide) {
    const plan = page.getByRole("link", { name: /^Plan: Basic, Free plan/ });
    await expect(plan).toBeVisible();
  }

  // /pricing (reading B): Subscribe Now → "Subscription initiated" → /subscribe?plan=price_professional.
  await page.goto("/pricing");
  await page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: "Professional", exact: true }) })
    .getByRole("button", { name: "Subscribe Now" })
    .click();
  await expect(page.getByText("Subscription initiated")).toBeVisible();
  await expect(page).toHaveURL(/\/subscribe\?plan=price_professional$/);

  // /subscribe (reading A): the checkout panel opens for the plan; the local card form takes 4242.
  const checkout = page.getByRole("region", { name: "Subscribe to Professional" });
  await expect(checkout).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await checkout.getByLabel("Card number").pressSequentially("4242424242424242");
  await checkout.getByLabel("Expiry").pressSequentially("12/34");
  await checkout.getByLabel("CVC").pressSequentially("123");
  await checkout.getByRole("button", { name: /^Pay/ }).click();
  await expect(page.getByRole("heading", { name: "Subscription Complete!" })).toBeVisible();
  await expect(page).toHaveURL(/\/business\/dashboard$/, { timeout: 10_000 });

  // The new limit applies at once.
  expect(await partner(browser, request, businessId, 5)).toBe(200);
  if (wide) await expect(page.getByRole("link", { name: "Plan: Professional, Active" })).toBeVisible();

  // Settings → Billing: plan, status, next renewal, the tax invoice; then cancel at period end.
  await page.goto("/settings/billing");
  await expect(page.getByRole("heading", { name: "Professional", level: 2 })).toBeVisible();
  await expect(page.getByText("Next renewal")).toBeVisible();
  await expect(page.getByText("$49.00").first()).toBeVisible();
  await expect(page.getByRole("link", { name: /CLR-\d{6} \(PDF\)/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Cancel at period end" }).click();
  await expect(page.getByText("Cancels at period end").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Resume subscription" })).toBeVisible();
  await expect(page.getByText("Next renewal")).toHaveCount(0);
  if (wide) {
    await page.goto("/business/dashboard");
    await expect(page.getByRole("link", { name: "Plan: Professional, Cancels at period end" })).toBeVisible();
  }
});
