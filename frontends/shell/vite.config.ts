/**
 * The shell (federation host). It declares no remote URLs at build time: it reads
 * /remotes.json at run time and registers the remotes then (src/federation/remote-loader.ts).
 * The PWA manifest and service worker come from pwa.config.ts (issue 19).
 * In dev, /api and /remotes* are proxied to the API server (CLOSR_API, default :3000).
 */
import { federation } from "@module-federation/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { reactAriaEnglishOnly } from "../ui/src/federation/optimize-locales.ts";
import { federationShared } from "../ui/src/federation/shared.ts";
import { pwa } from "./pwa.config.ts";

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
    }),
    pwa(),
  ],
  build: { target: "esnext" },
  server: {
    port: 5173,
    proxy: { "/api": api, "/remotes": api, "/remotes.json": api },
  },
  preview: {
    port: 4173,
    proxy: { "/api": api, "/remotes": api, "/remotes.json": api },
  },
});
