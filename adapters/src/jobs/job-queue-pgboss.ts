/**
 * JobQueue on pg-boss (issue 21, ADR 0015, ADR 0035): the production queue when the API runs on
 * PostgreSQL. pg-boss keeps its jobs in its own `pgboss` schema of the same database (no new
 * infrastructure) and runs its SQL on the app's postgres.js pool (no second driver). Every
 * process works the queues; a job is fetched by one worker (`FOR UPDATE SKIP LOCKED`), retried
 * with exponential back-off and then kept as `failed`. Each kind has its own settings
 * (`queueSettings`: batch, polling, retries, expiry, policy); a worker runs its batch
 * concurrently, settles each job on its own, and fetches again at once while batches come full.
 * `enqueueInTransaction` writes a job in the caller's transaction: the job exists exactly when
 * the change that causes it commits (transactional outbox). On PGlite the in-process queue
 * (job-queue-in-process.ts) does the same with its `jobs` table; `JobQueueLive` (job-queue.ts)
 * picks the engine per database.
 */
import { defaultWebhookRetry } from "@closr/core/integrations";
import type { JobKind, JobPayloads } from "@closr/core/shared";
import { CompiledQuery, sql, type Transaction } from "kysely";
import PgBoss from "pg-boss";
import { type Db, postgresClientOf } from "../postgres/database.ts";
import type { Database } from "../postgres/schema.ts";
import type { JobHandlers, JobRun } from "./job-queue.ts";

/** Retry policy of every queue unless its settings say otherwise: 4 retries, 2·2^n s apart. */
export const jobRetryPolicy = { retryLimit: 4, retryDelay: 2, retryBackoff: true } as const;

/** How pg-boss runs one kind of job (ADR 0035). */
export interface QueueSettings {
  /**
   * pg-boss queue policy: "short" keeps at most one queued (created) job per singleton key;
   * "standard" has no such limit.
   */
  readonly policy: "standard" | "short";
  readonly retryLimit: number;
  /** Seconds; with `retryBackoff` retry n comes `retryDelay·2^(n-1)` to twice that after. */
  readonly retryDelay: number;
  readonly retryBackoff: boolean;
  /** A job active this long is failed (then retried) by pg-boss's maintenance: a crash's cut. */
  readonly expireInSeconds: number;
  /** Jobs one fetch takes; they run concurrently. */
  readonly batchSize: number;
  /**
   * Workers of the kind in each process, each fetching its own batch: a slow job holds back
   * only its own worker's next fetch.
   */
  readonly workers: number;
  /** How often an idle worker looks for jobs (pg-boss minimum 0.5 s). */
  readonly pollingIntervalSeconds: number;
}

const baseSettings: QueueSettings = {
  policy: "standard",
  ...jobRetryPolicy,
  expireInSeconds: 15 * 60,
  batchSize: 1,
  workers: 1,
  pollingIntervalSeconds: 2,
};

/**
 * Per-kind settings (ADR 0035), sized for a burst of 1,000 invoices on 2 cores: the short,
 * frequent jobs (emails, webhook deliveries: two workers of 10 each; reset lookups: one of 5)
 * poll every second and expire after 30 s, so a job cut by a crash is retried within about a minute;
 * webhook deliveries keep one queued job per delivery and retry for about 3 days
 * (`defaultWebhookRetry`). Scheduled ticks and exports keep one at a time and 15 minutes.
 */
export const queueSettings: { readonly [K in JobKind]?: Partial<QueueSettings> } = {
  "send-email": { expireInSeconds: 30, batchSize: 10, workers: 2, pollingIntervalSeconds: 1 },
  "deliver-webhook": {
    policy: "short",
    retryLimit: defaultWebhookRetry.retryLimit,
    retryDelay: defaultWebhookRetry.baseSeconds,
    retryBackoff: true,
    expireInSeconds: 30,
    batchSize: 10,
    workers: 2,
    pollingIntervalSeconds: 1,
  },
  "password-reset-request": { expireInSeconds: 30, batchSize: 5, pollingIntervalSeconds: 1 },
};

