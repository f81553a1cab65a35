/**
 * Journeys of the "Profiles, discovery and smart matching" issue: a new business creates its
 * profile and finds ranked agents with reasons; a new agent creates a profile with skills and
 * finds businesses by industry. Search state lives in the URL.
 */
import { expect, type Page, test } from "./fixtures.ts";
import { aNewAccount, retype, showFilters, skipOnboarding } from "./support.ts";

async function signUp(page: Page, userType: "business" | "agent") {
  const account = aNewAccount(userType);
  await page.goto("/auth");
  await page.getByRole("tab", { name: "Sign Up" }).click();
  const form = page.getByRole("form", { name: "Sign up" });
  await form.getByLabel("Email").pressSequentially(account.email);
  await form.getByLabel("Username").pressSequentially(account.username);
  await form.getByLabel("Password", { exact: true }).pressSequentially(account.password);
  await form.getByLabel("Confirm Password").pressSequentially(account.password);
  if (userType === "agent") {
    await form.getByRole("radio", { name: "Sales agent looking for opportunities" }).check();
  }
  await form.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(new RegExp(`/${userType}/dashboard$`));
  await skipOnboarding(page);
  return account;
}

/** The match scores shown on the result cards, in page order. */
async function scoresOf(page: Page): Promise<number[]> {
  const texts = await page.getByRole("article").locator(".match-score strong").allTextContents();
  return texts.map((text) => Number.parseInt(text, 10));
}

