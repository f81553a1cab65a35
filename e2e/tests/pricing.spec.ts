/** Pricing (spec §2.6 reading B, §9): the server's plan catalogue, the caller's plan, Subscribe Now; served rendered (ADR 0047). */
import { expect, test } from "./fixtures.ts";
import { aNewAccount, demo, holdAppScripts, logIn } from "./support.ts";

test("the served /pricing holds every plan and the FAQ; the app hydrates it at load", async ({
  page,
  request,
}) => {
  // The HTML alone (no JavaScript): the app's own page, rendered on the server (ADR 0047).
  const served = await (await request.get("/pricing")).text();
  for (const text of [
    "Professional",
    "$49.00",
    "Up to 3 active partnerships",
    "$19.00",
    "14-day money-back guarantee",
  ])
    expect(served).toContain(text);
  expect(served).toContain("<title>Pricing | Closr</title>");

  const scripts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
  });
  await page.goto("/pricing");
  // No interaction needed: the app started at load and took over the served nodes.
  expect(scripts.some((url) => url.startsWith("/assets/"))).toBe(true);
  const business = page.getByRole("region", { name: "For businesses" });
  await expect(business.getByRole("listitem").filter({ hasText: "Professional" })).toContainText("$49.00");
  await expect(business).toContainText("Up to 3 active partnerships");
  await expect(page.getByRole("region", { name: "For agents" })).toContainText("$19.00");
  await expect(page.getByRole("region", { name: "Frequently asked questions" })).toContainText(
    "14-day money-back guarantee",
  );
});

test("before the app has hydrated /pricing, the served plans are the app's own nodes, kept by hydration", async ({
  page,
}) => {
  const release = await holdAppScripts(page);
  await page.goto("/pricing", { waitUntil: "commit" });
  const card = page
    .getByRole("region", { name: "For businesses" })
    .getByRole("listitem")
    .filter({ hasText: "Professional" });
  await expect(card).toContainText("$49.00");
  // A mark on the served node: hydration keeps the node (and the mark); a re-render would drop it.
  await card.evaluate((el) => {
    (el as HTMLElement & { servedMark?: boolean }).servedMark = true;
  });
  release();
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  expect(
    await card.evaluate((el) => (el as HTMLElement & { servedMark?: boolean }).servedMark === true),
  ).toBe(true);
});

test("once the app has started, Subscribe Now asks a visitor to log in", async ({ page }) => {
  await page.goto("/pricing");
  const business = page.getByRole("region", { name: "For businesses" });
  await business
    .getByRole("listitem")
    .filter({ hasText: "Enterprise" })
    .getByRole("button", { name: "Subscribe Now" })
    .click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText("Authentication required")).toBeVisible();
});

test("a signed-in business sees its plan and only business plans", async ({ page }) => {
  await logIn(page, demo.businessWithProfile);
  await page.goto("/pricing");
  // The demo seed puts Harbour Tech on Professional (issue 13).
  const professional = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: "Professional", exact: true }) });
  await expect(professional.getByText("Your plan")).toBeVisible();
  await expect(professional.getByRole("button", { name: "Current plan" })).toBeDisabled();
  await expect(page.getByRole("region", { name: "For agents" })).toHaveCount(0);
  await page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: "Enterprise", exact: true }) })
    .getByRole("button", { name: "Subscribe Now" })
    .click();
  await expect(page.getByText("Subscription initiated")).toBeVisible();
  // /subscribe?plan=price_enterprise starts the checkout; the server says a subscription is active (§4, §8).
  await expect(page.getByText("Active subscription detected")).toBeVisible();
  await expect(page).toHaveURL(/\/business\/dashboard$/);
});

test("the pricing page shows the annual billing its FAQ speaks of, and takes the choice to checkout (issue 46)", async ({
  page,
}) => {
  await page.goto("/pricing");
  await expect(page.getByRole("region", { name: "Frequently asked questions" })).toContainText(
    "Monthly or annually",
  );
  const business = page.getByRole("region", { name: "For businesses" });
  const professional = business.getByRole("listitem").filter({ hasText: "Professional" });
  await expect(professional).toContainText("$49.00 / month");
  const period = page.getByRole("group", { name: "Billing period" });
  await period.getByRole("radio", { name: /Annual/ }).check();
  await expect(professional).toContainText("$490.00 / year");
  await expect(page.getByRole("region", { name: "For agents" })).toContainText("$190.00 / year");
  await period.getByRole("radio", { name: "Monthly" }).check();
  await expect(professional).toContainText("$49.00 / month");

  // A signed-in business keeps the choice on its way to /subscribe.
  const registered = await page.request.post("/api/register", { data: aNewAccount("business") });
  expect(registered.status()).toBe(201);
  await page.goto("/pricing");
  await page
    .getByRole("group", { name: "Billing period" })
    .getByRole("radio", { name: /Annual/ })
    .check();
  await page
    .getByRole("region", { name: "For businesses" })
    .getByRole("listitem")
    .filter({ hasText: "Professional" })
    .getByRole("button", { name: "Subscribe Now" })
    .click();
  await expect(page).toHaveURL(/\/subscribe\?plan=price_professional&interval=year$/);
  await expect(page.getByRole("radio", { name: /Annual/ })).toBeChecked();
});
