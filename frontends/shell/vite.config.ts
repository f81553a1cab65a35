/**
 * The shell (federation host). It is built without the federation plugin (ADR 0054): it bundles
 * its dependencies normally and starts the federation runtime only when a remote is first needed
 * (src/federation/runtime-host.ts), reading /remotes.json at run time (remote-loader.ts).
 * The PWA manifest and service worker come from pwa.config.ts (ADR 0016).
 * In dev, /api and /remotes* are proxied to the API server (CLOSR_API, default :3000).
 * `vite build --ssr` builds the server entry (src/entry-server.tsx → dist-server/entry-server.js,
 * ADR 0047): React and the app only, every dependency bundled in, no federation and no PWA.
 */
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { buildOptions } from "../client/src/federation/build-options.ts";
import { reactRouterProduction, sharedVersions } from "../client/src/federation/narrow-shares.ts";
import { reactAriaEnglishOnly } from "../client/src/federation/optimize-locales.ts";
import { stylesheetsFirstPlugin } from "../client/src/federation/stylesheets-first.ts";
import { pwa } from "./pwa.config.ts";

const api = process.env.CLOSR_API ?? "http://localhost:3000";

const server = {
  port: 5173,
  proxy: { "/api": api, "/remotes": api, "/remotes.json": api },
};

export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? {
        base: "/",
        plugins: [reactAriaEnglishOnly(), react()],
        // React's production build (the bundle is not run through NODE_ENV at run time).
        define: { "process.env.NODE_ENV": JSON.stringify("production") },
        ssr: { noExternal: true, target: "node" },
        build: {
          ...buildOptions,
          ssr: "src/entry-server.tsx",
          outDir: "dist-server",
          emptyOutDir: true,
          copyPublicDir: false,
        },
      }
    : {
        base: "/",
        plugins: [reactAriaEnglishOnly(), react(), pwa(), stylesheetsFirstPlugin()],
        // The versions runtime-host.ts declares for the modules it provides to the remotes.
        define: { __CLOSR_SHARED_VERSIONS__: JSON.stringify(sharedVersions(import.meta.dirname)) },
        // react-router's browser export is its development build; the shell runs the production
        // one, the build the remotes' fallback provider re-exports (narrow-shares.ts, ADR 0052).
        resolve: { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] },
        // One stylesheet, first in <head> (stylesheets-first.ts): every page's CSS is ~11 KiB gzip.
        build: { ...buildOptions, cssCodeSplit: false },
        server,
        preview: { ...server, port: 4173 },
      },
);
