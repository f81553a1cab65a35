/**
 * Import rules for frontends/ (ADR 0048), run by `pnpm check` (check:imports):
 * - @closr/ui is the design system: it imports no other frontend package;
 * - @closr/client (API client, session, query plumbing, connected frames) imports only @closr/ui;
 * - @closr/partner-kit (screens both sides use) imports only @closr/ui and @closr/client;
 * - a remote imports neither the shell nor another remote, and the shell imports no remote:
 *   they meet only at run time, through `./register` and /remotes.json.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: "ui-is-design-system-only",
      severity: "error",
      comment: "@closr/ui holds no API, session or feature code (ADR 0048).",
      from: { path: "^frontends/ui/" },
      to: { path: "^frontends/(client|partner-kit|shell|business|agent|admin)/" },
    },
    {
      name: "client-below-features",
      severity: "error",
      comment: "@closr/client builds on @closr/ui only (ADR 0048).",
      from: { path: "^frontends/client/" },
      to: { path: "^frontends/(partner-kit|shell|business|agent|admin)/" },
    },
    {
      name: "partner-kit-below-apps",
      severity: "error",
      comment: "@closr/partner-kit is a library the apps bundle; it imports none of them (ADR 0048).",
      from: { path: "^frontends/partner-kit/" },
      to: { path: "^frontends/(shell|business|agent|admin)/" },
    },
    {
      name: "remotes-deploy-alone",
      severity: "error",
      comment: "A remote imports neither the shell nor another remote (ADR 0048: independent deployment).",
      from: { path: "^frontends/(business|agent|admin)/" },
      to: { path: "^frontends/(shell|business|agent|admin)/", pathNot: "^frontends/$1/" },
    },
    {
      name: "shell-loads-remotes-at-run-time",
      severity: "error",
      comment: "The shell reaches a remote only through /remotes.json and ./register (ADR 0048).",
      from: { path: "^frontends/shell/" },
      to: { path: "^frontends/(business|agent|admin)/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|dist)/" },
    includeOnly: "^frontends/",
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      extensions: [".ts", ".tsx", ".js"],
      exportsFields: ["exports"],
      conditionNames: ["import", "default"],
    },
  },
};
