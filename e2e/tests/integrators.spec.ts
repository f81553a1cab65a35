/**
 * Settings → API (issue 20): an account without API access sees where to get it; an account with
 * it (the demo admin) creates a key, sees the secret once, and revokes it; the key then answers
 * 401. Axe (serious/critical = 0) on the page. Runs at 1280 and 390 px.
 */
import { expect, type Page, test } from "./fixtures.ts";
import { aNewAccount, DEMO_PASSWORD, demo, expectNoSeriousAxe } from "./support.ts";

const expectAccessible = (page: Page) => expectNoSeriousAxe(page, '[role="log"][aria-live]');

test("without API access the page says it is an Enterprise feature", async ({ page }) => {
  const account = aNewAccount("business");
  expect((await page.request.post("/api/register", { data: account })).status()).toBe(201);
  await page.request.patch("/api/onboarding/complete", { data: { dismissed: true } });
  await page.goto("/settings/api");
  await expect(page.getByRole("heading", { name: "API", exact: true })).toBeVisible();
  await expect(page.getByText("API access is included in the Enterprise plan.")).toBeVisible();
  await expect(page.getByRole("form", { name: "Create an API key" })).toHaveCount(0);
  await expectAccessible(page);
});

test("create a key, see it once, revoke it", async ({ page }, info) => {
  expect(
    (
      await page.request.post("/api/login", { data: { username: demo.admin, password: DEMO_PASSWORD } })
    ).status(),
  ).toBe(200);
  await page.goto("/settings/api");
  const form = page.getByRole("form", { name: "Create an API key" });
  await expect(form).toBeVisible();
  await expectAccessible(page);
  const name = `E2E ${info.project.name} ${Date.now().toString(36)}`;
  await form.getByLabel("Name").pressSequentially(name);
  await form.getByLabel("Invoices").selectOption("write");
  await form.getByRole("button", { name: "Create key" }).click();

  const secretBox = page.getByTestId("api-key-secret");
  await expect(secretBox).toHaveText(/^closr_live_[A-Za-z0-9_-]{43}$/);
  const secret = (await secretBox.textContent())!;
  await expect(page.getByText("Copy it now: you won't see it again.")).toBeVisible();
  await page.screenshot({ path: `test-results/integrators-secret-${info.project.name}.png`, fullPage: true });
  await expectAccessible(page);

  // The key works as a bearer token.
  const withKey = await page.request.get("/api/invoices", {
    headers: { authorization: `Bearer ${secret}`, cookie: "" },
  });
  expect(withKey.status()).not.toBe(401);

  await page.getByRole("button", { name: "Done" }).click();
  await expect(secretBox).toHaveCount(0);
  await page.reload();
  await expect(page.getByText(secret)).toHaveCount(0);
  const item = page.getByRole("listitem").filter({ hasText: name });
  await expect(item).toContainText("Invoices: read and write");
  await item.getByRole("button", { name: `Revoke ${name}` }).click();
  await expect(item).toContainText("Revoked");
  await page.screenshot({ path: `test-results/integrators-list-${info.project.name}.png`, fullPage: true });

  const after = await page.request.get("/api/invoices", { headers: { authorization: `Bearer ${secret}` } });
  expect(after.status()).toBe(401);
});
