/**
 * bench/page-weight — the JavaScript each page loads, gzip-compressed (level 9, as a CDN would
 * serve it), at three moments of a first visit:
 *   - before first paint: scripts whose response ended by the first contentful paint;
 *   - by the time the page is interactive: by the end of the last long task (≥ 50 ms) before
 *     the first 5 s without one, and not before the page's first-level heading is on screen nor
 *     before the app has hydrated it (`<html data-hydrated>`: a server-rendered page hydrates in
 *     5 ms slices that make no long task, so long tasks alone would count it interactive before
 *     the code it waits for — a deferred component's chunk, a remote — has arrived);
 *   - by the end: everything loaded once the network and the main thread have been quiet;
 * and what the service worker fetched for its caches on that first visit: the precache (files
 * the worker downloads at install) and the run-time caches (files kept as they were used).
 * Public pages are opened signed out; the dashboards, invoices and messages signed in as the
 * demo users (business harbourtech, agent mia.chen). The CPU is slowed 4× (CPU=<n> to change)
 * as Lighthouse's mobile profile does, so long tasks show as they would on a phone; the
 * network is not throttled (bytes are bytes). Prints the machine's load average with the table.
 * Budgets checked: ≤ 170 KiB by interactive on /, ≤ 250 KiB on a signed-in page, ≤ 300 KiB
 * precached on a first visit.
 * START=touch moves the mouse once after the first paint, for builds whose server-rendered
 * pages start the app only on the first interaction (ADR 0028).
 * Needs the product running (pnpm start) and Chromium at CHROMIUM_PATH (/usr/bin/chromium).
 * Run: pnpm bench:weight [base=http://localhost:3000] [path …]
 */
import { loadavg } from "node:os";
import { gzipSync } from "node:zlib";
import { type BrowserContext, chromium, type Page } from "@playwright/test";

const KiB = 1024;
/** Budgets in gzip bytes: JS by interactive on public and signed-in pages, first-visit precache. */
const budgets = { publicInteractive: 170 * KiB, signedInInteractive: 250 * KiB, precache: 300 * KiB };

type Target = { path: string; as?: string };
const defaults: Target[] = [
  { path: "/" },
  { path: "/auth" },
  { path: "/pricing" },
  { path: "/business/dashboard", as: "harbourtech" },
  { path: "/agent/invoices", as: "mia.chen" },
  { path: "/messages", as: "harbourtech" },
];
/** Signed-in paths and who opens them when named on the command line. */
const users: Record<string, string> = {
  "/business": "harbourtech",
  "/agent": "mia.chen",
  "/messages": "harbourtech",
};

const [first, ...rest] = process.argv.slice(2);
const origin = new URL(first ?? "http://localhost:3000").origin;
const targets: Target[] =
  rest.length > 0
    ? rest.map((path) => {
        const as = Object.entries(users).find(([prefix]) => path.startsWith(prefix))?.[1];
        return as ? { path, as } : { path };
      })
    : defaults;
const password = process.env.DEMO_PASSWORD ?? "closr-demo-2026";
const cpuSlowdown = Number(process.env.CPU ?? 4);
const touch = process.env.START === "touch";

const kb = (n: number) => `${(n / KiB).toFixed(1)} KiB`;
const gzipCache = new Map<string, number>();

/** Gzip size (level 9) of a body; the same URL is compressed once. */
function gzipSize(url: string, body: Buffer): number {
  let size = gzipCache.get(url);
  if (size === undefined) {
    size = gzipSync(body, { level: 9 }).length;
    gzipCache.set(url, size);
  }
  return size;
}

/** Records long tasks, when the first h1 appeared and when the app marked the page hydrated. */
const probe = () => {
  const w = window as unknown as {
    __longTasks: [number, number][];
    __h1At?: number;
    __hydratedAt?: number;
  };
  w.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__longTasks.push([e.startTime, e.startTime + e.duration]);
  }).observe({ type: "longtask" });
  const seen = () => {
    if (w.__h1At === undefined && document.querySelector("h1")) w.__h1At = performance.now();
    if (w.__hydratedAt === undefined && document.documentElement.dataset.hydrated)
      w.__hydratedAt = performance.now();
  };
  new MutationObserver(seen).observe(document, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ["data-hydrated"],
  });
  document.addEventListener("DOMContentLoaded", seen);
};

