/** Loading a remote's server bundle (ADR 0053): evaluated with the shared require, cached by mtime. */
import { mkdtempSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { RegisterRemote } from "@closr/client";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { loadServerRemote } from "./server-remote-loader.ts";
import { requireShared } from "./server-shared-modules.ts";

const dir = mkdtempSync(join(tmpdir(), "closr-server-remote-"));

/** A CommonJS bundle as a remote's `vite build --ssr` writes it: a register with one route. */
const bundle = (text: string, requires = ["react", "react/jsx-runtime"]) => `"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
${requires.map((name, i) => `const m${i} = require(${JSON.stringify(name)});`).join("\n")}
const react = require("react");
const jsx = require("react/jsx-runtime");
function Page() {
  const [text] = react.useState(${JSON.stringify(text)});
  return jsx.jsx("h1", { className: "page-title", children: text });
}
exports.default = ({ basePath }) => ({ navItems: [], routes: [{ path: "dashboard", element: jsx.jsx(Page, {}), handle: basePath }] });
`;

const write = (name: string, code: string, mtime?: Date) => {
  const file = join(dir, name);
  writeFileSync(file, code);
  if (mtime) utimesSync(file, mtime, mtime);
  return file;
};

const renderDashboard = (register: RegisterRemote) => {
  const route = register({ basePath: "/business" }).routes[0];
  return renderToString(route?.element);
};

describe("loadServerRemote", () => {
  it("evaluates the bundle with the shell's React (its hooks run in the shell's render)", () => {
    const register = loadServerRemote(write("ok.cjs", bundle("Dashboard")), requireShared);
    expect(register).toBeTypeOf("function");
    if (!register) return;
    expect(register({ basePath: "/business" }).routes[0]?.handle).toBe("/business");
    expect(renderDashboard(register)).toBe('<h1 class="page-title">Dashboard</h1>');
  });

  it("is undefined when the file does not exist", () => {
    expect(loadServerRemote(join(dir, "missing.cjs"), requireShared)).toBeUndefined();
  });

  it("fails loudly, naming the module, when the bundle requires one the shell does not share", () => {
    const file = write("unknown.cjs", bundle("x", ["react", "left-pad"]));
    expect(() => loadServerRemote(file, requireShared)).toThrow(/"left-pad"/);
  });

  it("throws when the bundle has no ./register default export", () => {
    const file = write("empty.cjs", "exports.navItems = [];");
    expect(() => loadServerRemote(file, requireShared)).toThrow(/no default export/);
  });

  it("keeps the loaded version until the file changes, then loads the new one", () => {
    const file = write("deploy.cjs", bundle("Version one"), new Date("2026-01-01T00:00:00Z"));
    const first = loadServerRemote(file, requireShared);
    expect(loadServerRemote(file, requireShared)).toBe(first);
    write("deploy.cjs", bundle("Version two"), new Date("2026-01-02T00:00:00Z"));
    const second = loadServerRemote(file, requireShared);
    expect(second).not.toBe(first);
    if (second) expect(renderDashboard(second)).toContain("Version two");
  });
});
