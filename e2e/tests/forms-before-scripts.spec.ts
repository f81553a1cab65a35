/**
 * Forms work before the scripts (issue 46, item 3): log in, sign up, forgot password and contact
 * pressed while the app's scripts are held back and the CPU is slowed (a slow phone's first
 * start), so the press lands on the server-rendered form. The server does the job: it signs in and
 * redirects, or answers the page with the message and the typed values (never a password); the
 * thank-you and the confirmation show. Text is typed key by key (pressSequentially).
 */
import { expect, type Page, test } from "./fixtures.ts";
import { aNewAccount, DEMO_PASSWORD, demo, expectNoSeriousAxe, holdAppScripts } from "./support.ts";

// A slow device on a busy machine: every key is typed, on a CPU slowed 6× (up to 3 minutes).
test.describe.configure({ timeout: 180_000 });

/** A slow device: the CPU throttled 6× through CDP, and the app's scripts held until released. */
async function slowStart(page: Page): Promise<() => void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
  return holdAppScripts(page);
}

/** Whom the browser's session cookie signs in (GET /api/session with the page's cookies). */
async function signedInAs(page: Page): Promise<string | null> {
  const res = await page.request.get("/api/session");
  return ((await res.json()) as { user: { username: string } | null }).user?.username ?? null;
}

test("log in pressed before the scripts: a refusal keeps the username and says why, then it signs in", async ({
  page,
}) => {
  const release = await slowStart(page);
  await page.goto("/auth", { waitUntil: "commit" });
  const form = page.getByRole("form", { name: "Log in" });
  await form.getByLabel("Username").pressSequentially(demo.businessWithProfile);
  await form.getByLabel("Password", { exact: true }).pressSequentially("not the password");
  await form.getByRole("button", { name: "Log In" }).click();

  // The server answered the page again: the spec's message, the username kept, the password not.
  await expect(form.getByRole("alert")).toContainText("Invalid username or password");
  await expect(form.getByLabel("Username")).toHaveValue(demo.businessWithProfile);
  await expect(form.getByLabel("Password", { exact: true })).toHaveValue("");
  expect(await signedInAs(page)).toBeNull();

  await form.getByLabel("Password", { exact: true }).pressSequentially(DEMO_PASSWORD);
  await form.getByRole("button", { name: "Log In" }).click();
  await expect(page).toHaveURL(/\/business\/dashboard$/);
  expect(await signedInAs(page)).toBe(demo.businessWithProfile);
  release();
});

test("sign up pressed before the scripts: registered, signed in, on the dashboard", async ({ page }) => {
  const account = aNewAccount("agent");
  const release = await slowStart(page);
  await page.goto("/auth?tab=signup", { waitUntil: "commit" });
  const form = page.getByRole("form", { name: "Sign up" });
  await form.getByLabel("Email").pressSequentially(account.email);
  await form.getByLabel("Username").pressSequentially(account.username);
  await form.getByLabel("Password", { exact: true }).pressSequentially(account.password);
  await form.getByLabel("Confirm Password").pressSequentially("a different password");
  await form.getByText("Sales agent looking for opportunities").click();
  await form.getByRole("button", { name: "Create Account" }).click();

  // The client checks run on the server too: the typed values come back, the passwords do not.
  await expect(form.getByText("Passwords don't match")).toBeVisible();
  await expect(form.getByLabel("Email")).toHaveValue(account.email);
  await expect(form.getByLabel("Username")).toHaveValue(account.username);
  await expect(form.getByLabel("Password", { exact: true })).toHaveValue("");
  await expect(form.getByRole("radio", { name: "Sales agent looking for opportunities" })).toBeChecked();

  await form.getByLabel("Password", { exact: true }).pressSequentially(account.password);
  await form.getByLabel("Confirm Password").pressSequentially(account.password);
  await form.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/agent\/dashboard$/);
  expect(await signedInAs(page)).toBe(account.username);
  release();
});

test("forgot password pressed before the scripts shows its confirmation", async ({ page }) => {
  const release = await slowStart(page);
  await page.goto("/forgot-password", { waitUntil: "commit" });
  const form = page.getByRole("form", { name: "Forgot password" });
  await form.getByLabel("Email").pressSequentially("not-an-email");
  await form.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(form.getByText("Please enter a valid email")).toBeVisible();
  await expect(form.getByLabel("Email")).toHaveValue("not-an-email");

  await form.getByLabel("Email").press("End");
  await form.getByLabel("Email").pressSequentially("@example.com.au");
  await form.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
  await expect(page.getByText("If an account exists for not-an-email@example.com.au")).toBeVisible();
  release();
});

test("contact pressed before the scripts shows its thank-you; typed text survives hydration", async ({
  page,
}) => {
  const release = await slowStart(page);
  await page.goto("/contact", { waitUntil: "commit" });
  const form = page.getByRole("form", { name: "Send us a message" });
  await form.getByLabel("Full name").pressSequentially("Olivia Nguyen");
  await form.getByLabel("Email").pressSequentially("olivia@coastalplumbing.com.au");
  await form.getByLabel("Subject").pressSequentially("Agents in Newcastle");
  await form.getByRole("button", { name: "Send Message" }).click();
  // Refused (no message): what was typed comes back, with the field's error.
  await expect(form.getByText("Message is required")).toBeVisible();
  await expect(form.getByLabel("Full name")).toHaveValue("Olivia Nguyen");
  await expect(form.getByLabel("Subject")).toHaveValue("Agents in Newcastle");

  await form.getByLabel("Message").pressSequentially("Do you have agents who cover the Hunter region?");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(form.getByText("Message Sent")).toBeVisible();
  await expect(form.getByLabel("Full name")).toHaveValue("");

  // Typed before hydration, kept by it, and sent by the app once it runs.
  await form.getByLabel("Full name").pressSequentially("Liam Walsh");
  release();
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await expect(form.getByLabel("Full name")).toHaveValue("Liam Walsh");
  await form.getByLabel("Full name").press("End");
  await form.getByLabel("Full name").pressSequentially(" Jr");
  await form.getByLabel("Email").pressSequentially("liam@example.com.au");
  await form.getByLabel("Subject").pressSequentially("Hello");
  await form.getByLabel("Message").pressSequentially("Typed before and after the scripts.");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("We'll get back to you within 24 hours.").first()).toBeVisible();
  await expectNoSeriousAxe(page, "[data-live-announcer]", '[role="log"][aria-live]');
});

test("no form loses text typed before hydration: the blog's newsletter sign-up keeps it and sends it", async ({
  page,
}) => {
  const release = await slowStart(page);
  await page.goto("/blog", { waitUntil: "commit" });
  const form = page.getByRole("complementary", { name: "Newsletter" });
  await form.getByLabel("Email").pressSequentially("olivia@coastalplumbing.com.au");
  release();
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await expect(form.getByLabel("Email")).toHaveValue("olivia@coastalplumbing.com.au");
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(
    page.getByText("Check your inbox: we sent a link to confirm your subscription."),
  ).toBeVisible();
});
