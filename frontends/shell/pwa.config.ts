/**
 * The PWA part of the shell's build (ADR 0016, ADR 0050): the web app manifest and the service
 * worker (src/pwa/sw.ts, injectManifest). The precache holds only what the app needs to start
 * offline: the app shell (index.html), the offline page, the web app manifest (the plugin adds
 * it), the shell's root scripts, two icons, and the shell's start-up files — what the built
 * index.html loads (its module scripts, modulepreload links and stylesheets) and, through the
 * bundle graph, the chunks and CSS those import statically. Everything else (the shell's lazy routes, the
 * federation runtime — runtime-host.ts, loaded with the first remote since ADR 0054 — and the
 * remotes' entries and chunks) is cached at run time when it is first used.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Plugin } from "vite";
import { type CustomInjectManifestOptions, VitePWA } from "vite-plugin-pwa";

type ManifestTransform = NonNullable<CustomInjectManifestOptions["manifestTransforms"]>[number];

const dist = join(import.meta.dirname, "dist");

/** Root files precached besides the start-up files (paths relative to dist, no leading slash). */
const alwaysPrecached = [
  /^index\.html$/,
  /^offline\.html$/,
  /^[^/]+\.js$/, // the shell's root scripts (pwa-early.js …); chunks live under assets/
  /^favicon\.svg$/,
  /^icons\/(?:favicon-32|icon-192)\.png$/, // the tab icon, the offline page's and notifications' icon
];

/** Static imports and imported CSS of each chunk of the last build (dist-relative names). */
const graph = new Map<string, string[]>();

/** Vite plugin that records the bundle graph in `graph` (generateBundle). */
function recordGraph(): Plugin {
  return {
    name: "closr-precache-bundle-graph",
    apply: "build",
    generateBundle(_, bundle) {
      graph.clear();
      for (const output of Object.values(bundle))
        if (output.type === "chunk")
          graph.set(output.fileName, [...output.imports, ...(output.viteMetadata?.importedCss ?? [])]);
    },
  };
}

/**
 * The shell's start-up files (dist-relative): every same-origin script, modulepreload and
 * stylesheet the built index.html names, and what those import statically, transitively.
 */
function startupFiles(): Set<string> {
  const html = readFileSync(join(dist, "index.html"), "utf8");
  const roots = [...html.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)="\/([^"]+\.(?:js|css))"/g)].map(
    (match) => match[1] ?? "",
  );
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const imported of graph.get(file) ?? []) visit(imported);
  };
  for (const root of roots) visit(root);
  return files;
}

/** Keeps in the precache list only the start-up files and the `alwaysPrecached` ones. */
const keepStartup: ManifestTransform = async (entries) => {
  const startup = startupFiles();
  return {
    manifest: entries.filter((entry) => {
      const path = entry.url.replace(/^\//, "");
      return startup.has(path) || alwaysPrecached.some((pattern) => pattern.test(path));
    }),
    warnings:
      startup.size === 0 ? ["index.html names no start-up file: the precache holds only root files"] : [],
  };
};

export const pwa = () => [
  recordGraph(),
  VitePWA({
    strategies: "injectManifest",
    srcDir: "src/pwa",
    filename: "sw.ts",
    registerType: "prompt",
    injectRegister: false,
    // The precache list comes from the glob below and keepStartup alone: no extra assets, and the
    // manifest's large icons are not precached (the browser fetches them when it installs the app).
    includeManifestIcons: false,
    manifest: {
      id: "/",
      name: "Closr: Connecting Businesses & Agents",
      short_name: "Closr",
      description: "Closr connects Australian businesses with verified, commission-based sales agents.",
      lang: "en-AU",
      start_url: "/",
      scope: "/",
      display: "standalone",
      orientation: "portrait",
      theme_color: "#0f2a4a",
      background_color: "#f7f8fb",
      categories: ["business", "productivity"],
      icons: [
        { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
        { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
        { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      ],
      shortcuts: [
        {
          name: "Find",
          short_name: "Find",
          description: "Find agents or businesses",
          url: "/find",
          icons: [{ src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" }],
        },
        {
          name: "Messages",
          short_name: "Messages",
          description: "Your conversations",
          url: "/messages",
          icons: [{ src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" }],
        },
      ],
    },
    injectManifest: {
      // A classic script: workbox-window registers /sw.js without `type: "module"`.
      // (The "es" format also makes the plugin pass rolldown the deprecated `inlineDynamicImports`.)
      rollupFormat: "iife",
      globPatterns: ["**/*.{js,css,html,svg,png,webmanifest}"],
      globIgnores: ["**/mf-stats.json", "**/.vite/**"],
      manifestTransforms: [keepStartup],
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    },
    devOptions: { enabled: false },
  }),
];
