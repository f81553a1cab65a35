/**
 * Playwright with two changes for every journey:
 * - `page.goto` (with the default `load`, or `networkidle`) returns once the app has hydrated the
 *   served page (`<html data-hydrated>`, set by main.tsx; ADR 0047), so a journey's first click or
 *   keystroke reaches React. Journeys that look at the page before the app starts pass
 *   `waitUntil: "commit"` (module scripts held back also hold back DOMContentLoaded).
 * - A journey fails at its end on any console error (but Chromium's line for an HTTP 4xx answer,
 *   see `httpClientErrorAnswer`), hydration warning or uncaught page error in any page of any
 *   browser context it opens (the default one, `browser.newContext()`, popups),
 *   listing each with its page's address (issue 46, "Test like a person"). A journey that
 *   provokes an error on purpose says so with `allowConsole(/pattern/)`, for that test only.
 * Specs import `test`, `expect` and `allowConsole` from here instead of @playwright/test.
 */
import { type BrowserContext, test as base, type Page } from "@playwright/test";

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

/**
 * What counts as a hydration warning on a console line of any type: React's own words in
 * development, and in production the minified errors #418 (hydration mismatch), #419, #421, #422
 * (a boundary that fell back to the client), #423 and #425 (text mismatch, React 18) with their
 * react.dev/errors links.
 */
export const hydrationWarning =
  /hydrat|Minified React error #(418|419|421|422|423|425)\b|react\.dev\/errors\/(418|419|421|422|423|425)\b/i;

/**
 * Chromium's own network line for an HTTP 4xx answer ("Failed to load resource: the server
 * responded with a status of 404 (Not Found)"). It is logged by the browser, not by the app, for
 * every 4xx the app asks for and handles: "no profile yet" (404), a refused log in (401), a form
 * sent back with its errors (422), the not-found page. Those answers are the contract's, and the
 * journeys assert what the page shows for them; a 5xx, a failed connection (net::ERR_*) or
 * anything the app's code logs still fails the journey.
 */
const httpClientErrorAnswer = /^Failed to load resource: the server responded with a status of 4\d\d\b/;

/** One problem a journey's pages reported: where, of which kind, and the text. */
type ConsoleProblem = { readonly kind: string; readonly url: string; readonly text: string };

/** The current test's allowances (allowConsole) and problems, by Playwright test id. */
const watched = new Map<
  string,
  { allowed: { pattern: RegExp; used: boolean }[]; problems: ConsoleProblem[] }
>();

/**
 * Allows console or page errors whose text (or "<kind> <url> <text>" line) matches `pattern` in
 * the current test only — for an error the journey provokes on purpose (Chromium logs every 4xx
 * or 5xx response as "Failed to load resource: the server responded with a status of 404 …").
 * Keep the pattern narrow (the status and, where the text has it, the address) and say why in a
 * comment beside the call. An allowance nothing matched is noted on the test as an annotation
 * ("unused console allowance"), so a stale one is seen and removed.
 */
export function allowConsole(pattern: RegExp) {
  const entry = watched.get(base.info().testId);
  if (!entry) throw new Error("allowConsole is called inside a test that imports `test` from fixtures.ts");
  entry.allowed.push({ pattern, used: false });
}

/** Adds the console, page error and popup listeners of `context` (each context once). */
function watch(context: BrowserContext, problems: ConsoleProblem[], seen: WeakSet<BrowserContext>) {
  if (seen.has(context)) return;
  seen.add(context);
  context.on("console", (message) => {
    const type = message.type();
    const text = message.text();
    if (type === "error" && httpClientErrorAnswer.test(text)) return;
    if (type === "error" || ((type === "warning" || type === "log") && hydrationWarning.test(text))) {
      const location = message.location();
      const where = location.url ? ` (${location.url}:${location.lineNumber})` : "";
      problems.push({ kind: `console.${type}`, url: message.page()?.url() ?? "", text: `${text}${where}` });
    }
  });
  context.on("weberror", (webError) => {
    const error = webError.error();
    // The message, not the stack: minified frames say nothing, and the page's address says where.
    problems.push({
      kind: "pageerror",
      url: webError.page()?.url() ?? "",
      text: `${error.name}: ${error.message}`,
    });
  });
}

export const test = base.extend<{ hydratedGoto: undefined; failOnConsoleErrors: undefined }>({
  hydratedGoto: [
    async ({ page }, use) => {
      waitForHydrationOnGoto(page);
      await use(undefined);
    },
    { auto: true },
  ],
  failOnConsoleErrors: [
    async ({ browser, context }, use, testInfo) => {
      const entry = { allowed: [] as { pattern: RegExp; used: boolean }[], problems: [] as ConsoleProblem[] };
      watched.set(testInfo.testId, entry);
      const seen = new WeakSet<BrowserContext>();
      const onContext = (created: BrowserContext) => watch(created, entry.problems, seen);
      watch(context, entry.problems, seen);
      browser.on("context", onContext);
      try {
        await use(undefined);
      } finally {
        browser.off("context", onContext);
        watched.delete(testInfo.testId);
      }
      const unexpected = entry.problems.filter((problem) => {
        const line = `${problem.kind} ${problem.url} ${problem.text}`;
        const allowance = entry.allowed.find((a) => a.pattern.test(problem.text) || a.pattern.test(line));
        if (allowance) allowance.used = true;
        return !allowance;
      });
      for (const allowance of entry.allowed.filter((a) => !a.used)) {
        testInfo.annotations.push({
          type: "unused console allowance",
          description: String(allowance.pattern),
        });
      }
      if (unexpected.length > 0) {
        throw new Error(
          `The journey's pages logged ${unexpected.length} console error(s) or hydration warning(s) ` +
            "(allow an expected one in that test with allowConsole(/pattern/)):\n" +
            unexpected.map((p) => `  [${p.kind}] ${p.url}: ${p.text.split("\n").join(" ")}`).join("\n"),
        );
      }
    },
    { auto: true },
  ],
});
