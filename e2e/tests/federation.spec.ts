/**
 * Module Federation at run time: remotes come from /remotes.json, use the shell's shared
 * singletons, and a remote that fails to load shows a card with Retry instead of a blank page.
 */
import { allowConsole, expect, test } from "./fixtures.ts";
import { demo, logIn } from "./support.ts";

test("a remote that fails to load shows a Retry card, and Retry recovers", async ({ page }) => {
  // Provoked on purpose: every request for the business remote is aborted, so the browser, the
  // federation runtime and the area's error boundary report it, and React gives up hydrating the
  // served area (#422, #520) to draw the Retry card.
  allowConsole(/net::ERR_FAILED \(\S+\/remotes\/business\//);
  allowConsole(/Federation Runtime \]: Failed to load script resources/);
  allowConsole(/The business module could not be downloaded|Business workspace is unavailable/);
  allowConsole(/^pageerror \S+\/business\/dashboard Error: Minified React error #(422|520);/);
  await logIn(page, demo.business);
  await page.route("**/remotes/business/**", (route) => route.abort());
  await page.reload();
  const retry = page.getByRole("button", { name: "Retry" });
  await expect(retry).toBeVisible();
  await expect(page.getByText(/unavailable/i).first()).toBeVisible();

  await page.unroute("**/remotes/business/**");
  await retry.click();
  await expect(retry).toHaveCount(0);
  await expect(page.getByRole("link", { name: /create (your )?(business )?profile/i }).first()).toBeVisible();
});

test("remotes are discovered at run time and never load their fallback copies of shared modules", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  const manifest = page.waitForResponse((r) => r.url().endsWith("/remotes.json"));
  await logIn(page, demo.agent);
  expect((await manifest).status()).toBe(200);
  await expect(page.getByRole("link", { name: /create (your )?(agent )?profile/i }).first()).toBeVisible();
  const fromRemote = scripts.filter((s) => s.startsWith("/remotes/agent/"));
  expect(fromRemote.length).toBeGreaterThan(0);
  // Each remote ships fallback copies of react, react-dom, react-router, react-query and valtio
  // ("__prebuild__" chunks); with the shell's singletons shared, none of them is fetched.
  expect(fromRemote.filter((s) => s.includes("__prebuild__"))).toEqual([]);
});

test("a remote runs on the shell's modules, and leaving for a shell page and coming back keeps working", async ({
  page,
}) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  await logIn(page, demo.businessWithProfile);
  await page.goto("/business/dashboard");
  const welcome = page.getByRole("heading", { level: 1, name: /^Welcome back, / });
  await expect(welcome).toBeVisible();

  // business (remote) → messages (shell) → business, by the side menu (no page load).
  await page
    .getByRole("link", { name: /^Messages/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/messages$/);
  await expect(page.getByRole("link", { name: "mia.chen" }).first()).toBeVisible();
  await page.getByRole("link", { name: "Dashboard", exact: true }).first().click();
  await expect(welcome).toBeVisible();
  await page
    .getByRole("link", { name: /^Active Agents/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/business\/active-agents$/);

  // Every shared module the runtime knows on this page is the shell's instance (ADR 0054).
  const providers = await page.evaluate(() => {
    type Share = { from?: string; loaded?: boolean };
    type Instance = {
      options: { name: string };
      shareScopeMap: Record<string, Record<string, Record<string, Share>>>;
    };
    const federation = (globalThis as { __FEDERATION__?: { __INSTANCES__: Instance[] } }).__FEDERATION__;
    return (federation?.__INSTANCES__ ?? []).flatMap((instance) =>
      Object.entries(instance.shareScopeMap.default ?? {}).flatMap(([name, versions]) =>
        Object.values(versions)
          .filter((share) => share.loaded)
          .map((share) => `${instance.options.name}: ${name} from ${share.from}`),
      ),
    );
  });
  expect(providers.length).toBeGreaterThan(0);
  expect(providers.filter((line) => !line.endsWith(" from shell"))).toEqual([]);
  expect(errors).toEqual([]);
});
