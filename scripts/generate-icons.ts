/**
 * Renders the app icons (web app manifest, favicon, Apple touch icon) from the two SVGs in
 * frontends/shell/public/icons with headless Chromium. Run once after changing an SVG:
 * `tsx scripts/generate-icons.ts`; the PNGs are committed.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "@playwright/test";

const dir = join(import.meta.dirname, "../frontends/shell/public/icons");
const outputs: [svg: string, size: number, file: string][] = [
  ["icon.svg", 192, "icon-192.png"],
  ["icon.svg", 512, "icon-512.png"],
  ["maskable.svg", 512, "maskable-512.png"],
  ["maskable.svg", 180, "apple-touch-icon.png"],
  ["icon.svg", 32, "favicon-32.png"],
];
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
for (const [svg, size, file] of outputs) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  const markup = readFileSync(join(dir, svg), "utf8");
  await page.setContent(
    `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${markup}`,
  );
  await page.screenshot({ path: join(dir, file), omitBackground: true });
  await page.close();
}
await browser.close();
