/**
 * The Vite config of a federated remote (business, agent, admin), written once: it builds
 * remoteEntry.js exposing ./register (src/register.tsx), served from /remotes/{name}/, sharing
 * `federationShared`, with its dev server on its own port and its root page from
 * `remoteIndexHtmlPlugin`. Imported by relative path from each
 * remote's vite.config.ts (Vite loads configs before any package is built).
 *
 * `vite build --ssr src/register.tsx` builds the remote's server bundle (ADR 0053):
 * dist-server/register.cjs, CommonJS, outside the public dist/, with every module in
 * `serverSharedModules` left as a `require` the shell's server entry answers with its own
 * instances; everything else (the remote's code, @closr/partner-kit) is bundled in.
 */
import { federation } from "@module-federation/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type UserConfig, type UserConfigFnObject } from "vite";
import { buildOptions } from "./build-options.ts";
import { sharedForBuild } from "./narrow-shares.ts";
import { reactAriaEnglishOnly } from "./optimize-locales.ts";
import { remoteIndexHtmlPlugin } from "./remote-index-html.ts";
import { isServerShared } from "./server-shared.ts";
import type { RemoteName } from "./shared.ts";

/** Each remote's dev and preview port. */
export const remotePorts: Record<RemoteName, number> = { business: 4101, agent: 4102, admin: 4103 };

/** The remote's server bundle (ADR 0053): `vite build --ssr src/register.tsx`. */
function serverBuild(): UserConfig {
  return {
    plugins: [reactAriaEnglishOnly(), react()],
    // React's production build; the shell's server entry provides React itself, but code bundled
    // here may still branch on NODE_ENV.
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    // Bundle everything except the singletons the shell's server entry provides.
    ssr: { noExternal: true, target: "node" },
    build: {
      ...buildOptions,
      ssr: "src/register.tsx",
      outDir: "dist-server",
      emptyOutDir: true,
      copyPublicDir: false,
      rolldownOptions: {
        ...buildOptions.rolldownOptions,
        external: (id: string) => isServerShared(id),
        output: {
          format: "cjs",
          exports: "named",
          entryFileNames: "register.cjs",
          codeSplitting: false,
        },
      },
    },
  };
}

export function remoteViteConfig(name: RemoteName): UserConfigFnObject {
  const port = remotePorts[name];
  return defineConfig(({ isSsrBuild }) =>
    isSsrBuild
      ? serverBuild()
      : {
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
        },
  );
}
