/**
 * Build-time only (vite configs): the Module Federation share config with react-router narrowed
 * to the names the frontends use (ADR 0052), and the alias that module needs.
 * `sharedForBuild` is `federationShared` with react-router's local provider (`import`) set to
 * react-router-shared.ts; `sharedAliases` maps `closr:react-router` to react-router's production
 * ESM build by file path, so the narrowed module reaches the package without naming
 * "react-router" (which federation would route back to the share).
 */
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { federationShared } from "./shared.ts";

const reactRouterEntry = createRequire(import.meta.url).resolve("react-router");

/** `closr:react-router` → react-router's production ESM entry (dist/production/index.mjs). */
export const sharedAliases: Record<string, string> = {
  "closr:react-router": join(dirname(reactRouterEntry), "..", "production", "index.mjs"),
};

/** The shares every app builds with: `federationShared`, react-router provided by the narrow module. */
export const sharedForBuild = {
  ...federationShared,
  "react-router": {
    ...federationShared["react-router"],
    import: fileURLToPath(new URL("./react-router-shared.ts", import.meta.url)),
  },
};
