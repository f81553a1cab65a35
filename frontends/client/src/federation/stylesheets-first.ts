/**
 * The shell's index.html with its stylesheets first (issue 31, point 5; docs/benchmarks.md).
 *
 * Vite writes the entry's `<link rel="modulepreload">` tags before its `<link rel="stylesheet">`
 * tags, and Module Federation appends more preloads. Over HTTP/1.1 (six connections per origin)
 * and a slow phone network the render-blocking stylesheet then waits behind ~230 KiB of
 * JavaScript the first paint does not need: Lighthouse (mobile) measured the landing page's first
 * paint at 3.1 s with the stylesheets after the preloads and 2.1 s with them first. The shell is
 * also built with one stylesheet (`cssCodeSplit: false`), one request instead of five.
 */
import type { Plugin } from "vite";

const stylesheet = /<link\b[^>]*\brel="stylesheet"[^>]*>\s*/g;
const firstLoad = /<link\b[^>]*\brel="(?:modulepreload|preload|icon)"|<script\b/;

/**
 * `html` with every `<link rel="stylesheet">` moved, in order, to just before the first script,
 * icon or preload link. Unchanged when it has no stylesheet or nothing to move ahead of.
 */
export function stylesheetsFirst(html: string): string {
  const sheets = html.match(stylesheet);
  if (!sheets) return html;
  const rest = html.replace(stylesheet, "");
  const at = rest.search(firstLoad);
  if (at < 0) return html;
  return `${rest.slice(0, at)}${sheets.map((s) => s.trim()).join("\n    ")}\n    ${rest.slice(at)}`;
}

/** The Vite plugin applying `stylesheetsFirst` to the built index.html, after every other plugin. */
export const stylesheetsFirstPlugin = (): Plugin => ({
  name: "closr:stylesheets-first",
  apply: "build",
  enforce: "post",
  transformIndexHtml: { order: "post", handler: stylesheetsFirst },
  // Module Federation adds its preloads to the written file after the HTML transforms ran.
  generateBundle(_options, bundle) {
    for (const file of Object.values(bundle)) {
      if (file.type === "asset" && file.fileName.endsWith(".html") && typeof file.source === "string")
        file.source = stylesheetsFirst(file.source);
    }
  },
});