/** The settings of `kind`, with `overrides` (tests shorten delays) on top. */
export const settingsOf = (
  kind: string,
  overrides: { readonly [K in JobKind]?: Partial<QueueSettings> } = {},
): QueueSettings => ({
  ...baseSettings,
  ...queueSettings[kind as JobKind],
  ...overrides[kind as JobKind],
});

/**
 * The singleton key of a job (policy "short": one queued job per key), if its kind has one: a
 * webhook delivery's id, so a delivery is queued once however many paths queue it.
 */
export function singletonKeyOf<K extends JobKind>(kind: K, payload: JobPayloads[K]): string | undefined {
  if (kind !== "deliver-webhook") return undefined;
  const id = (payload as JobPayloads["deliver-webhook"]).deliveryId;
  return id === undefined ? undefined : `delivery:${id}`;
}

/**
 * What a run of a pg-boss job knows about its retries: the back-off's lower bound if it fails
 * now (pg-boss: `retryDelay · 2^retryCount · (1 + random)` with back-off), or null on its last try.
 */
export const pgBossRun = (job: {
  readonly retryCount: number;
  readonly retryLimit: number;
  readonly retryDelay: number;
  readonly retryBackoff: boolean;
}): JobRun => ({
  retryCount: job.retryCount,
  retryInSeconds:
    job.retryCount < job.retryLimit
      ? job.retryBackoff
        ? job.retryDelay * 2 ** job.retryCount
        : job.retryDelay
      : null,
});

/** The per-job options of `send` for `kind` (its settings and singleton key). */
const sendOptions = <K extends JobKind>(
  settings: QueueSettings,
  kind: K,
  payload: JobPayloads[K],
): PgBoss.SendOptions => {
  const singletonKey = singletonKeyOf(kind, payload);
  return {
    retryLimit: settings.retryLimit,
    retryDelay: settings.retryDelay,
    retryBackoff: settings.retryBackoff,
    expireInSeconds: settings.expireInSeconds,
    ...(singletonKey ? { singletonKey } : {}),
  };
};

/** pg-boss's SQL executor over a kysely transaction or database. */
const kyselyExecutor = (db: Db | Transaction<Database>): PgBoss.Db => ({
  executeSql: async (text, values) => {
    const result = await db.executeQuery(CompiledQuery.raw(text, values ?? []));
    return { rows: [...result.rows] };
  },
});

export interface PgBossQueue {
  readonly boss: PgBoss;
  /**
   * Creates the kind's queue once (pg-boss 10 needs a queue before send or work) and brings an
   * existing one to the kind's settings (policy, retries, expiry).
   */
  readonly ensureQueue: (kind: string) => Promise<void>;
  /** The pg-boss `send` options of a job of `kind` (settings, singleton key). */
  readonly sendOptions: <K extends JobKind>(kind: K, payload: JobPayloads[K]) => PgBoss.SendOptions;
  /** Enqueues outside any transaction; false when a job with its singleton key is already queued. */
  readonly send: <K extends JobKind>(kind: K, payload: JobPayloads[K]) => Promise<boolean>;
  /**
   * Enqueues one job per `everySeconds` window of the database clock (pg-boss `singletonSeconds`,
   * the primitive under its own cron): every process may call it each tick, one job is written.
   * True when this call wrote it.
   */
  readonly sendOncePer: <K extends JobKind>(
    kind: K,
    payload: JobPayloads[K],
    everySeconds: number,
  ) => Promise<boolean>;
  /** Starts working every kind of `handlers` in this process. */
  readonly work: (
    handlers: Partial<JobHandlers>,
    onError?: (error: unknown, kind: string) => void,
  ) => Promise<void>;
  /** Jobs by state: queued (created + retry), running, done, failed. */
  readonly depth: () => Promise<Record<string, number>>;
  readonly running: () => boolean;
  /** Stops fetching, lets running jobs finish (≤ `timeoutMs`), stops maintenance. */
  readonly stop: (timeoutMs?: number) => Promise<void>;
}

const queues = new WeakMap<Db, PgBossQueue>();

