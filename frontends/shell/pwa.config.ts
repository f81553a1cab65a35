/**
 * The PWA part of the shell's build (ADR 0016, ADR 0050): the web app manifest and the service
 * worker (src/pwa/sw.ts, injectManifest). The precache holds only what the app needs to start
 * offline: the app shell (index.html), the offline page, the web app manifest, the shell's
 * root scripts, two icons, and the shell's start-up closure — the entry chunks, their static
 * imports and the CSS they import, read from the bundle graph. Everything else (the shell's
 * lazy routes, the remotes' entries and chunks) is cached at run time when it is first used.
 */
import type { Plugin } from "vite";
import { type CustomInjectManifestOptions, VitePWA } from "vite-plugin-pwa";

type ManifestTransform = NonNullable<CustomInjectManifestOptions["manifestTransforms"]>[number];

/** Root files precached besides the start-up closure (paths relative to dist, no leading slash). */
const alwaysPrecached = [
  /^index\.html$/,
  /^offline\.html$/,
  /^manifest\.webmanifest$/,
  /^[^/]+\.js$/, // the shell's root scripts (pwa-early.js …); assets live under assets/
  /^favicon\.svg$/,
  /^icons\/(?:favicon-32|icon-192)\.png$/, // the tab icon, the offline page's and notifications' icon
];

/**
 * The shell's start-up files (dist-relative), filled by `startupClosure` at generateBundle:
 * every entry chunk, the chunks it imports statically (transitively) and the CSS they import.
 * Lazy chunks (dynamic imports) are left out: they are cached when first used.
 */
const startup = new Set<string>();

/** Vite plugin that records the start-up closure of the bundle in `startup`. */
function startupClosure(): Plugin {
  return {
    name: "closr-precache-startup-closure",
    apply: "build",
    generateBundle(_, bundle) {
      startup.clear();
      const visit = (fileName: string) => {
        const chunk = bundle[fileName];
        if (!chunk || startup.has(fileName)) return;
        startup.add(fileName);
        if (chunk.type !== "chunk") return;
        for (const css of chunk.viteMetadata?.importedCss ?? []) startup.add(css);
        for (const imported of chunk.imports) visit(imported);
      };
      for (const output of Object.values(bundle))
        if (output.type === "chunk" && output.isEntry) visit(output.fileName);
    },
  };
}

/** Keeps in the precache list only the start-up closure and the `alwaysPrecached` files. */
const keepStartup: ManifestTransform = async (entries) => ({
  manifest: entries.filter((entry) => {
    const path = entry.url.replace(/^\//, "");
    return startup.has(path) || alwaysPrecached.some((pattern) => pattern.test(path));
  }),
  warnings: startup.size === 0 ? ["no start-up closure recorded: the precache holds only root files"] : [],
});

export const pwa = () => [
  startupClosure(),
  VitePWA({
    strategies: "injectManifest",
    srcDir: "src/pwa",
    filename: "sw.ts",
    registerType: "prompt",
    injectRegister: false,
    includeAssets: ["favicon.svg", "icons/*.png", "offline.html", "pwa-early.js", "app-boot.js"],
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
      // A classic script: app-boot.js and workbox-window register /sw.js without `type: "module"`.
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
