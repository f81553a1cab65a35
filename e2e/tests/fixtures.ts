/**
 * Playwright with one change for every journey: `page.goto` (with the default `load`, or
 * `networkidle`) returns once the app has hydrated the served page (`<html data-hydrated>`, set
 * by main.tsx; ADR 0047), so a journey's first click or keystroke reaches React. Journeys that
 * look at the page before the app starts pass `waitUntil: "commit"` (module scripts held back
 * also hold back DOMContentLoaded).
 * Specs import `test` and `expect` from here instead of @playwright/test.
 */
import { test as base, type Page } from "@playwright/test";

export * from "@playwright/test";

let patched = false;

/** Makes every Page's goto wait for hydration (the prototype is shared by all pages). */
function waitForHydrationOnGoto(page: Page) {
  if (patched) return;
  patched = true;
  const proto = Object.getPrototypeOf(page) as Page;
  const goto = proto.goto;
  proto.goto = async function (this: Page, url, options) {
    const response = await goto.call(this, url, options);
    if (options?.waitUntil === "commit" || options?.waitUntil === "domcontentloaded") return response;
    await this.waitForFunction(
      () => !document.getElementById("root") || document.documentElement.dataset.hydrated === "true",
      undefined,
      { timeout: 15_000 },
    ).catch(() => undefined);
    return response;
  };
}

export const test = base.extend<{ hydratedGoto: void }>({
  hydratedGoto: [
    async ({ page }, use) => {
      waitForHydrationOnGoto(page);
      await use();
    },
    { auto: true },
  ],
});
