/** The require a remote's server bundle gets (ADR 0053): the shell's own instances, or a clear error. */
import * as closrClient from "@closr/client";
import { apiClient, serverSharedModules } from "@closr/client";
import * as closrUi from "@closr/ui";
import { recordedStyles } from "@closr/ui";
import * as reactQuery from "@tanstack/react-query";
import * as react from "react";
import * as jsxRuntime from "react/jsx-runtime";
import * as reactRouter from "react-router";
import { describe, expect, it } from "vitest";
import { requireShared, serverSharedInstances } from "./server-shared-modules.ts";

describe("requireShared", () => {
  it("answers with the very module instances the shell renders with", () => {
    expect(requireShared("react")).toBe(react);
    expect(requireShared("react/jsx-runtime")).toBe(jsxRuntime);
    expect(requireShared("react-router")).toBe(reactRouter);
    expect(requireShared("@tanstack/react-query")).toBe(reactQuery);
    expect(requireShared("@closr/client")).toBe(closrClient);
    expect(requireShared("@closr/ui")).toBe(closrUi);
    // The state a remote must share: the API transport the entry sets, the recorded stylesheets.
    expect((requireShared("@closr/client") as typeof closrClient).apiClient).toBe(apiClient);
    expect((requireShared("@closr/ui") as typeof closrUi).recordedStyles).toBe(recordedStyles);
    expect((requireShared("@tanstack/react-query") as typeof reactQuery).QueryClientContext).toBe(
      reactQuery.QueryClientContext,
    );
  });

  it("provides every module a remote's server build leaves external", () => {
    for (const name of serverSharedModules) expect(requireShared(name), name).toBeTruthy();
    expect(Object.keys(serverSharedInstances).sort()).toEqual([...serverSharedModules].sort());
  });

  it("throws an error naming a module the shell does not provide", () => {
    expect(() => requireShared("react-dom/server")).toThrow(/"react-dom\/server"/);
    expect(() => requireShared("date-fns")).toThrow(/requires "date-fns", which the shell's server entry/);
    // Not a key of the map's prototype either.
    expect(() => requireShared("toString")).toThrow(/"toString"/);
  });
});
