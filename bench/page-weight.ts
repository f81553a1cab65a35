/**
 * bench/page-weight — the JavaScript a browser loads for each page, raw and gzip-compressed
 * (level 9, as a CDN would serve it), with the number of files; and the part fetched before
 * the first contentful paint (resource timing: response end ≤ FCP), checked against the
 * issue 19 budget of 150 KiB gzip on /, /auth and /pricing.
 * Needs the product running (pnpm start) and Chromium at CHROMIUM_PATH (/usr/bin/chromium).
 * Run: pnpm bench:weight [base=http://localhost:3000] [path …]   (default paths: / /auth /pricing)
 */
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";

/** Budget for JavaScript before first paint, gzip bytes (issue 19). */
const BUDGET_BYTES = 150 * 1024;

const [first, ...rest] = process.argv.slice(2);
const base = new URL(first ?? "http://localhost:3000");
const paths = rest.length > 0 ? rest : base.pathname !== "/" ? [base.pathname] : ["/", "/auth", "/pricing"];
const origin = base.origin;

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
const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
let allMet = true;
for (const path of paths) {
  const context = await browser.newContext({ serviceWorkers: "block" });
  const page = await context.newPage();
  const scripts: { url: string; raw: number; gzip: number }[] = [];
  page.on("response", async (response) => {
    const type = response.headers()["content-type"] ?? "";
    if (!type.includes("javascript")) return;
    const body = await response.body().catch(() => undefined);
    if (body)
      scripts.push({ url: response.url(), raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
  });
  await page.goto(`${origin}${path}`);
  await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0);
  await page.waitForLoadState("networkidle");
  const timing = await page.evaluate(() => {
    const fcp =
      performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.POSITIVE_INFINITY;
    const ends = Object.fromEntries(
      (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).map((e) => [
        e.name,
        e.responseEnd,
      ]),
    );
    return { fcp, ends };
  });
  await context.close();
  const sum = (list: typeof scripts) =>
    list.reduce((a, s) => ({ raw: a.raw + s.raw, gzip: a.gzip + s.gzip }), { raw: 0, gzip: 0 });
  const total = sum(scripts);
  const before = scripts.filter((s) => (timing.ends[s.url] ?? Number.POSITIVE_INFINITY) <= timing.fcp);
  const beforeTotal = sum(before);
  const budgeted = ["/", "/auth", "/pricing"].includes(path);
  const met = beforeTotal.gzip <= BUDGET_BYTES;
  if (budgeted) allMet &&= met;
  console.log(
    `JavaScript loaded by ${path}: ${scripts.length} files, ${kb(total.raw)} raw, ${kb(total.gzip)} gzip; ` +
      `before first paint (FCP ${Math.round(timing.fcp)} ms): ${before.length} files, ${kb(beforeTotal.gzip)} gzip` +
      (budgeted ? ` — budget ${kb(BUDGET_BYTES)} ${met ? "met" : "NOT met"}` : ""),
  );
  for (const s of scripts.sort((a, b) => b.gzip - a.gzip).slice(0, 8))
    console.log(`  ${kb(s.gzip).padStart(10)}  ${new URL(s.url).pathname}`);
}
await browser.close();
console.log(allMet ? "JavaScript budgets met." : "Some JavaScript budgets are NOT met (see above).");
