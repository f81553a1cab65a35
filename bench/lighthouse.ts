/**
 * bench/lighthouse — Lighthouse (12.x, mobile defaults: simulated slow 4G, 4x CPU slowdown,
 * Moto G Power screen) against the running product, RUNS times per page (default 3), printing
 * the median of each category and whether the budgets are met:
 *   performance ≥ 90 on /, /auth and /pricing, ≥ 85 on /business/dashboard, /agent/invoices
 *   and /messages; accessibility, best practices and SEO 100 everywhere.
 * Signed-in pages are measured as the demo users (harbourtech, mia.chen, via a session cookie).
 * The page is measured as loaded, with whatever JavaScript it starts by itself. START=touch
 * dispatches a pointer move right after the first contentful paint, for builds whose
 * server-rendered pages start the app only on the first interaction (ADR 0028): the app's
 * start-up then falls inside the measurement, as it would for a visitor who touches the page.
 * Needs the product running (pnpm start) and Chromium at CHROME_PATH (default /usr/bin/chromium);
 * never downloads a browser. Numbers on a shared 2-core machine are noisy: report the median and
 * the load average printed with it.
 * Run: pnpm bench:lighthouse [base=http://localhost:3000] [path …]   (RUNS=5 for more samples;
 * VERBOSE=1 lists failing audits, layout shifts, the LCP element and what took the main thread;
 * LH_JSON=<dir> writes each run's full report as <dir>/<page>-<run>.json for a closer look)
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { loadavg } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const base = (process.argv[2] ?? "http://localhost:3000").replace(/\/$/, "");
const runs = Number(process.env.RUNS ?? 3);
const password = process.env.DEMO_PASSWORD ?? "closr-demo-2026";

type Page = { path: string; as?: string; performance: number };
const pages: Page[] = [
  { path: "/", performance: 90 },
  { path: "/auth", performance: 90 },
  { path: "/pricing", performance: 90 },
  { path: "/business/dashboard", as: "harbourtech", performance: 85 },
  { path: "/agent/dashboard", as: "mia.chen", performance: 85 },
  { path: "/agent/invoices", as: "mia.chen", performance: 85 },
  { path: "/messages", as: "harbourtech", performance: 85 },
];
const touch = process.env.START === "touch";

/** Dispatches one pointer move after the first contentful paint (the START=touch option). */
const touchAfterPaint = `new PerformanceObserver((list, observer) => {
  if (list.getEntriesByName("first-contentful-paint").length === 0) return;
  observer.disconnect();
  setTimeout(() => window.dispatchEvent(new PointerEvent("pointermove", { bubbles: true })), 0);
}).observe({ type: "paint", buffered: true });`;

/** The part of puppeteer-core's API used here (Lighthouse's own copy, see `touchPage`). */
type PuppeteerPage = { evaluateOnNewDocument(source: string): Promise<unknown> };
type PuppeteerBrowser = { newPage(): Promise<PuppeteerPage>; disconnect(): Promise<void> };

/**
 * A page with the touch script for Lighthouse to drive, through the puppeteer-core that
 * Lighthouse itself depends on (resolved from Lighthouse's package, so the versions match).
 */
async function touchPage(port: number): Promise<{ page: PuppeteerPage; browser: PuppeteerBrowser }> {
  const fromLighthouse = createRequire(createRequire(import.meta.url).resolve("lighthouse/package.json"));
  const puppeteer = fromLighthouse("puppeteer-core") as {
    connect(options: { browserURL: string }): Promise<PuppeteerBrowser>;
  };
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  const page = await browser.newPage();
  await page.evaluateOnNewDocument(touchAfterPaint);
  return { page, browser };
}
const categories = ["performance", "accessibility", "best-practices", "seo"] as const;

