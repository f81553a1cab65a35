/**
 * bench/load — the measuring loops the benches share: a percentile over latencies and the
 * open and closed request loops (bench/search, bench/scale).
 */

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
