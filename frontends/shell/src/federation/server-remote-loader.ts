/**
 * Server only (ADR 0053): loads a remote's server bundle — the CommonJS file its `vite build
 * --ssr` wrote (frontends/<remote>/dist-server/register.cjs) — by evaluating its text with the
 * shell's shared modules as `require`, and returns its `./register` default export. Cached by file
 * path and modification time, so a redeployed remote is picked up by the next render.
 */
import { readFileSync, statSync } from "node:fs";
import { runInThisContext } from "node:vm";
import type { RegisterRemote } from "@closr/client";

const loaded = new Map<string, { mtimeMs: number; register: RegisterRemote }>();

/**
 * The `./register` function of the server bundle at `file` (an absolute path), evaluated with
 * `require` answering its external imports (see server-shared-modules.ts). Returns undefined when
 * the file does not exist. Throws when the bundle fails to evaluate (a syntax error, a `require`
 * the shell does not provide: the Error names the module) or has no default export function.
 */
export function loadServerRemote(
  file: string,
  require: (name: string) => unknown,
): RegisterRemote | undefined {
  let mtimeMs: number;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
  const cached = loaded.get(file);
  if (cached && cached.mtimeMs === mtimeMs) return cached.register;
  const code = readFileSync(file, "utf8");
  const module: { exports: Record<string, unknown> } = { exports: {} };
  // A function wrapper, as Node's own CommonJS loader uses; `filename` names the file in stack traces.
  const evaluate = runInThisContext(`(function (require, module, exports) {${code}\n})`, {
    filename: file,
  }) as (req: typeof require, mod: typeof module, exp: typeof module.exports) => void;
  evaluate(require, module, module.exports);
  const register = module.exports.default;
  if (typeof register !== "function") {
    throw new Error(`The server bundle ${file} has no default export function (./register).`);
  }
  loaded.set(file, { mtimeMs, register: register as RegisterRemote });
  return register as RegisterRemote;
}
