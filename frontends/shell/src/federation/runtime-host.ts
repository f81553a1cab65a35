/**
 * The shell's Module Federation host, started with the first remote (ADR 0054). The shell is
 * built without the federation plugin: it bundles React, react-router, react-query, valtio and
 * @closr/ui itself, so a page without a remote (`/`, signed out) never downloads the runtime.
 * remote-loader.ts imports this module dynamically when a remote is first needed; evaluating it
 *   - publishes `@module-federation/runtime/core` on `globalThis._FEDERATION_RUNTIME_CORE`: the
 *     remotes are built with `experiments.externalRuntime` and read the runtime from there
 *     (ADR 0052: one runtime per page);
 *   - initialises the runtime as host "shell", providing the shell's own, already running
 *     modules as the singleton shares (`lib`), so every remote takes the shell's React, router
 *     and QueryClient context, valtio and @closr/ui (ADR 0048).
 * It exports the runtime's `registerRemotes` and `loadRemote` bound to that instance.
 */
import { federationShared } from "@closr/client";
import * as ClosrUi from "@closr/ui";
import { init } from "@module-federation/runtime";
import * as runtimeCore from "@module-federation/runtime/core";
import * as ReactQuery from "@tanstack/react-query";
import * as React from "react";
import * as JsxRuntime from "react/jsx-runtime";
import * as ReactDOM from "react-dom";
import * as Valtio from "valtio";
import { reactRouterShare } from "./react-router-share.ts";

declare global {
  /** Set by this module: the runtime-core the remotes built with `externalRuntime` use. */
  var _FEDERATION_RUNTIME_CORE: typeof runtimeCore | undefined;
}

/** Installed versions of the shared packages, from the build (vite.config.ts `define`). */
declare const __CLOSR_SHARED_VERSIONS__: Record<keyof typeof federationShared, string>;

globalThis._FEDERATION_RUNTIME_CORE ??= runtimeCore;

/**
 * A module namespace as a share's `lib` returns it: a plain object flagged `__esModule`, as the
 * federation plugin's own providers are (so a remote's interop reads the named exports).
 */
function asShared(namespace: object): () => object {
  const module = { ...namespace };
  Object.defineProperty(module, "__esModule", { value: true, enumerable: false });
  return () => module;
}

/** The shell's running modules, by share name (react/jsx-runtime rides on React's version). */
const provided: Record<string, { lib: () => object; version: string; requiredVersion: string }> = {
  react: {
    lib: asShared(React),
    version: __CLOSR_SHARED_VERSIONS__.react,
    requiredVersion: federationShared.react.requiredVersion,
  },
  "react/jsx-runtime": {
    lib: asShared(JsxRuntime),
    version: __CLOSR_SHARED_VERSIONS__.react,
    requiredVersion: federationShared.react.requiredVersion,
  },
  "react-dom": {
    lib: asShared(ReactDOM),
    version: __CLOSR_SHARED_VERSIONS__["react-dom"],
    requiredVersion: federationShared["react-dom"].requiredVersion,
  },
  "react-router": {
    lib: asShared(reactRouterShare),
    version: __CLOSR_SHARED_VERSIONS__["react-router"],
    requiredVersion: federationShared["react-router"].requiredVersion,
  },
  "@tanstack/react-query": {
    lib: asShared(ReactQuery),
    version: __CLOSR_SHARED_VERSIONS__["@tanstack/react-query"],
    requiredVersion: federationShared["@tanstack/react-query"].requiredVersion,
  },
  valtio: {
    lib: asShared(Valtio),
    version: __CLOSR_SHARED_VERSIONS__.valtio,
    requiredVersion: federationShared.valtio.requiredVersion,
  },
  "@closr/ui": {
    lib: asShared(ClosrUi),
    version: __CLOSR_SHARED_VERSIONS__["@closr/ui"],
    requiredVersion: federationShared["@closr/ui"].requiredVersion,
  },
};

const host = init({
  name: "shell",
  remotes: [],
  shareStrategy: "version-first",
  shared: Object.fromEntries(
    Object.entries(provided).map(([name, share]) => [
      name,
      {
        version: share.version,
        lib: share.lib,
        scope: "default",
        shareConfig: { singleton: true, requiredVersion: share.requiredVersion },
      },
    ]),
  ),
});

/** Registers remotes ({ name, entry URL, … }) with the shell's runtime (see runtime `registerRemotes`). */
export const registerRemotes: typeof host.registerRemotes = host.registerRemotes.bind(host);

/** Loads a remote's exposed module, "name/expose" (see runtime `loadRemote`); null when absent. */
export const loadRemote: typeof host.loadRemote = host.loadRemote.bind(host);
