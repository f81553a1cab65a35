/**
 * The ambient transaction of an Effect program (issue 21, transactional outbox; ADR 0025):
 * `withTransaction(effect)` runs `effect` in one transaction of the PgDatabase and makes it the
 * current transaction (a FiberRef, inherited by forked fibers) of everything the program does.
 * - Repositories built with `joinAmbient(make)` run their queries on that transaction, and their
 *   own multi-statement transactions (`transact`) become savepoints inside it.
 * - Adapters that write follow-up work — the queued Mailer's `send-email` job, JobQueue.enqueue,
 *   any job kind added later (webhook deliveries) — write it through `writeInScope`, in that
 *   transaction, so the follow-up exists exactly when the change commits.
 * A failure or defect of `effect` rolls the transaction back; so does a failed follow-up write
 * even when the caller caught it (best-effort mail in core): the program then dies with
 * `OutboxWriteFailed` and nothing of it is kept.
 * A FiberRef rather than AsyncLocalStorage: Effect's scheduler may resume a fiber from another
 * fiber's async context, so an async-local transaction could leak into another request.
 */
import { UnitOfWork } from "@closr/core/shared";
import { Cause, type Context, Data, Effect, Exit, FiberRef, Layer, Option, Runtime } from "effect";
import { sql, type Transaction } from "kysely";
import type { Db } from "./database.ts";
import { PgDatabase } from "./database-service.ts";
import type { Database } from "./schema.ts";

interface Open {
  readonly db: Db;
  readonly trx: Transaction<Database>;
  /** Set by `writeInScope` when a follow-up write failed: the transaction must not commit. */
  failure: unknown;
}

const CurrentTransaction = FiberRef.unsafeMake<Option.Option<Open>>(Option.none());

/** A follow-up (job) write failed inside `withTransaction`: the whole change was rolled back. */
export class OutboxWriteFailed extends Data.TaggedError("OutboxWriteFailed")<{ readonly cause: unknown }> {
  override get message() {
    return `The change was rolled back: its follow-up job could not be written (${String(this.cause)})`;
  }
}

const openOn = (db: Db) =>
  Effect.map(FiberRef.get(CurrentTransaction), (open) => Option.filter(open, (o) => o.db === db));

/** The transaction `withTransaction` opened on `db` around the running program, if any. */
export const currentTransaction = (db: Db) =>
  Effect.map(
    openOn(db),
    Option.map((o) => o.trx),
  );

/**
 * Writes follow-up work (a job) for `db`: in the ambient transaction when there is one, else on
 * its own (`run(undefined)`). A failure inside a transaction marks it rollback-only, so the change
 * cannot commit without its job even when the caller catches the failure; it is also a defect here.
 */
export const writeInScope = (db: Db, run: (trx: Transaction<Database> | undefined) => Promise<void>) =>
  Effect.flatMap(openOn(db), (open) =>
    Option.match(open, {
      onNone: () => Effect.promise(() => run(undefined)),
      onSome: (o) =>
        Effect.tryPromise({ try: () => run(o.trx), catch: (cause) => new OutboxWriteFailed({ cause }) }).pipe(
          Effect.tapError((e) =>
            Effect.sync(() => {
              o.failure ??= e.cause;
            }),
          ),
          Effect.orDie,
        ),
    }),
  );

/** Runs `effect` in one transaction of the PgDatabase (joins an open one); commits on success. */
export const withTransaction = <A, E, R>(
  effect: Effect.Effect<A, E, R>,
): Effect.Effect<A, E, R | PgDatabase> =>
  Effect.gen(function* () {
    const db = yield* PgDatabase;
    if (Option.isSome(yield* currentTransaction(db))) return yield* effect;
    const runtime = yield* Effect.runtime<R>();
    const exit = yield* Effect.promise(() =>
      db
        .transaction()
        .execute(async (trx) => {
          const open: Open = { db, trx, failure: undefined };
          const result = await Runtime.runPromiseExit(runtime)(
            Effect.locally(effect, CurrentTransaction, Option.some(open)),
          );
          // Any failure rolls back: kysely rolls back when the callback throws.
          if (Exit.isFailure(result)) throw new RolledBack(result);
          if (open.failure !== undefined)
            throw new RolledBack(Exit.die(new OutboxWriteFailed({ cause: open.failure })));
          // A statement that failed and was caught leaves PostgreSQL's transaction aborted, and
          // COMMIT would then roll back silently: probe it so that case is a defect, not a 2xx.
          await sql`SELECT 1`.execute(trx);
          return result;
        })
        .catch((error: unknown) => {
          if (error instanceof RolledBack) return error.exit as Exit.Exit<A, E>;
          return Exit.die(error);
        }),
    );
    return yield* exit;
  });

