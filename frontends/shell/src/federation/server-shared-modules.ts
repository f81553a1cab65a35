/**
 * Server only (ADR 0053): the `require` a remote's server bundle (dist-server/register.cjs) is
 * evaluated with. It answers each name in @closr/client's `serverSharedModules` with the module
 * instance the shell's server entry itself renders with — the same React (so one dispatcher and
 * one set of contexts), the same router, react-query, valtio, @closr/ui (its recorded
 * stylesheets, toast store) and @closr/client (the API transport the entry sets). Imported only
 * by entry-server.tsx: it pulls in every export of those packages.
 */

import type { ServerSharedModule } from "@closr/client";
import * as closrClient from "@closr/client";
import * as closrClientStripe from "@closr/client/stripe";
import * as closrUi from "@closr/ui";
import * as reactQuery from "@tanstack/react-query";
import * as react from "react";
import * as jsxRuntime from "react/jsx-runtime";
import * as reactDom from "react-dom";
import * as reactRouter from "react-router";
import * as valtio from "valtio";

/** Every shared name and the shell's instance of it (a module namespace object). */
export const serverSharedInstances: Readonly<Record<ServerSharedModule, unknown>> = {
  react,
  "react/jsx-runtime": jsxRuntime,
  "react-dom": reactDom,
  "react-router": reactRouter,
  "@tanstack/react-query": reactQuery,
  valtio,
  "@closr/ui": closrUi,
  "@closr/client": closrClient,
  "@closr/client/stripe": closrClientStripe,
};

/**
 * The shell's instance of the module `name` a remote's server bundle requires. Throws an Error
 * naming the module when the shell does not provide it (a remote's server build left it
 * external, but it is not a shared singleton): loading that bundle then fails loudly instead of
 * rendering with a second copy of a module.
 */
export function requireShared(name: string): unknown {
  if (!Object.hasOwn(serverSharedInstances, name)) {
    throw new Error(
      `A remote's server bundle requires "${name}", which the shell's server entry does not provide ` +
        "(ADR 0053): bundle it into the remote, or add it to serverSharedModules and serverSharedInstances.",
    );
  }
  return serverSharedInstances[name as ServerSharedModule];
}
