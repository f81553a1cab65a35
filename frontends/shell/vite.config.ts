/**
 * The shell (federation host). It declares no remote URLs at build time: it reads
 * /remotes.json at run time and registers the remotes then (src/federation/remote-loader.ts).
 * The PWA manifest and service worker come from pwa.config.ts (ADR 0016).
 * In dev, /api and /remotes* are proxied to the API server (CLOSR_API, default :3000).
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { federation } from "@module-federation/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { buildOptions } from "../client/src/federation/build-options.ts";
import { reactAriaEnglishOnly } from "../client/src/federation/optimize-locales.ts";
import { federationShared } from "../client/src/federation/shared.ts";
import { pwa } from "./pwa.config.ts";

/**
 * The stylesheets @closr/ui and @closr/partner-kit inject from JavaScript (injectStyles, by id) that the server-rendered
 * dashboards need before any JavaScript runs (ADR 0033): emitted as dist/first-screen-styles.json
 * ({ id: css }, @imports inlined); the server puts each into a <style id> of the same id, so the
 * app's injectStyles finds it there and does not add it again.
 */
function firstScreenStyles(): Plugin {
  const frontends = join(dirname(fileURLToPath(import.meta.url)), "..");
  const sheets: Record<string, string> = {
    "closr-native-fields-styles": "ui/src/design-system/fields/native-fields.css",
    "closr-profiles-styles": "partner-kit/src/profiles/styles/index.css",
    "closr-partnerships-styles": "partner-kit/src/partnerships/partnerships.css",
  };
  const inline = (file: string): string =>
    readFileSync(file, "utf8").replace(/@import\s+"([^"]+)";/g, (_, path: string) =>
      inline(join(dirname(file), path)),
    );
  return {
    name: "closr-first-screen-styles",
    apply: "build",
    generateBundle() {
      const css = Object.fromEntries(
        Object.entries(sheets).map(([id, path]) => [id, inline(join(frontends, path))]),
      );
      this.emitFile({ type: "asset", fileName: "first-screen-styles.json", source: JSON.stringify(css) });
    },
  };
}

const api = process.env.CLOSR_API ?? "http://localhost:3000";

export default defineConfig({
  base: "/",
  plugins: [
    reactAriaEnglishOnly(),
    react(),
    federation({
      name: "shell",
      remotes: {},
      shared: federationShared,
      dts: false,
      // Seconds without module activity before the plugin stops waiting for the shared-module
      // analysis (default 10): a busy machine can pause that long, and giving up early may leave
      // shared dependencies out of the build.
      moduleParseIdleTimeout: 120,
    }),
    pwa(),
    firstScreenStyles(),
  ],
  build: buildOptions,
  server: {
    port: 5173,
    proxy: { "/api": api, "/remotes": api, "/remotes.json": api },
  },
  preview: {
    port: 4173,
    proxy: { "/api": api, "/remotes": api, "/remotes.json": api },
  },
});
