/**
 * The container image's Dockerfile, checked without a Docker engine (issue 21): the
 * dockerfile-utils validator (the one behind VS Code's Dockerfile language server: syntax,
 * instruction arguments and flags, JSON-form quoting, duplicate CMD/ENTRYPOINT/HEALTHCHECK,
 * relative WORKDIR, …) with every optional rule at error level must report nothing, and the
 * image keeps its promises: multi-stage, pinned base and pnpm, frozen lockfile, lockfile-based
 * `pnpm deploy --prod`, a non-root user, a health check on /healthz, exec-form CMD.
 * `pnpm deploy:check` (infra/scripts/deploy-check.ts) runs the deploy step itself.
 */
import { readFileSync } from "node:fs";
import { ValidationSeverity, validate } from "dockerfile-utils";
import { describe, expect, it } from "vitest";

const dockerfile = readFileSync(new URL("./Dockerfile", import.meta.url), "utf8");
const error = ValidationSeverity.ERROR;

const settings = {
  deprecatedMaintainer: error,
  directiveCasing: error,
  emptyContinuationLine: error,
  instructionCasing: error,
  instructionCmdMultiple: error,
  instructionEntrypointMultiple: error,
  instructionHealthcheckMultiple: error,
  instructionJSONInSingleQuotes: error,
  instructionWorkdirRelative: error,
};

describe("infra/Dockerfile", () => {
  it("the validator flags a broken Dockerfile (the check can fail)", () => {
    const broken = "FROM node:20\nworkdir app\nCOPY --chwon=node . .\nCMD ['node']\nCMD [\"node\"]\n";
    expect(validate(broken, settings).length).toBeGreaterThanOrEqual(3);
  });

  it("passes dockerfile-utils' validator with every rule at error level", () => {
    const problems = validate(dockerfile, settings);
    const shown = problems.map((p) => `${p.range.start.line + 1}: ${p.message} (severity ${p.severity})`);
    expect(shown).toEqual([]);
  });

  it("is multi-stage, pinned, non-root, health-checked and deploys from the lockfile", () => {
    const from = [...dockerfile.matchAll(/^FROM\s+(\S+)/gm)].map((m) => m[1]);
    expect(from.length).toBeGreaterThanOrEqual(2);
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:\d+\.\d+\.\d+-[a-z]+-slim$/m);
    expect(dockerfile).toMatch(/npm install -g pnpm@\d+\.\d+\.\d+/);
    expect(dockerfile).toMatch(/pnpm fetch --frozen-lockfile/);
    expect(dockerfile).toMatch(/pnpm install --frozen-lockfile --offline/);
    expect(dockerfile).toMatch(/inject-workspace-packages=true --filter @closr\/api deploy --prod --offline/);
    const instructions = dockerfile
      .split("\n")
      .filter((line) => !line.trimStart().startsWith("#"))
      .join("\n");
    expect(instructions).not.toMatch(/--legacy/);
    const runtime = dockerfile.slice(dockerfile.lastIndexOf("\nFROM "));
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/^HEALTHCHECK .*\/healthz/m);
    expect(runtime).toMatch(/^CMD \[/m);
    expect(runtime).toMatch(/NODE_ENV=production/);
  });
});
