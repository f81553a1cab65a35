/**
 * The PWA part of the shell's build (issue 19, ADR 0016): the web app manifest and the
 * service worker (src/pwa/sw.ts, injectManifest). The precache list holds the shell's files
 * and, when they are built, each remote's entry and chunks (../<remote>/dist, served under
 * /remotes/<remote>/), each with a content hash as its revision.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { VitePWA } from "vite-plugin-pwa";
import { remoteNames } from "../ui/src/federation/shared.ts";

const frontends = join(import.meta.dirname, "..");

/** Every JS/CSS/JSON file under `dir`, recursively. */
function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === ".vite" ? [] : files(path);
    return /\.(?:js|css|json)$/.test(name) && name !== "mf-stats.json" ? [path] : [];
  });
}

/** The remotes' built files as precache entries (url under /remotes/<name>/, md5 revision). */
function remoteEntries(): { url: string; revision: string }[] {
  return remoteNames.flatMap((name) => {
    const dist = join(frontends, name, "dist");
    if (!existsSync(dist)) return [];
    return files(dist).map((path) => ({
      url: `/remotes/${name}/${relative(dist, path).split("\\").join("/")}`,
      revision: createHash("md5").update(readFileSync(path)).digest("hex"),
    }));
  });
}

export const pwa = () =>
  VitePWA({
    strategies: "injectManifest",
    srcDir: "src/pwa",
    filename: "sw.ts",
    registerType: "prompt",
    injectRegister: false,
    includeAssets: ["favicon.svg", "icons/*.png", "offline.html", "pwa-early.js"],
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
      additionalManifestEntries: remoteEntries(),
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    },
    devOptions: { enabled: false },
  });