/** Waits until no request is in flight and no long task has ended for `quietMs` (at most `capMs`). */
async function settle(page: Page, inflight: () => number, quietMs = 5000, capMs = 45_000) {
  const start = Date.now();
  let lastBusy = Date.now();
  let lastTasks = -1;
  while (Date.now() - start < capMs) {
    const tasks = await page.evaluate(
      () => (window as unknown as { __longTasks?: unknown[] }).__longTasks?.length ?? 0,
    );
    if (inflight() > 0 || tasks !== lastTasks) lastBusy = Date.now();
    lastTasks = tasks;
    if (Date.now() - lastBusy >= quietMs) return;
    await page.waitForTimeout(250);
  }
}

type Script = { url: string; gzip: number };
type Row = {
  path: string;
  signedIn: boolean;
  fcp: number;
  interactive: number;
  beforePaint: Script[];
  byInteractive: Script[];
  byEnd: Script[];
  precache: Script[];
  runtime: Script[];
};

/** The service worker's caches: URLs per cache, read in the page. */
async function swCaches(page: Page): Promise<{ precache: string[]; runtime: string[] }> {
  return page.evaluate(async () => {
    const precache: string[] = [];
    const runtime: string[] = [];
    for (const name of await caches.keys()) {
      const urls = (await (await caches.open(name)).keys()).map((r) => r.url);
      (name.includes("precache") ? precache : runtime).push(...urls);
    }
    return { precache, runtime };
  });
}

/** Gzip sizes of cached URLs, fetched again from the server (same bytes as the worker stored). */
async function sizes(context: BrowserContext, urls: string[]): Promise<Script[]> {
  return Promise.all(
    urls.map(async (url) => {
      const response = await context.request.get(url.replace(/[?&]__WB_REVISION__=[^&]+/, ""));
      return { url, gzip: gzipSize(url, await response.body()) };
    }),
  );
}

async function measure(context: BrowserContext, target: Target): Promise<Row> {
  if (target.as) {
    const response = await context.request.post(`${origin}/api/login`, {
      data: { username: target.as, password },
      headers: { origin },
    });
    if (!response.ok()) throw new Error(`login as ${target.as} failed: ${response.status()}`);
  }
  await context.addInitScript(probe);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
  const scripts: Script[] = [];
  let inflight = 0;
  page.on("request", () => inflight++);
  page.on("requestfinished", () => inflight--);
  page.on("requestfailed", () => inflight--);
  page.on("response", async (response) => {
    if (!(response.headers()["content-type"] ?? "").includes("javascript")) return;
    const body = await response.body().catch(() => undefined);
    if (body) scripts.push({ url: response.url(), gzip: gzipSize(response.url(), body) });
  });
  await page.goto(`${origin}${target.path}`);
  await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0);
  if (touch) await page.mouse.move(20, 20);
  await settle(page, () => inflight);
  // The service worker registers after load and an idle moment; give its install time to finish.
  await page
    .evaluate(() =>
      Promise.race([
        navigator.serviceWorker.ready.then(async (registration) => {
          const worker = registration.active;
          if (worker && worker.state !== "activated")
            await new Promise((resolve) => worker.addEventListener("statechange", resolve));
        }),
        new Promise((resolve) => setTimeout(resolve, 20_000)),
      ]),
    )
    .catch(() => undefined);
  await settle(page, () => inflight, 2000);
  const timing = await page.evaluate(() => {
    const w = window as unknown as {
      __longTasks: [number, number][];
      __h1At?: number;
      __hydratedAt?: number;
    };
    const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0;
    const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
    // Interactive: after the first paint, the DOM, the first heading and the app's hydration, the
    // end of the last long task that is followed by 5 s without one (Lighthouse's
    // time-to-interactive, simplified).
    let interactive = Math.max(fcp, nav?.domContentLoadedEventEnd ?? 0, w.__h1At ?? 0, w.__hydratedAt ?? 0);
    const tasks = w.__longTasks.filter(([, end]) => end > interactive).sort((a, b) => a[0] - b[0]);
    for (let i = 0; i < tasks.length; i++) {
      const [, end] = tasks[i] as [number, number];
      interactive = Math.max(interactive, end);
      const next = tasks[i + 1];
      if (!next || next[0] - end >= 5000) break;
    }
    const ends = Object.fromEntries(
      (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).map((e) => [
        e.name,
        e.responseEnd,
      ]),
    );
    return { fcp, interactive, ends };
  });
  const cached = await swCaches(page).catch(() => ({ precache: [], runtime: [] }));
  const byTime = (limit: number) =>
    scripts.filter((s) => (timing.ends[s.url] ?? Number.POSITIVE_INFINITY) <= limit);
  const row: Row = {
    path: target.path,
    signedIn: target.as !== undefined,
    fcp: timing.fcp,
    interactive: timing.interactive,
    beforePaint: byTime(timing.fcp),
    byInteractive: byTime(timing.interactive),
    byEnd: scripts,
    precache: await sizes(context, cached.precache),
    runtime: await sizes(context, cached.runtime),
  };
  await page.close();
  return row;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
  ],
});
const loadBefore = loadavg();
const rows: Row[] = [];
try {
  for (const target of targets) {
    // A fresh context per page: a first visit, empty HTTP cache, no service worker yet.
    const context = await browser.newContext({
      serviceWorkers: "allow",
      viewport: { width: 390, height: 844 },
    });
    try {
      rows.push(await measure(context, target));
    } finally {
      await context.close();
    }
  }
} finally {
  await browser.close();
}
const loadAfter = loadavg();

