/** The agent remote: builds remoteEntry.js exposing ./register, served from /remotes/agent/. */
import { federation } from "@module-federation/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { federationShared } from "../ui/src/federation/shared.ts";

export default defineConfig({
  base: "/remotes/agent/",
  plugins: [
    react(),
    federation({
      name: "agent",
      filename: "remoteEntry.js",
      manifest: true,
      exposes: { "./register": "./src/register.tsx" },
      shared: federationShared,
      dts: false,
    }),
  ],
  build: { target: "esnext" },
  server: { port: 4102, strictPort: true, cors: true, origin: "http://localhost:4102" },
  preview: { port: 4102, strictPort: true, cors: true },
});
