/** The business remote: builds remoteEntry.js exposing ./register, served from /remotes/business/. */
import { federation } from "@module-federation/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { federationShared } from "../ui/src/federation/shared.ts";

export default defineConfig({
  base: "/remotes/business/",
  plugins: [
    react(),
    federation({
      name: "business",
      filename: "remoteEntry.js",
      manifest: true,
      exposes: { "./register": "./src/register.tsx" },
      shared: federationShared,
      dts: false,
    }),
  ],
  build: { target: "esnext" },
  server: { port: 4101, strictPort: true, cors: true, origin: "http://localhost:4101" },
  preview: { port: 4101, strictPort: true, cors: true },
});