/** Logs a demo user in and returns the session cookie header. */
async function sessionCookie(username: string): Promise<string> {
  const response = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`login as ${username} failed: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});
let allMet = true;
const loadBefore = loadavg();
const driven = touch ? await touchPage(chrome.port) : undefined;
try {
  console.log(
    `Lighthouse ${(await import("lighthouse/package.json", { with: { type: "json" } })).default.version}, mobile (simulated throttling), ${runs} run(s) per page, median shown${touch ? ", pointer move after first paint" : ""}`,
  );
  console.log(`${"page".padEnd(22)} perf  a11y  bp    seo   LCP ms  TBT ms  CLS    budget`);
  const only = process.argv.slice(3);
  for (const page of only.length > 0 ? pages.filter((p) => only.includes(p.path)) : pages) {
    const cookie = page.as ? await sessionCookie(page.as) : undefined;
    const scores: Record<string, number[]> = Object.fromEntries(categories.map((c) => [c, []]));
    const lcp: number[] = [];
    const tbt: number[] = [];
    const cls: number[] = [];
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(
        `${base}${page.path}`,
        {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: [...categories],
          ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
        },
        undefined,
        // biome-ignore lint/suspicious/noExplicitAny: Lighthouse's Page type is its puppeteer-core's.
        driven?.page as any,
      );
      if (!result) throw new Error(`no result for ${page.path}`);
      const { lhr } = result;
      if (process.env.LH_JSON) {
        mkdirSync(process.env.LH_JSON, { recursive: true });
        const name = page.path.replace(/\//g, "_").replace(/^_/, "") || "home";
        writeFileSync(join(process.env.LH_JSON, `${name}-${i + 1}.json`), JSON.stringify(lhr));
      }
      if (lhr.runtimeError) {
        // A failed trace (e.g. NO_NAVSTART on a starved CPU) scores 0: report it, leave it out.
        console.log(`    ${page.path}: Lighthouse error, run left out — ${lhr.runtimeError.message}`);
        continue;
      }
      for (const category of categories) {
        const score = lhr.categories[category]?.score;
        scores[category]?.push(Math.round((score ?? 0) * 100));
      }
      lcp.push(lhr.audits["largest-contentful-paint"]?.numericValue ?? 0);
      tbt.push(lhr.audits["total-blocking-time"]?.numericValue ?? 0);
      cls.push(lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0);
      if (process.env.VERBOSE) {
        for (const [id, audit] of Object.entries(lhr.audits))
          if (audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === "binary") {
            console.log(`    ${page.path}: ${id} — ${audit.title}`);
            const found = (audit.details as { items?: unknown[] } | undefined)?.items ?? [];
            for (const item of found.slice(0, 3)) console.log(`      ${JSON.stringify(item).slice(0, 300)}`);
          }
        // What moved (CLS) and what was the LCP element: the usual suspects of a low score.
        const items = (id: string) =>
          (lhr.audits[id]?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
        for (const item of items("layout-shifts"))
          console.log(
            `    ${page.path}: layout shift ${Number(item.score).toFixed(3)} — ${JSON.stringify((item.node as { snippet?: string } | undefined)?.snippet ?? "").slice(0, 160)}`,
          );
        // Main-thread time by script and the long tasks: where total blocking time comes from.
        for (const item of items("bootup-time").slice(0, 4))
          console.log(
            `    ${page.path}: script ${String(item.url).replace(base, "")} — ${Math.round(Number(item.total))} ms (scripting ${Math.round(Number(item.scripting))} ms)`,
          );
        for (const item of items("long-tasks").slice(0, 5))
          console.log(
            `    ${page.path}: long task at ${Math.round(Number(item.startTime))} ms, ${Math.round(Number(item.duration))} ms — ${String(item.url).replace(base, "")}`,
          );
        // The first table of that audit lists the element (its node: selector and snippet).
        for (const table of items("largest-contentful-paint-element").slice(0, 1)) {
          const node = ((table.items as Record<string, unknown>[] | undefined)?.[0]?.node ?? table.node) as
            | { selector?: string; snippet?: string }
            | undefined;
          console.log(
            `    ${page.path}: LCP element — ${node?.selector ?? "?"} ${(node?.snippet ?? "").slice(0, 160)}`,
          );
        }
      }
    }
    const m = Object.fromEntries(categories.map((c) => [c, median(scores[c] ?? [])])) as Record<
      (typeof categories)[number],
      number
    >;
    const met =
      m.performance >= page.performance &&
      m.accessibility === 100 &&
      m["best-practices"] === 100 &&
      m.seo === 100;
    allMet &&= met;
    console.log(
      `${page.path.padEnd(22)} ${String(m.performance).padEnd(5)} ${String(m.accessibility).padEnd(5)} ${String(m["best-practices"]).padEnd(5)} ${String(m.seo).padEnd(5)} ${String(Math.round(median(lcp))).padEnd(7)} ${String(Math.round(median(tbt))).padEnd(7)} ${median(cls).toFixed(3).padEnd(6)} ${met ? "met" : `NOT met (perf ≥ ${page.performance}, others 100)`}`,
    );
  }
} finally {
  await driven?.browser.disconnect();
  await chrome.kill();
}
const loadAfter = loadavg();
console.log(
  `Load average (1, 5, 15 min) ${loadBefore.map((n) => n.toFixed(2)).join(" ")} → ${loadAfter.map((n) => n.toFixed(2)).join(" ")}`,
);
console.log(allMet ? "All Lighthouse budgets met." : "Some Lighthouse budgets are NOT met (see above).");
