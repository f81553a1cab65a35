/**
 * Journeys of issue 15 "Account" (spec §2.4, §2.9, §8): forgot password → link from the dev
 * mailbox → reset → log in with the new password; the agent onboarding walkthrough's 5 steps with
 * Back; changing the password in Settings ends the session in another browser context. Axe
 * (serious/critical = 0) on every page the issue adds. Runs at 1280 and 390 px.
 */
import { type APIRequestContext, type Browser, expect, type Page, test } from "./fixtures.ts";
import { aNewAccount, expectNoSeriousAxe, logIn, retype } from "./support.ts";

// React Aria's live announcer (a visually hidden role=log region) briefly holds a role=img node
// labelled by a pending button that is gone by then; it is the library's, not the page's.
const expectAccessible = (page: Page) => expectNoSeriousAxe(page, '[role="log"][aria-live]');

/** A new account registered through the API in a context of its own (signed in there). */
async function anAccount(browser: Browser, userType: "business" | "agent", skipTour = true) {
  const context = await browser.newContext();
  const account = aNewAccount(userType);
  const registered = await context.request.post("/api/register", { data: account });
  expect(registered.status()).toBe(201);
  if (skipTour) await context.request.patch("/api/onboarding/complete", { data: { dismissed: true } });
  return { ...account, context, request: context.request };
}

/** The newest link to `path` in the signed-in caller's dev mailbox. */
async function linkFromMailbox(request: APIRequestContext, path: string) {
  let link: string | undefined;
  await expect(async () => {
    const res = await request.get("/api/dev/mailbox");
    const { items } = (await res.json()) as { items: { text: string }[] };
    link = items
      .map((m) => m.text.match(new RegExp(`https?://[^\\s]+${path}\\?token=[A-Za-z0-9_-]+`))?.[0])
      .find(Boolean);
    expect(link).toBeTruthy();
  }).toPass({ timeout: 30_000 });
  return new URL(link!).pathname + new URL(link!).search;
}

test("forgot password: the emailed link resets the password, and the new one logs in", async ({
  browser,
  page,
}) => {
  const account = await anAccount(browser, "agent");
  await page.goto("/auth");
  await page.getByRole("link", { name: "Forgot Password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expectAccessible(page);

  const form = page.getByRole("form", { name: "Forgot password" });
  await form.getByLabel("Email").pressSequentially("not-an-email");
  await form.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(form.getByText("Please enter a valid email")).toBeVisible();
  await retype(form.getByLabel("Email"), account.email);
  await form.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Try Again" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Login" })).toHaveAttribute("href", "/auth");
  await expectAccessible(page);

  const resetLink = await linkFromMailbox(account.request, "/reset-password");
  await page.goto(resetLink);
  const reset = page.getByRole("form", { name: "Reset password" });
  await expect(reset).toBeVisible();
  await expectAccessible(page);
  await reset.getByLabel("New Password").pressSequentially("short");
  await reset.getByLabel("Confirm Password").pressSequentially("different");
  await reset.getByRole("button", { name: "Reset Password" }).click();
  await expect(reset.getByText("Password must be at least 8 characters")).toBeVisible();
  await expect(reset.getByText("Passwords do not match")).toBeVisible();
  await retype(reset.getByLabel("New Password"), "my new password 2026");
  await retype(reset.getByLabel("Confirm Password"), "my new password 2026");
  await reset.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByRole("heading", { name: "Password Reset" })).toBeVisible();

  // The link worked once; the old session ended; the new password logs in.
  expect((await account.request.get("/api/user")).status()).toBe(401);
  await page.goto(resetLink);
  await expect(
    page.getByText("Invalid or expired token. Please request a new password reset link."),
  ).toBeVisible();
  await expectAccessible(page);
  await page.goto("/reset-password");
  await expect(
    page.getByText("Missing password reset token. Please request a new password reset link."),
  ).toBeVisible();
  await logIn(page, account.username, "my new password 2026");
  await account.context.close();
});