test("a new business creates its profile, finds ranked agents with reasons and opens one", async ({
  page,
}) => {
  await signUp(page, "business");
  await page.getByRole("link", { name: "Create Business Profile" }).first().click();
  await expect(page).toHaveURL(/\/business\/create-profile$/);

  const form = page.getByRole("form", { name: "Create business profile" });
  await expect(form.getByLabel("Industry")).toHaveValue("technology");
  await expect(form.getByLabel("Company Size")).toHaveValue("small");
  await expect(form.getByLabel("Location")).toHaveValue("sydney");

  // Client-side validation uses the spec's messages and sends nothing.
  await form.getByLabel("Company Name").pressSequentially("A");
  await form.getByLabel("Website").pressSequentially("not a url");
  await form.getByRole("button", { name: "Create Profile" }).click();
  await expect(form.getByText("Company name must be at least 2 characters")).toBeVisible();
  await expect(form.getByText("Please enter a valid URL")).toBeVisible();

  await retype(form.getByLabel("Company Name"), "Enterprise Cloud Co");
  await form.getByLabel("Industry").selectOption("technology");
  await form.getByLabel("Location").selectOption("sydney");
  await retype(form.getByLabel("Website"), "https://enterprise-cloud.example.com.au");
  await form.getByLabel("Description").pressSequentially("Enterprise SaaS for Australian logistics firms.");
  await form.getByRole("button", { name: "Create Profile" }).click();
  await expect(page.getByText("Profile created!").first()).toBeVisible();
  await expect(page).toHaveURL(/\/business\/dashboard$/, { timeout: 10_000 });
  await expect(page.getByRole("heading", { name: "Welcome back, Enterprise Cloud Co!" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Top matches" })).toBeVisible();

  // Search: keyword on Enter, then filters; every choice lands in the URL.
  await page.getByRole("link", { name: "Find Agents" }).first().click();
  await expect(page).toHaveURL(/\/business\/find-agents$/);
  // The find page is on screen once its filter panel is (the dashboard also has a Keyword field).
  const filters = await showFilters(page, "Agent filters");
  await page.getByLabel("Keyword").pressSequentially("enterprise");
  await page.getByLabel("Keyword").press("Enter");
  await filters.getByLabel("Location").selectOption("sydney");
  await filters.getByLabel("Experience").selectOption("6-10");
  await expect(page).toHaveURL(/q=enterprise/);
  await expect(page).toHaveURL(/location=sydney/);
  await expect(page).toHaveURL(/experience=6-10/);
  await expect(page.getByText(/^\d+ agents? found$/)).toBeVisible();

  const cards = page.getByRole("article");
  await expect(cards.first()).toBeVisible();
  // With a keyword the order is text relevance, then match score and reputation (ADR 0036), and
  // the reasons say where the word matched.
  const reasons = cards.first().getByRole("list", { name: "Why it matches" });
  await expect(reasons).toBeVisible();
  await expect(reasons.getByText(/matches 'enterprise' in/)).toBeVisible();
  const scores = await scoresOf(page);
  expect(scores.length).toBeGreaterThan(0);

  // Reload keeps the search (the URL holds it).
  await page.reload();
  await expect(page.getByLabel("Keyword")).toHaveValue("enterprise");
  await expect(page.getByLabel("Experience")).toHaveValue("6-10");

  const first = cards.first();
  const name = await first.getAttribute("aria-label");
  expect(name).toBeTruthy();
  await first.getByRole("link", { name: "View profile" }).click();
  await expect(page).toHaveURL(/\/business\/agents\/\d+\?.*q=enterprise/);
  await expect(page.getByRole("heading", { level: 1, name: name ?? "" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "How well this agent matches you" })).toBeVisible();
  await page.getByRole("link", { name: "Back to results" }).click();
  await expect(page).toHaveURL(/\/business\/find-agents\?.*experience=6-10/);
  await expect(page.getByRole("article", { name: name ?? "" })).toBeVisible();
});

test("a new agent creates a profile with 3 skills and finds businesses by industry", async ({ page }) => {
  await signUp(page, "agent");
  await page.goto("/agent/create-profile");
  const form = page.getByRole("form", { name: "Create agent profile" });
  await expect(form.getByLabel("Minimum Commission Rate (%)")).toHaveValue("10");
  await expect(form.getByLabel("Location")).toHaveValue("sydney");

  await form.getByLabel("Full Name").pressSequentially("Riley Nguyen");
  await form.getByLabel("Specialisation").pressSequentially("SaaS Sales");
  await retype(form.getByLabel("Years of Experience"), "7");
  await form.getByLabel("Location").selectOption("sydney");
  await form.getByLabel("Bio").pressSequentially("Seven years selling SaaS to Sydney technology companies.");
  for (const skill of ["Technology/SaaS", "Cold Calling", "CRM Systems"]) {
    const chip = form.getByRole("button", { name: skill, exact: true });
    await chip.click();
    await expect(chip).toHaveAttribute("aria-pressed", "true");
  }
  await expect(form.getByText("3/10")).toBeVisible();
  await form.getByRole("button", { name: "Create Profile" }).click();
  await expect(page.getByText("Profile created!").first()).toBeVisible();
  await expect(page).toHaveURL(/\/agent\/dashboard$/, { timeout: 10_000 });
  await expect(page.getByText("Monthly Commission")).toBeVisible();
  await expect(page.getByText("$0.00", { exact: true })).toBeVisible();

  await page.getByRole("link", { name: "Find Businesses" }).first().click();
  const filters = await showFilters(page, "Business filters");
  await filters.getByLabel("Industry").selectOption("technology");
  await expect(page).toHaveURL(/industry=technology/);
  await expect(page.getByText(/^\d+ business(es)? found$/)).toBeVisible();
  const first = page.getByRole("article").first();
  await expect(first).toBeVisible();
  await expect(first.getByText("Technology", { exact: true })).toBeVisible();
  await expect(first.getByText(/\d+% match/)).toBeVisible();
  const reasons = first.getByRole("list", { name: "Why it matches" }).getByRole("listitem");
  expect(await reasons.count()).toBeGreaterThan(0);

  // Back and forward move through the search history.
  await page.getByLabel("Location").selectOption("melbourne");
  await expect(page).toHaveURL(/location=melbourne/);
  await page.goBack();
  await expect(page).not.toHaveURL(/location=melbourne/);
  await expect(page.getByLabel("Industry")).toHaveValue("technology");
});

test("a website typed without https:// is accepted and kept as https://… (issue 46)", async ({ page }) => {
  await signUp(page, "business");
  await page.goto("/business/create-profile");
  const form = page.getByRole("form", { name: "Create business profile" });
  await form.getByLabel("Company Name").pressSequentially("Coastal Plumbing Co");
  await form.getByLabel("Website").pressSequentially("coastalplumbing.com.au");
  await form.getByRole("button", { name: "Create Profile" }).click();
  await expect(page.getByText("Profile created!").first()).toBeVisible();
  await expect(form.getByText("Please enter a valid URL")).toHaveCount(0);
  await page.goto("/business/profile");
  await expect(page.getByLabel("Website")).toHaveValue("https://coastalplumbing.com.au");
});
