/**
 * What the server render knows about remotes (ADR 0053), shared by the server entry and
 * remote-routes.tsx. `ServerRemotesContext` is provided by entry-server.tsx only (absent in the
 * browser): it hands out a remote's module when this server serves that remote's server bundle,
 * and records which areas it drew in full. The entry then stores a flag under `remoteServedKey`
 * in the query cache it ships, so the browser's hydration render knows whether the served HTML
 * holds the remote's page (hydrate it once the remote loads) or the skeleton (ADR 0051).
 */
import type { RemoteModule, RemoteName } from "@closr/client";
import { createContext } from "react";

export interface ServerRemotes {
  /**
   * The remote's module (its routes under `basePath`, e.g. "/business") as this server serves
   * it, or undefined when the server has no server bundle of that remote (the area then renders
   * its skeleton).
   */
  module(name: RemoteName, basePath: string): RemoteModule | undefined;
  /** The remotes whose route trees this render drew (filled while rendering). */
  readonly rendered: Set<RemoteName>;
}

export const ServerRemotesContext = createContext<ServerRemotes | null>(null);

/** Query key of the flag "the served HTML holds this remote's page" (data: true). */
export const remoteServedKey = (name: RemoteName) => ["remote-served", name] as const;
