/**
 * The Module Federation share config used by the shell and every remote: one React, one
 * router, one react-query (so every remote's hooks read the shell's QueryClientProvider), one
 * valtio and one @closr/ui (one toast store, one set of components). Nothing else is shared:
 * @closr/client and @closr/partner-kit are bundled by each app (ADR 0048). Imported by relative
 * path from each vite.config.ts.
 */
export const federationShared = {
  react: { singleton: true, requiredVersion: "^19.0.0" },
  "react-dom": { singleton: true, requiredVersion: "^19.0.0" },
  "react-router": { singleton: true, requiredVersion: "^7.0.0" },
  "@tanstack/react-query": { singleton: true, requiredVersion: "^5.0.0" },
  valtio: { singleton: true, requiredVersion: "^2.0.0" },
  "@closr/ui": { singleton: true, requiredVersion: "^0.1.0" },
};

/** The remotes the shell knows by name; their URLs come from /remotes.json at run time. */
export const remoteNames = ["business", "agent", "admin"] as const;
export type RemoteName = (typeof remoteNames)[number];

/** The remote whose area `pathname` is in (/business/…, /agent/…, /admin…), if any. */
export function remoteAreaOf(pathname: string): RemoteName | undefined {
  return remoteNames.find((name) => pathname === `/${name}` || pathname.startsWith(`/${name}/`));
}
