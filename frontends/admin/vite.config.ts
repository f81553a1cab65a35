/** The admin remote: builds remoteEntry.js exposing ./register, served from /remotes/admin/. */
import { federation } from "@module-federation/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { federationShared } from "../ui/src/federation/shared.ts";

export default defineConfig({
  base: "/remotes/admin/",
  plugins: [
    react(),
    federation({
      name: "admin",
      filename: "remoteEntry.js",
      manifest: true,
      exposes: { "./register": "./src/register.tsx" },
      shared: federationShared,
      dts: false,
    }),
  ],
  build: { target: "esnext" },
  server: { port: 4103, strictPort: true, cors: true, origin: "http://localhost:4103" },
  preview: { port: 4103, strictPort: true, cors: true },
});