test("a new agent walks through the 5 onboarding steps with Back, and never sees them again", async ({
  page,
}) => {
  const account = aNewAccount("agent");
  expect((await page.request.post("/api/register", { data: account })).status()).toBe(201);
  await page.goto("/agent/dashboard");
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Welcome" })).toBeVisible();
  await expect(dialog.getByText("Step 1 of 5")).toBeVisible();
  await expectAccessible(page);

  await dialog.getByRole("button", { name: "Next" }).click();
  await expect(dialog.getByRole("heading", { name: "Profile Setup" })).toBeVisible();
  await dialog.getByRole("button", { name: "Back" }).click();
  await expect(dialog.getByRole("heading", { name: "Welcome" })).toBeVisible();
  for (const title of ["Profile Setup", "Finding Opportunities", "Managing Partnerships", "Getting Paid"]) {
    await dialog.getByRole("button", { name: "Next" }).click();
    await expect(dialog.getByRole("heading", { name: title })).toBeVisible();
  }
  // Resumable: a reload opens the same step.
  await page.reload();
  await expect(dialog.getByRole("heading", { name: "Getting Paid" })).toBeVisible();
  await dialog.getByRole("button", { name: "Finish" }).click();
  await expect(page.getByText("Onboarding completed")).toBeVisible();
  await expect(dialog).toBeHidden();
  const state = (await (await page.request.get("/api/onboarding")).json()) as {
    status: string;
    completedSteps: number[];
  };
  expect(state).toMatchObject({ status: "completed", completedSteps: [0, 1, 2, 3, 4] });

  await page.reload();
  await expect(page.getByRole("heading", { name: /welcome/i }).first()).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("changing the password in Settings ends the session of another browser", async ({ browser, page }) => {
  // Two browsers, four settings pages each checked with axe: 26 s on a quiet machine, over the
  // default 60 s while the other worker runs too (CI, 390 px).
  test.setTimeout(120_000);
  const account = await anAccount(browser, "business");
  // This page signs in as the same user: two sessions.
  await logIn(page, account.username, account.password);
  await expect(
    page.getByText(`Please confirm your email: we sent a link to ${account.email}.`),
  ).toBeVisible();

  await page.getByRole("button", { name: account.username }).click();
  await page.getByRole("menuitem", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/settings\/account$/);
  const settingsNav = page.getByRole("navigation", { name: "Settings" });
  await expectAccessible(page);
  await settingsNav.getByRole("link", { name: "Notifications", exact: true }).click();
  await expect(page.getByRole("checkbox", { name: "Connection requests" })).toBeChecked();
  await expectAccessible(page);
  await settingsNav.getByRole("link", { name: "Privacy", exact: true }).click();
  await expect(page.getByRole("button", { name: "Download my data" })).toBeVisible();
  await expectAccessible(page);

  await settingsNav.getByRole("link", { name: "Security", exact: true }).click();
  await expect(page.getByRole("list", { name: "Signed-in devices" }).getByRole("listitem")).toHaveCount(2);
  await expectAccessible(page);
  const form = page.getByRole("form", { name: "Change password" });
  await form.getByLabel("Current password").pressSequentially("not my password");
  await form.getByLabel("New password", { exact: true }).pressSequentially("a brand new password");
  await form.getByLabel("Confirm new password").pressSequentially("a brand new password");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByText("Your current password is incorrect")).toBeVisible();
  await retype(form.getByLabel("Current password"), account.password);
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Password changed")).toBeVisible();

  // The other browser is signed out; this one stays in.
  expect((await account.request.get("/api/user")).status()).toBe(401);
  const other = await account.context.newPage();
  await other.goto("/business/dashboard");
  await expect(other).toHaveURL(/\/auth$/);
  await page.reload();
  await expect(page.getByRole("list", { name: "Signed-in devices" }).getByRole("listitem")).toHaveCount(1);

  // The user menu's Profile opens the own profile form (create when there is none yet).
  await page.getByRole("button", { name: account.username }).click();
  await page.getByRole("menuitem", { name: "Profile" }).click();
  await expect(page).toHaveURL(/\/business\/(profile|create-profile)$/);
  await account.context.close();
});

test("the email confirmation banner is one short line on a phone, and stays away for the session once dismissed (issue 46)", async ({
  browser,
  page,
}) => {
  const account = aNewAccount("agent");
  expect((await page.request.post("/api/register", { data: account })).status()).toBe(201);
  await page.request.patch("/api/onboarding/complete", { data: { dismissed: true } });
  await page.goto("/agent/dashboard");
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  const banner = page.getByRole("complementary", { name: "Email verification" });
  const heights: number[] = [];
  for (const width of [320, 390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(banner).toBeVisible();
    await page.screenshot({ path: `test-results/account-email-banner-${width}.png` });
    heights.push((await banner.boundingBox())?.height ?? 999);
  }
  // One line with its buttons: at most 48 px of the screen at every width (it took 108 px at 320).
  for (const height of heights) expect(height).toBeLessThanOrEqual(48);
  await expect(banner.getByRole("button", { name: "Resend link" })).toBeVisible();
  await expectAccessible(page);
  await banner.getByRole("button", { name: "Dismiss for this session" }).click();
  await expect(banner).toHaveCount(0);
  await page.reload();
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await expect(banner).toHaveCount(0);

  // Another session (a browser of its own) is reminded again.
  const other = await browser.newContext();
  const again = await other.newPage();
  expect(
    (
      await again.request.post("/api/login", {
        data: { username: account.username, password: account.password },
      })
    ).status(),
  ).toBe(200);
  await again.goto("/agent/dashboard");
  await expect(again.getByRole("complementary", { name: "Email verification" })).toBeVisible();
  await other.close();
});
