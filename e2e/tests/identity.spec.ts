/**
 * Journeys of the platform issue: sign up, log out, log in, the route guard's three outcomes.
 */
import { expect, test } from "./fixtures.ts";
import { aNewAccount, DEMO_PASSWORD, demo, logIn, logOut, skipOnboarding } from "./support.ts";

test("a new business signs up, lands on the business dashboard, and logs out", async ({ page }) => {
  const account = aNewAccount("business");
  await page.goto("/auth");
  await page.getByRole("tab", { name: "Sign Up" }).click();
  const form = page.getByRole("form", { name: "Sign up" });
  await form.getByLabel("Email").pressSequentially(account.email);
  await form.getByLabel("Username").pressSequentially(account.username);
  await form.getByLabel("Password", { exact: true }).pressSequentially(account.password);
  await form.getByLabel("Confirm Password").pressSequentially(account.password);
  await expect(form.getByRole("radio", { name: "Business looking for sales agents" })).toBeChecked();
  await form.getByRole("button", { name: "Create Account" }).click();

  await expect(page).toHaveURL(/\/business\/dashboard$/);
  await expect(page.getByText("Registration successful")).toBeVisible();
  await skipOnboarding(page);
  await expect(page.getByRole("link", { name: /create (your )?(business )?profile/i }).first()).toBeVisible();

  // The session survives a reload (cookie), then logging out ends it.
  await page.reload();
  await expect(page).toHaveURL(/\/business\/dashboard$/);
  await logOut(page, account.username);
  await page.goto("/business/dashboard");
  await expect(page).toHaveURL(/\/auth$/);
});

test("sign-up shows the spec's validation messages and keeps what was typed", async ({ page }) => {
  await page.goto("/auth");
  await page.getByRole("tab", { name: "Sign Up" }).click();
  const form = page.getByRole("form", { name: "Sign up" });
  await form.getByLabel("Email").pressSequentially("not-an-email");
  await form.getByLabel("Username").pressSequentially("someone_new");
  await form.getByLabel("Password", { exact: true }).pressSequentially("longenough1");
  await form.getByLabel("Confirm Password").pressSequentially("different1");
  await form.getByRole("button", { name: "Create Account" }).click();
  await expect(form.getByText("Please enter a valid email")).toBeVisible();
  await expect(form.getByText("Passwords don't match")).toBeVisible();
  await expect(form.getByLabel("Username")).toHaveValue("someone_new");
  // Still on the Sign Up tab (a link: /auth?tab=signup, ADR 0047); the failed check sent nothing.
  await expect(page).toHaveURL(/\/auth\?tab=signup$/);
});

test("a taken username is reported on the field", async ({ page }) => {
  await page.goto("/auth");
  await page.getByRole("tab", { name: "Sign Up" }).click();
  const form = page.getByRole("form", { name: "Sign up" });
  await form.getByLabel("Email").pressSequentially(`fresh-${Date.now()}@example.com`);
  await form.getByLabel("Username").pressSequentially(demo.agent);
  await form.getByLabel("Password", { exact: true }).pressSequentially("long enough pw");
  await form.getByLabel("Confirm Password").pressSequentially("long enough pw");
  await form.getByRole("button", { name: "Create Account" }).click();
  await expect(form.getByText("This username is already taken.")).toBeVisible();
});

test("a wrong password shows Login failed and stays on /auth", async ({ page }) => {
  await page.goto("/auth");
  const form = page.getByRole("form", { name: "Log in" });
  await form.getByLabel("Username").pressSequentially(demo.agent);
  await form.getByLabel("Password", { exact: true }).pressSequentially("not the password");
  await form.getByRole("button", { name: "Log In" }).click();
  await expect(page.getByText("Login failed")).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
});

test("a demo agent logs in, lands on the agent dashboard, and is denied the business area", async ({
  page,
}) => {
  await logIn(page, demo.agent, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/agent\/dashboard$/);
  await expect(page.getByText("Login successful")).toBeVisible();
  await expect(page.getByRole("link", { name: /create (your )?(agent )?profile/i }).first()).toBeVisible();

  await page.goto("/business/dashboard");
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  await expect(
    page.getByText("You don't have permission to access this page. This area is only for businesses."),
  ).toBeVisible();

  // A signed-in user arriving at /auth goes to their dashboard.
  await page.goto("/auth");
  await expect(page).toHaveURL(/\/agent\/dashboard$/);
});

test("a signed-out visitor opening /agent/dashboard lands on /auth", async ({ page }) => {
  await page.goto("/agent/dashboard");
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole("tab", { name: "Log In" })).toBeVisible();
});

test("the admin sees the admin dashboard; a business member is denied it", async ({ page }) => {
  await logIn(page, demo.admin);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await expect(page.getByText("Manage website content and settings")).toBeVisible();
  // The six cards of spec §2.11, plus the verification queue and users, each with a live count.
  for (const card of [
    "About Content",
    "Careers Content",
    "Blog Content",
    "Press Content",
    "Media Library",
    "Settings",
    "Verification",
    "Users",
  ]) {
    await expect(page.getByRole("link", { name: `Manage ${card}` })).toBeVisible();
  }
  await expect(page.getByText(/\d+ accounts/)).toBeVisible();
  await logOut(page, demo.admin);

  await logIn(page, demo.business);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
});

test("an unknown path shows the 404 card", async ({ page }) => {
  await page.goto("/no/such/page");
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
});
