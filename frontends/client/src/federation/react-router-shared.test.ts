import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import * as reactRouter from "react-router";
import { describe, expect, it } from "vitest";
import { reactRouterProviderSource, sharedForBuild } from "./narrow-shares.ts";
import { sharedRouterNames } from "./react-router-shared.ts";

const frontends = fileURLToPath(new URL("../../../", import.meta.url));

/** Every .ts/.tsx source file under frontends/<pkg>/src, without node_modules or dist. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === "node_modules" || entry.name === "dist" ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Value names (not `type` imports) a file imports from "react-router". */
function valueImports(code: string): string[] {
  return [...code.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s*from\s*"react-router"/g)].flatMap(
    ([, typeOnly, names = ""]) =>
      typeOnly
        ? []
        : names
            .split(",")
            .map((name) => name.trim())
            .filter((name) => name !== "" && !name.startsWith("type "))
            .map((name) => name.split(/\s+as\s+/)[0] ?? name),
  );
}

const narrowed: readonly string[] = sharedRouterNames;

describe("react-router shared narrowed (ADR 0052)", () => {
  it("lists every name the browser code imports from react-router", () => {
    const missing: string[] = [];
    for (const pkg of readdirSync(frontends, { withFileTypes: true })) {
      if (!pkg.isDirectory()) continue;
      const src = join(frontends, pkg.name, "src");
      let files: string[];
      try {
        files = sources(src);
      } catch {
        continue;
      }
      for (const file of files) {
        // The server entry is built without federation and imports the package itself.
        if (file.endsWith("entry-server.tsx")) continue;
        for (const name of valueImports(readFileSync(file, "utf8"))) {
          if (!narrowed.includes(name)) missing.push(`${relative(frontends, file)}: ${name}`);
        }
      }
    }
    expect(narrowed.length).toBeGreaterThan(10);
    expect(missing).toEqual([]);
  });

  it("names only what react-router exports", () => {
    const exported = new Set(Object.keys(reactRouter));
    expect(narrowed.filter((name) => !exported.has(name))).toEqual([]);
  });

  it("is the module every app provides as react-router, over react-router's production build", () => {
    const share = sharedForBuild()["react-router"];
    expect(share).toMatchObject({ singleton: true });
    // Under node_modules: a provider there stays a lazy fallback in the remotes' builds.
    expect(share.import).toMatch(/\/node_modules\/\.cache\/closr-shares\/react-router\.mjs$/);
    expect(readFileSync(share.import, "utf8")).toBe(reactRouterProviderSource());
    expect(reactRouterProviderSource()).toMatch(/from ".*react-router\/dist\/production\/index\.mjs";/);
    expect(reactRouterProviderSource()).toContain(`export { ${sharedRouterNames.join(", ")} }`);
  });
});
