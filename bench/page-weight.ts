/**
 * bench/page-weight — the JavaScript a browser loads for a page (default /auth), raw and
 * gzip-compressed (level 9, as a CDN would serve it), with the number of requests.
 * Needs the product running (pnpm start) and Chromium at CHROMIUM_PATH (/usr/bin/chromium).
 * Run: pnpm bench:weight [url=http://localhost:3000/auth]
 */
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";

const url = process.argv[2] ?? "http://localhost:3000/auth";
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
const page = await browser.newPage();
const scripts: { url: string; raw: number; gzip: number }[] = [];
page.on("response", async (response) => {
  const type = response.headers()["content-type"] ?? "";
  if (!type.includes("javascript")) return;
  const body = await response.body().catch(() => undefined);
  if (body)
    scripts.push({
      url: new URL(response.url()).pathname,
      raw: body.length,
      gzip: gzipSync(body, { level: 9 }).length,
    });
});
await page.goto(url, { waitUntil: "networkidle" });
await browser.close();
const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
const total = scripts.reduce((a, s) => ({ raw: a.raw + s.raw, gzip: a.gzip + s.gzip }), { raw: 0, gzip: 0 });
console.log(
  `JavaScript loaded by ${url}: ${scripts.length} files, ${kb(total.raw)} raw, ${kb(total.gzip)} gzip`,
);
for (const s of scripts.sort((a, b) => b.gzip - a.gzip).slice(0, 8))
  console.log(`  ${kb(s.gzip).padStart(10)}  ${s.url}`);
