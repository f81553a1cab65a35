/**
 * The admin job queue view (issue 21), at 1280 px (desktop) and 390 px (mobile): staff open
 * Job Queue from the dashboard, see jobs by kind and state (the demo seed's emails went through
 * the durable queue), filter to failed jobs, read the last error and retry one; the retried job
 * runs and is done. A member gets the 403 problem from the API. axe (serious/critical = 0).
 * The failed job is written straight into the e2e database's pg-boss table (TEST_DATABASE_URL);
 * on PGlite that step is skipped.
 */

import postgres from "postgres";
import { expect, type Page, test } from "./fixtures.ts";
import { DEMO_PASSWORD, demo, expectNoSeriousAxe } from "./support.ts";

test.describe.configure({ timeout: 180_000 });

const expectNoSeriousA11yViolations = (page: Page) => expectNoSeriousAxe(page, "[data-live-announcer]");

async function shot(page: Page, name: string) {
  await expect(page.locator(".splash")).toBeHidden();
  await page.screenshot({
    path: `test-results/screens/${test.info().project.name}-${name}.png`,
    fullPage: true,
  });
}

/**
 * Writes a failed data-export job for the demo admin into this run's e2e database (the one that
 * holds `marker`, a username just registered through the API: other runs share the server);
 * false on PGlite.
 */
async function aFailedJob(marker: string): Promise<string | false> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return false;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  const candidates = await admin<{ datname: string }[]>`
    SELECT datname FROM pg_database WHERE datname LIKE 'closr_e2e_%' ORDER BY datname DESC`;
  await admin.end();
  for (const { datname } of candidates) {
    const url = new URL(adminUrl);
    url.pathname = `/${datname}`;
    const db = postgres(url.toString(), { max: 1, onnotice: () => {} });
    try {
      // On PostgreSQL the jobs run on pg-boss (ADR 0057): a failed job is a pg-boss job.
      const [row] = await db<{ id: string }[]>`
        INSERT INTO pgboss.job (name, data, state, retry_count, retry_limit, output, completed_on)
        SELECT 'data-export', jsonb_build_object('userId', a.id), 'failed', 4, 4,
               jsonb_build_object('message', 'Export storage unreachable (ECONNREFUSED)'), now()
        FROM users a WHERE a.username = ${demo.admin}
          AND EXISTS (SELECT 1 FROM users m WHERE m.username = ${marker})
        RETURNING id::text`;
      if (row) return row.id;
    } catch {
      // Another run's database still migrating, or gone: not ours.
    } finally {
      await db.end();
    }
  }
  return false;
}

test("staff see the job queue, read a failure and retry it", async ({ page, browser }) => {
  const login = await page.request.post("/api/login", {
    data: { username: demo.admin, password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);
  const marker = `ops_${Date.now().toString(36)}`;
  const stranger = await browser.newContext();
  const registered = await stranger.request.post("/api/register", {
    data: {
      email: `${marker}@example.com`,
      username: marker,
      password: "long enough password",
      userType: "agent",
    },
  });
  expect(registered.status()).toBe(201);
  await stranger.close();
  const failedId = await aFailedJob(marker);

  await page.goto("/admin");
  await page.getByRole("link", { name: /Job Queue/ }).click();
  await expect(page).toHaveURL(/\/admin\/jobs$/);
  await expect(page.getByRole("heading", { name: "Job Queue", level: 1 })).toBeVisible();
  // The demo seed's emails went through the durable queue.
  const counts = page.getByRole("region", { name: "Jobs by kind and state" });
  await expect(counts.getByRole("rowheader", { name: "send-email" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shot(page, "admin-jobs");

  if (failedId) {
    await page.getByLabel("State", { exact: true }).selectOption("failed");
    await expect(page).toHaveURL(/state=failed/);
    const row = page.getByRole("row").filter({ hasText: failedId });
    await expect(row).toContainText("Export storage unreachable (ECONNREFUSED)");
    await expect(page.getByText(/1 failed job needs attention\./)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await shot(page, "admin-jobs-failed");
    await row.getByRole("button", { name: `Retry data-export job ${failedId}` }).click();
    await expect(page.getByText("Job queued again")).toBeVisible();
    // It runs (the admin's export is built) and leaves the failed list.
    await expect(page.getByRole("row").filter({ hasText: failedId })).toHaveCount(0, { timeout: 20_000 });
    await page.getByLabel("State", { exact: true }).selectOption("done");
    await expect(page.getByRole("row").filter({ hasText: failedId })).toContainText("Done", {
      timeout: 20_000,
    });
  }

  // A member is refused by the API with the 403 problem.
  const member = await browser.newContext();
  const signIn = await member.request.post("/api/login", {
    data: { username: demo.business, password: DEMO_PASSWORD },
  });
  expect(signIn.status()).toBe(200);
  const refused = await member.request.get("/api/admin/jobs");
  expect(refused.status()).toBe(403);
  expect((await refused.json()).type).toBe("/problems/forbidden");
  await member.close();
});
