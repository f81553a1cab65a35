/**
 * Vite `build` options every frontend shares (shell and remotes).
 *
 * `checks.bundlerTimings: false` turns off rolldown's `[PLUGIN_TIMINGS]` report, which it prints
 * whenever plugin callbacks take most of a build. That always holds here — Module Federation's
 * `proxyRemoteEntry` load hook runs once per module — so on a busy machine the report came with
 * every build while saying nothing actionable; real warnings are unaffected.
 */
import type { BuildEnvironmentOptions } from "vite";

export const buildOptions: BuildEnvironmentOptions = {
  target: "esnext",
  rolldownOptions: { checks: { bundlerTimings: false } },
};
