/**
 * The Vite config of a federated remote (business, agent, admin), written once: it builds
 * remoteEntry.js exposing ./register (src/register.tsx), served from /remotes/{name}/, sharing
 * `federationShared`, with its dev server on its own port and its root page from
 * `remoteIndexHtmlPlugin`. Imported by relative path from each
 * remote's vite.config.ts (Vite loads configs before any package is built).
 */
import { federation } from "@module-federation/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type UserConfig } from "vite";
import { buildOptions } from "./build-options.ts";
import { sharedForBuild } from "./narrow-shares.ts";
import { reactAriaEnglishOnly } from "./optimize-locales.ts";
import { remoteIndexHtmlPlugin } from "./remote-index-html.ts";
import type { RemoteName } from "./shared.ts";

/** Each remote's dev and preview port. */
export const remotePorts: Record<RemoteName, number> = { business: 4101, agent: 4102, admin: 4103 };

export function remoteViteConfig(name: RemoteName): UserConfig {
  const port = remotePorts[name];
  return defineConfig({
    base: `/remotes/${name}/`,
    plugins: [
      remoteIndexHtmlPlugin(name),
      reactAriaEnglishOnly(),
      react(),
      federation({
        name,
        filename: "remoteEntry.js",
        manifest: true,
        exposes: { "./register": "./src/register.tsx" },
        shared: sharedForBuild(),
        dts: false,
        // Seconds without module activity before the plugin stops waiting for the shared-module
        // analysis (default 10): a busy machine can pause that long, and giving up early may leave
        // shared dependencies out of the build.
        moduleParseIdleTimeout: 120,
        // The federation runtime comes from the shell, which provides it (ADR 0052).
        experiments: { externalRuntime: true },
      }),
    ],
    build: buildOptions,
    server: { port, strictPort: true, cors: true, origin: `http://localhost:${port}` },
    preview: { port, strictPort: true, cors: true },
  });
}
