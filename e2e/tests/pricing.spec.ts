/** Pricing (spec §2.6 reading B, §9): the server's plan catalogue, the caller's plan, Subscribe Now. */
import { expect, test } from "@playwright/test";
import { demo, holdAppScripts, logIn } from "./support.ts";

test("a visitor who does nothing sees every plan, from the server's HTML alone; its links need no app", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
  });
  await page.goto("/pricing", { waitUntil: "load" });
  // No interaction: /pricing's HTML is the whole page (ADR 0030), and the app waits for one.
  const business = page.getByRole("region", { name: "For businesses" });
  await expect(business.getByRole("listitem").filter({ hasText: "Professional" })).toContainText("$49.00");
  await expect(business).toContainText("Up to 3 active partnerships");
  await expect(page.getByRole("region", { name: "For agents" })).toContainText("$19.00");
  await expect(page.getByRole("region", { name: "Frequently asked questions" })).toContainText(
    "14-day money-back guarantee",
  );
  await page.waitForTimeout(1500); // the app used to start right after the first paint here
  expect(scripts.filter((url) => url.startsWith("/assets/"))).toEqual([]);
  // Subscribe Now before the app has started (its scripts held back): a plain link to /auth.
  await holdAppScripts(page);
  await business
    .getByRole("listitem")
    .filter({ hasText: "Enterprise" })
    .getByRole("link", { name: "Subscribe Now" })
    .focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole("form", { name: "Log in" })).toBeVisible();
});

test("once the app has started, Subscribe Now asks a visitor to log in", async ({ page }) => {
  await page.goto("/pricing");
  await page.mouse.move(10, 10); // the first interaction starts the app (ADR 0028)
  // The app's cards replace the server's: Subscribe Now is a button there.
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
