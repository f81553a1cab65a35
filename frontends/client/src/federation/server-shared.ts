/**
 * The modules a remote's server bundle leaves external (ADR 0053): the singletons that hold React
 * context or module state the shell's server render owns — React and its renderers, the router,
 * react-query, valtio, @closr/ui (its components, toast store, recorded stylesheets) and
 * @closr/client (the API transport the server render sets, the session hooks). The shell's server
 * entry answers each of these names with the instance it renders with
 * (frontends/shell/src/federation/server-shared-modules.ts); any other `require` from a remote's
 * server bundle is an error. Everything else a remote imports is bundled into its server bundle.
 */
export const serverSharedModules = [
  "react",
  "react/jsx-runtime",
  "react-dom",
  "react-router",
  "@tanstack/react-query",
  "valtio",
  "@closr/ui",
  "@closr/client",
  "@closr/client/stripe",
] as const;

/** One of `serverSharedModules`. */
export type ServerSharedModule = (typeof serverSharedModules)[number];

/**
 * Whether a remote's server build leaves the import `id` external: a name in
 * `serverSharedModules`, or a subpath of one of them (e.g. "react-dom/server", which then fails
 * at load with a clear error unless the shell provides it). Relative and absolute paths never.
 */
export function isServerShared(id: string): boolean {
  return serverSharedModules.some((name) => id === name || id.startsWith(`${name}/`));
}