/** The started pg-boss queue of `db`, if any. */
export const pgBossOf = (db: Db): PgBossQueue | undefined => queues.get(db);

/** The kinds `handlers` can run (one pg-boss queue each). */
const jobKinds = (handlers: Partial<JobHandlers>) => Object.keys(handlers) as JobKind[];

/**
 * Starts pg-boss on the postgres.js pool of `db` (installs or migrates its schema) and registers
 * it for `db`; a kind's queue is created on first use. Throws on a PGlite handle.
 * `pollSeconds` replaces every kind's polling interval; `settings` overrides per kind (tests);
 * `maintenanceSeconds` is how often pg-boss expires jobs cut by a crash (default 15 s).
 */
export async function startPgBossQueue(
  db: Db,
  options: {
    readonly pollSeconds?: number;
    readonly settings?: { readonly [K in JobKind]?: Partial<QueueSettings> };
    readonly maintenanceSeconds?: number;
    readonly onError?: (error: unknown) => void;
  } = {},
): Promise<PgBossQueue> {
  const client = postgresClientOf(db);
  if (!client) throw new Error("pg-boss needs a PostgreSQL URL (PGlite uses the in-process queue)");
  const boss = new PgBoss({
    db: {
      executeSql: async (text, values) => {
        // pg-boss's schema migrations are one "BEGIN; …; COMMIT;" script: run it on one
        // reserved connection (postgres.js refuses a BEGIN on its pool).
        if (/^\s*BEGIN\b/i.test(text)) {
          const reserved = await client.reserve();
          try {
            await reserved.unsafe(text);
            return { rows: [] };
          } finally {
            reserved.release();
          }
        }
        // pg-boss passes undefined for options left out (updateQueue); postgres.js wants null.
        const params = (values ?? []).map((value) => (value === undefined ? null : value));
        const rows = await client.unsafe(text, params);
        return { rows: Array.isArray(rows) ? [...rows] : [] };
      },
    },
    schema: "pgboss",
    ...jobRetryPolicy,
    retentionDays: 7,
    deleteAfterDays: 30,
    // Expiry of active jobs runs with maintenance: often, so a crashed job is retried soon.
    maintenanceIntervalSeconds: options.maintenanceSeconds ?? 15,
  });
  boss.on("error", (error) => options.onError?.(error));
  await boss.start();
  const settings = (kind: string) => {
    const own = settingsOf(kind, options.settings);
    return options.pollSeconds === undefined ? own : { ...own, pollingIntervalSeconds: options.pollSeconds };
  };
  const created = new Map<string, Promise<void>>();
  const ensureQueue = (kind: string) => {
    let ready = created.get(kind);
    if (!ready) {
      const { policy, retryLimit, retryDelay, retryBackoff, expireInSeconds } = settings(kind);
      const queueOptions = { name: kind, policy, retryLimit, retryDelay, retryBackoff, expireInSeconds };
      // createQueue leaves an existing queue as it was: update brings it to these settings.
      ready = boss.createQueue(kind, queueOptions).then(() => boss.updateQueue(kind, queueOptions));
      ready.catch(() => created.delete(kind));
      created.set(kind, ready);
    }
    return ready;
  };
  let working = false;
  let stopped = false;
  // This process's workers of each kind, woken after a send here (else they wait for their poll).
  const workers = new Map<string, string[]>();
  const wake = (kind: string) => {
    for (const id of workers.get(kind) ?? []) boss.notifyWorker(id);
  };
  const optionsOf = <K extends JobKind>(kind: K, payload: JobPayloads[K]) =>
    sendOptions(settings(kind), kind, payload);
  const queue: PgBossQueue = {
    boss,
    ensureQueue,
    sendOptions: optionsOf,
    send: async (kind, payload) => {
      await ensureQueue(kind);
      const id = await boss.send(kind, payload as object, optionsOf(kind, payload));
      if (id !== null) wake(kind);
      return id !== null;
    },
    sendOncePer: async (kind, payload, everySeconds) => {
      await ensureQueue(kind);
      const id = await boss.send(kind, payload as object, {
        ...optionsOf(kind, payload),
        singletonSeconds: everySeconds,
      });
      if (id !== null) wake(kind);
      return id !== null;
    },
    work: async (handlers, onError) => {
      for (const kind of jobKinds(handlers)) {
        const handler = handlers[kind] as (payload: unknown, run: JobRun) => Promise<unknown>;
        const { batchSize, pollingIntervalSeconds, workers: count } = settings(kind);
        await ensureQueue(kind);
        const ids: string[] = [];
        for (let n = 0; n < count; n++) {
          let workerId = "";
          workerId = await boss.work<unknown>(
            kind,
            { batchSize, pollingIntervalSeconds, includeMetadata: true },
            async (jobs) => {
              // Each job settles on its own (pg-boss would complete or fail the whole batch);
              // its completion after this callback then finds nothing left active.
              await Promise.all(
                jobs.map(async (job) => {
                  try {
                    await handler(job.data, pgBossRun(job));
                    await boss.complete(kind, job.id);
                  } catch (error) {
                    onError?.(error, kind);
                    await boss.fail(kind, job.id, errorOutput(error));
                  }
                }),
              );
              // A full batch: more may be waiting, so fetch again now instead of after the poll.
              if (jobs.length >= batchSize && !stopped) boss.notifyWorker(workerId);
            },
          );
          ids.push(workerId);
        }
        workers.set(kind, ids);
      }
      working = true;
    },
    depth: async () => {
      const { rows } = await kyselyExecutor(db).executeSql(
        `SELECT CASE WHEN state IN ('created', 'retry') THEN 'queued' WHEN state = 'active' THEN 'running'
           WHEN state = 'completed' THEN 'done' ELSE state::text END AS state, count(*)::int AS n
         FROM pgboss.job GROUP BY 1`,
        [],
      );
      return Object.fromEntries(rows.map((r: { state: string; n: number }) => [r.state, Number(r.n)]));
    },
    running: () => working && !stopped,
    stop: async (timeoutMs = 8000) => {
      stopped = true;
      queues.delete(db);
      await boss.stop({ graceful: true, timeout: timeoutMs, wait: true, close: false });
    },
  };
  queues.set(db, queue);
  return queue;
}

