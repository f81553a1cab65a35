/**
 * Module Federation at run time: remotes come from /remotes.json, use the shell's shared
 * singletons, and a remote that fails to load shows a card with Retry instead of a blank page.
 */
import { expect, test } from "./fixtures.ts";
import { demo, logIn } from "./support.ts";

test("a remote that fails to load shows a Retry card, and Retry recovers", async ({ page }) => {
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
