/**
 * Import rules for core/ (ADR 0037), run by `pnpm check` (check:imports):
 * - no import cycle anywhere in core/src;
 * - a context imports another context only through that context's index.ts (its public surface);
 *   the shared kernel (core/src/shared) may be imported file by file;
 * - no core context imports the notification or integrations context: they subscribe to domain
 *   events instead (the service wires them).
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: "no-cycle-in-core",
      severity: "error",
      comment: "core/ has no import cycle (contexts form a directed graph; ADR 0037).",
      from: { path: "^core/src" },
      to: { circular: true },
    },
    {
      name: "context-through-index",
      severity: "error",
      comment:
        "Another context is imported through its index.ts only (docs/architecture.md, ADR 0037); shared/ is the kernel.",
      from: { path: "^core/src/([^/]+)/" },
      to: {
        path: "^core/src/([^/]+)/",
        pathNot: [
          "^core/src/$1/",
          "^core/src/shared/",
          "^core/src/[^/]+/index\\.ts$",
          "^core/src/[^/]+/testing/index\\.ts$",
        ],
      },
    },
    {
      name: "no-context-imports-subscribers",
      severity: "error",
      comment: "Core contexts publish DomainEvents; notification and integrations subscribe (ADR 0037).",
      from: {
        path: "^core/src/([^/]+)/",
        pathNot: ["^core/src/(notification|integrations)/"],
      },
      to: { path: "^core/src/(notification|integrations)/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)node_modules/" },
    includeOnly: "^core/src",
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".js"] },
  },
};
