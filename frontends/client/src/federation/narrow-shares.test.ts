import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { version as reactVersion } from "react";
import { describe, expect, it } from "vitest";
import { reactRouterProduction, reactRouterProviderSource, sharedVersions } from "./narrow-shares.ts";
import { federationShared } from "./shared.ts";

const shell = fileURLToPath(new URL("../../../shell/", import.meta.url));

describe("what the shell declares when it provides its own modules (ADR 0054)", () => {
  it("gives the installed version of every shared package, resolved from the app's folder", () => {
    const versions = sharedVersions(shell);
    expect(Object.keys(versions).sort()).toEqual(Object.keys(federationShared).sort());
    expect(versions.react).toBe(reactVersion);
    expect(versions["react-dom"]).toBe(reactVersion);
    expect(versions["@closr/ui"]).toBe("0.1.0");
    for (const version of Object.values(versions)) expect(version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it("aliases react-router to the production build the remotes' fallback re-exports", () => {
    expect(existsSync(reactRouterProduction)).toBe(true);
    expect(reactRouterProduction).toMatch(/react-router\/dist\/production\/index\.mjs$/);
    expect(reactRouterProviderSource()).toContain(JSON.stringify(reactRouterProduction));
  });
});