const total = (list: Script[]) => list.reduce((sum, s) => sum + s.gzip, 0);
const cell = (list: Script[]) => `${kb(total(list))} (${list.length})`.padEnd(18);
console.log(
  `JavaScript per page, gzip level 9 (files); CPU ${cpuSlowdown}× slower${touch ? ", mouse moved after first paint" : ""}; ` +
    `load average ${loadBefore.map((n) => n.toFixed(2)).join(" ")} → ${loadAfter.map((n) => n.toFixed(2)).join(" ")}`,
);
console.log(
  `${"page".padEnd(22)}${"before paint".padEnd(18)}${"interactive".padEnd(18)}${"end".padEnd(18)}${"FCP / TTI ms".padEnd(15)}${"SW precache".padEnd(18)}SW run-time cache`,
);
let allMet = true;
for (const row of rows) {
  const budget = row.signedIn
    ? budgets.signedInInteractive
    : row.path === "/"
      ? budgets.publicInteractive
      : undefined;
  const met = budget === undefined || total(row.byInteractive) <= budget;
  const precacheMet = total(row.precache) <= budgets.precache;
  allMet &&= met && precacheMet;
  console.log(
    `${row.path.padEnd(22)}${cell(row.beforePaint)}${cell(row.byInteractive)}${cell(row.byEnd)}${`${Math.round(row.fcp)} / ${Math.round(row.interactive)}`.padEnd(15)}${cell(row.precache)}${cell(row.runtime)}` +
      (budget !== undefined ? ` interactive ≤ ${kb(budget)}: ${met ? "met" : "NOT met"};` : "") +
      ` precache ≤ ${kb(budgets.precache)}: ${precacheMet ? "met" : "NOT met"}`,
  );
}
if (process.env.VERBOSE)
  for (const row of rows) {
    console.log(`\n${row.path}: largest scripts by the end, and the precache`);
    for (const s of [...row.byEnd].sort((a, b) => b.gzip - a.gzip).slice(0, 8))
      console.log(`  ${kb(s.gzip).padStart(10)}  ${new URL(s.url).pathname}`);
    for (const s of [...row.precache].sort((a, b) => b.gzip - a.gzip).slice(0, 8))
      console.log(`  precache ${kb(s.gzip).padStart(10)}  ${new URL(s.url).pathname}`);
  }
console.log(allMet ? "JavaScript and precache budgets met." : "Some budgets are NOT met (see above).");
