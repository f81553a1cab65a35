/**
 * One time zone rule (issue 46, ADR 0059), in an en-AU browser at Australia/Sydney: every date is
 * formatted in the signed-in user's zone by the server render and by the browser alike, so the
 * served HTML and the hydrated page say the same day and React reports no mismatch (#418); sign-up
 * takes the browser's zone; Settings → Account changes it.
 */
import { type APIRequestContext, expect, type Page, test } from "./fixtures.ts";
import { aNewAccount, DEMO_PASSWORD, demo } from "./support.ts";

test.use({ locale: "en-AU", timezoneId: "Australia/Sydney" });

/** Every console error and uncaught page error from now on (a hydration mismatch is one). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/** "2 Dec 2026": the day of `iso` in `timeZone`, as the product writes it (d MMM yyyy). */
const dayIn = (iso: string, timeZone: string) => {
  const parts = new Intl.DateTimeFormat("en-AU", {
    timeZone,
    day: "numeric",
    month: "short",
    year: "numeric",
  })
    .formatToParts(new Date(iso))
    .reduce<Record<string, string>>((all, part) => Object.assign(all, { [part.type]: part.value }), {});
  return `${parts.day} ${parts.month} ${parts.year}`;
};

const logInByApi = async (request: APIRequestContext, username: string, password = DEMO_PASSWORD) =>
  expect((await request.post("/api/login", { data: { username, password } })).status()).toBe(200);

test("served HTML and the hydrated page show the session's date in the user's zone, with no console error", async ({
  page,
}) => {
  const account = aNewAccount("agent");
  // An agent in Perth browsing from Sydney: dates follow the account, not the browser.
  const registered = await page.request.post("/api/register", {
    data: { ...account, timeZone: "Australia/Perth" },
  });
  expect(registered.status()).toBe(201);
  expect(((await registered.json()) as { timeZone: string }).timeZone).toBe("Australia/Perth");
  const sessions = (await (await page.request.get("/api/account/sessions")).json()) as {
    items: { createdAt: string }[];
  };
  const signedIn = `Signed in ${dayIn(sessions.items[0]?.createdAt ?? "", "Australia/Perth")}`;

  // React separates adjacent text with <!-- -->: read the served text as the browser shows it.
  const served = (await (await page.request.get("/settings/security")).text()).replaceAll("<!-- -->", "");
  expect(served).toContain(signedIn);
  const errors = collectErrors(page);
  await page.goto("/settings/security");
  await expect(page.getByRole("list", { name: "Signed-in devices" })).toContainText(signedIn);
  expect(errors).toEqual([]);
});

test("sign-up takes the browser's zone, and Settings → Account changes it", async ({ browser }) => {
  const context = await browser.newContext({ locale: "en-AU", timezoneId: "Australia/Adelaide" });
  const page = await context.newPage();
  const account = aNewAccount("business");
  await page.goto("/auth?tab=signup");
  const form = page.getByRole("form", { name: "Sign up" });
  await form.getByLabel("Email").pressSequentially(account.email);
  await form.getByLabel("Username").pressSequentially(account.username);
  await form.getByLabel("Password", { exact: true }).pressSequentially(account.password);
  await form.getByLabel("Confirm Password").pressSequentially(account.password);
  await form.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/business\/dashboard$/);
  expect(((await (await page.request.get("/api/user")).json()) as { timeZone: string }).timeZone).toBe(
    "Australia/Adelaide",
  );

  // The dashboard's walkthrough is not what this journey is about (issue 15).
  await page.request.patch("/api/onboarding/complete", { data: { dismissed: true } });
  const errors = collectErrors(page);
  await page.goto("/settings/account");
  const zone = page.getByLabel("Time zone");
  await expect(zone).toHaveValue("Australia/Adelaide");
  await zone.selectOption("Australia/Perth");
  await expect(page.getByText("Time zone saved")).toBeVisible();
  expect(((await (await page.request.get("/api/user")).json()) as { timeZone: string }).timeZone).toBe(
    "Australia/Perth",
  );
  await page.reload();
  await expect(page.getByLabel("Time zone")).toHaveValue("Australia/Perth");
  expect(errors).toEqual([]);
  await context.close();
});

for (const { who, username, paths } of [
  {
    who: "a business without a profile",
    username: demo.business,
    paths: ["/settings/notifications", "/settings/billing", "/settings/security", "/settings/account"],
  },
  {
    who: "a business with invoices",
    username: demo.businessWithProfile,
    paths: ["/settings/notifications", "/settings/billing", "/settings/security", "/business/payments"],
  },
  {
    who: "an agent with invoices",
    username: demo.agentWithProfile,
    paths: ["/settings/notifications", "/agent/invoices", "/agent/invoices?tab=earnings"],
  },
])
  test(`no hydration mismatch or console error on settings and invoice pages: ${who}`, async ({ page }) => {
    await logInByApi(page.request, username);
    const errors = collectErrors(page);
    for (const path of paths) {
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
      // Late effects (queries started on hydration) have their moment to complain.
      await page.waitForLoadState("networkidle");
      expect(errors, path).toEqual([]);
    }
  });
