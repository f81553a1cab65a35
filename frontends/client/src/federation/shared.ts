/**
 * The Module Federation share config used by the shell and every remote: one React, one
 * router, one query cache, one valtio and one @closr/ui (so one API client and toast store).
 * Imported by relative path from each vite.config.ts.
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
