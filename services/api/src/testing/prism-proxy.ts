/**
 * Prism's validating proxy (Stoplight Prism 5.14, `@stoplight/prism-cli`, a dev dependency of
 * @closr/contracts) in front of a running API, for tests: `prism proxy contracts/openapi.json
 * <upstream>`. Prism matches each request to its operation, validates the request (path, query,
 * headers, cookies, security, body) and the upstream's response (status, headers, body) against
 * the contract, and reports what it found on the response in the `sl-violations` header (a JSON
 * array of `{ location, message, severity }`) and in its log ("Violation: …").
 *
 * `errors: true` is the integrator's strict mode (`--errors`): a response violation is answered
 * 500 by Prism itself, so a gap fails the caller's step. Without it Prism passes answers through
 * and only reports, which lets a suite that sends deliberately bad requests run through it.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { type AddressInfo, createServer } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "..");
const prismBin = join(root, "contracts", "node_modules", ".bin", "prism");
const spec = join(root, "contracts", "openapi.json");

export interface PrismProxy {
  /** Where Prism listens, e.g. "http://127.0.0.1:41234". */
  readonly url: string;
  /** Every line Prism has logged so far (no colours). */
  readonly log: string[];
  readonly close: () => Promise<void>;
}

/** One violation Prism reported on a response's `sl-violations` header. */
export interface PrismViolation {
  readonly location: readonly string[];
  readonly message: string;
  readonly severity: string;
}

/** The violations Prism put on `response` (none when it found none). */
export function prismViolationsOf(response: Response): PrismViolation[] {
  const header = response.headers.get("sl-violations");
  return header ? (JSON.parse(header) as PrismViolation[]) : [];
}

/** A free TCP port on 127.0.0.1 (asked of the kernel, then released for Prism to take). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * Starts Prism in front of `upstream` (an origin such as "http://127.0.0.1:4000"); resolves once
 * Prism says it is listening (at most 90 s), rejects with its log if it exits first.
 */
export async function startPrismProxy(
  upstream: string,
  options: { errors?: boolean } = {},
): Promise<PrismProxy> {
  const port = await freePort();
  const log: string[] = [];
  const args = ["proxy", spec, upstream, "--cors=false", "-h", "127.0.0.1", "-p", String(port)];
  if (options.errors) args.push("--errors");
  const child: ChildProcess = spawn(prismBin, args, {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, FORCE_COLOR: "0", NO_COLOR: "1" },
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Prism did not start:\n${log.join("\n")}`)), 90_000);
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      for (const line of text.split("\n")) if (line.trim()) log.push(line);
      if (/Prism is listening/.test(text)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`Prism exited with ${code}:\n${log.join("\n")}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    log,
    close: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}
