/**
 * bench/load — the measuring loops the benches share: a percentile over latencies, the
 * open and closed request loops (bench/search, bench/scale) and a lean keep-alive HTTP GET.
 */
import { Agent, request } from "node:http";

/**
 * A keep-alive HTTP/1.1 GET client for load loops: `get(path, headers)` resolves with the status
 * after reading the whole body. node:http costs the load generator about a third of the CPU of
 * `fetch` (undici's WHATWG streams) per request, and the generator shares the machine's cores
 * with the server it measures, so a lean client leaves the server the CPU it would have in
 * production.
 */
export function keepAliveClient(origin: string) {
  const { hostname, port } = new URL(origin);
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const get = (path: string, headers: Record<string, string> = {}) =>
    new Promise<number>((resolve, reject) => {
      const req = request({ hostname, port, path, headers, agent }, (res) => {
        res.on("data", () => {});
        res.on("end", () => resolve(res.statusCode ?? 0));
        res.on("error", reject);
      });
      req.on("error", reject);
      req.end();
    });
  return { get, close: () => agent.destroy() };
}

/** The p-th percentile (0-100) of `xs`, by index floor(p% × n); NaN for no samples. */
export const percentile = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN;
};

/** What one loop measured: each answered request's latency (ms), failures, wall time (s). */
export interface LoadResult {
  latencies: number[];
  errors: number;
  elapsed: number;
}

/**
 * Open loop: `rate` requests a second for `seconds` s, sent on schedule regardless of answers;
 * latency counts from the scheduled time.
 */
export async function openLoop(
  send: (i: number) => Promise<void>,
  rate: number,
  seconds: number,
): Promise<LoadResult> {
  const total = rate * seconds;
  const latencies: number[] = [];
  let errors = 0;
  const start = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    pending.push(
      send(i).then(
        () => void latencies.push(performance.now() - due),
        () => void errors++,
      ),
    );
  }
  await Promise.all(pending);
  return { latencies, errors, elapsed: (performance.now() - start) / 1000 };
}

/** Closed loop: `concurrency` workers send back to back for `seconds` s. */
export async function closedLoop(
  send: (i: number) => Promise<void>,
  seconds: number,
  concurrency: number,
): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  let i = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        try {
          await send(i++);
          latencies.push(performance.now() - t0);
        } catch {
          errors++;
        }
      }
    }),
  );
  return { latencies, errors, elapsed: (performance.now() - start) / 1000 };
}