class RolledBack extends Error {
  constructor(readonly exit: Exit.Exit<unknown, unknown>) {
    super(Exit.isFailure(exit) ? Cause.pretty(exit.cause) : "rolled back");
  }
}

let savepoints = 0;

/**
 * A repository's own multi-statement transaction: on the root database, a transaction; on a
 * transaction (a repository joined to `withTransaction`), a savepoint, so a statement error the
 * repository catches (a unique violation it maps to a domain error) undoes only its own part and
 * leaves the outer transaction usable. Never `trx.transaction()` (kysely refuses nesting).
 */
export async function transact<T>(db: Db, run: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  if (!db.isTransaction) return db.transaction().execute(run);
  const trx = db as Transaction<Database>;
  const name = sql.raw(`closr_sp_${++savepoints}`);
  await sql`SAVEPOINT ${name}`.execute(trx);
  try {
    const result = await run(trx);
    await sql`RELEASE SAVEPOINT ${name}`.execute(trx);
    return result;
  } catch (error) {
    await sql`ROLLBACK TO SAVEPOINT ${name}`.execute(trx);
    throw error;
  }
}

const perTransaction = new WeakMap<object, WeakMap<Transaction<Database>, unknown>>();

/**
 * Makes a repository built by `make(db)` join the ambient transaction: each of its methods that
 * returns an Effect runs, when `withTransaction` has a transaction open on `db`, on the service
 * `make(trx)` (built once per transaction), else on `make(db)`. Methods returning anything else
 * are the root ones. `make` must only capture the handle it is given.
 */
export const joinAmbient =
  <S extends object>(make: (db: Db) => S) =>
  (db: Db): S => {
    const base = make(db);
    const forTrx = (trx: Transaction<Database>): S => {
      const built = perTransaction.get(make) ?? new WeakMap<Transaction<Database>, unknown>();
      perTransaction.set(make, built);
      const service = (built.get(trx) as S | undefined) ?? make(trx);
      built.set(trx, service);
      return service;
    };
    const joined: Record<PropertyKey, unknown> = { ...(base as Record<PropertyKey, unknown>) };
    for (const key of Object.keys(base) as (keyof S & string)[]) {
      const method = base[key];
      if (typeof method !== "function") continue;
      joined[key] = (...args: unknown[]) => {
        const root = (method as (...a: unknown[]) => unknown).apply(base, args);
        if (!Effect.isEffect(root)) return root;
        return Effect.flatMap(openOn(db), (open) =>
          Option.isNone(open)
            ? root
            : ((forTrx(open.value.trx)[key] as (...a: unknown[]) => unknown)(...args) as typeof root),
        );
      };
    }
    return joined as S;
  };

/**
 * The Layer giving `tag` the repository `make` builds on the process's PgDatabase, joined to
 * the ambient transaction (joinAmbient).
 */
export const ambientLayer = <I, S extends object>(
  tag: Context.Tag<I, S>,
  make: (db: Db) => S,
): Layer.Layer<I, never, PgDatabase> => Layer.effect(tag, Effect.map(PgDatabase, joinAmbient(make)));

/** Core's UnitOfWork on PostgreSQL/PGlite: `atomically` is `withTransaction` on the process's database. */
export const UnitOfWorkPg = Layer.effect(
  UnitOfWork,
  Effect.map(PgDatabase, (db) =>
    UnitOfWork.of({
      atomically: (effect) => Effect.provideService(withTransaction(effect), PgDatabase, db),
    }),
  ),
);
