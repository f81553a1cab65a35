/** Pricing (spec §2.6 reading B, §9): the server's plan catalogue, the caller's plan, Subscribe Now. */
import { expect, test } from "@playwright/test";
import { demo, logIn } from "./support.ts";

test("a visitor sees both audiences' plans; Subscribe Now asks them to log in", async ({ page }) => {
  await page.goto("/pricing");
  // No interaction: the server's /pricing HTML is not the whole first screen, so the app that
  // draws the plans starts right after the first paint (ADR 0028).
  const business = page.getByRole("region", { name: "For businesses" });
  await expect(business.getByRole("listitem").filter({ hasText: "Professional" })).toContainText("$49.00");
  await expect(business).toContainText("Up to 3 active partnerships");
  await expect(page.getByRole("region", { name: "For agents" })).toContainText("$19.00");
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