/** A failed job's output: the error's message (and tag), as pg-boss stores it. */
const errorOutput = (error: unknown): object => {
  if (error instanceof Error) return { message: error.message, name: error.name };
  return { message: String(error) };
};

/**
 * Writes a job on pg-boss inside `trx` (transactional outbox): rolled back with the
 * transaction; a worker fetches it once the transaction commits (at its next poll).
 */
export async function sendInTransaction<K extends JobKind>(
  queue: PgBossQueue,
  trx: Transaction<Database>,
  kind: K,
  payload: JobPayloads[K],
): Promise<void> {
  await queue.ensureQueue(kind);
  await queue.boss.send(kind, payload as object, {
    ...queue.sendOptions(kind, payload),
    db: kyselyExecutor(trx),
  });
}

/**
 * Moves the jobs still queued in the in-process `jobs` table of a PostgreSQL database onto
 * pg-boss (ADR 0057): rows written under the retired `JOB_QUEUE=table`, or by a process that ran
 * no pg-boss. One transaction deletes the queued rows and sends each with its kind's settings,
 * so several processes starting at once move a row once. Queued scheduled ticks (rows with a
 * singleton key) are dropped, not moved: pg-boss's own ticks replace them. Done and failed rows
 * stay as history (the admin view lists them). Resolves how many jobs were moved.
 */
export async function handOverToPgBoss(queue: PgBossQueue, db: Db): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ kind: string; payload: unknown; singletonKey: string | null }>`
      DELETE FROM jobs WHERE status = 'queued' RETURNING kind, payload, singleton_key`.execute(trx);
    let moved = 0;
    for (const row of rows) {
      if (row.singletonKey !== null) continue;
      const payload = typeof row.payload === "string" ? JSON.parse(row.payload) : row.payload;
      await sendInTransaction(queue, trx, row.kind as JobKind, payload as JobPayloads[JobKind]);
      moved++;
    }
    return moved;
  });
}
