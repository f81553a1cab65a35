/**
 * The shell (federation host). It declares no remote URLs at build time: it reads
 * /remotes.json at run time and registers the remotes then (src/federation/remote-loader.ts).
 * The PWA manifest and service worker come from pwa.config.ts (ADR 0016).
 * In dev, /api and /remotes* are proxied to the API server (CLOSR_API, default :3000).
 * `vite build --ssr` builds the server entry (src/entry-server.tsx → dist-server/entry-server.js,
 * ADR 0047): React and the app only, every dependency bundled in, no federation and no PWA.
 */
import { federation } from "@module-federation/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { buildOptions } from "../client/src/federation/build-options.ts";
import { sharedForBuild } from "../client/src/federation/narrow-shares.ts";
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
        plugins: [
          reactAriaEnglishOnly(),
          react(),
          federation({
            name: "shell",
            remotes: {},
            shared: sharedForBuild(),
            dts: false,
            // Seconds without module activity before the plugin stops waiting for the shared-module
            // analysis (default 10): a busy machine can pause that long, and giving up early may leave
            // shared dependencies out of the build.
            moduleParseIdleTimeout: 120,
            // The one copy of the federation runtime on a page: the remotes read it from the shell
            // (ADR 0052) instead of each loading their own (about 19 KiB gzip per remote).
            experiments: { provideExternalRuntime: true },
          }),
          pwa(),
          stylesheetsFirstPlugin(),
        ],
        // One stylesheet, first in <head> (stylesheets-first.ts): every page's CSS is ~11 KiB gzip.
        build: { ...buildOptions, cssCodeSplit: false },
        server,
        preview: { ...server, port: 4173 },
      },
);
