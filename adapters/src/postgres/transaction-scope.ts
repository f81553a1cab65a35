/**
 * The ambient transaction of an Effect program (issue 21, transactional outbox):
 * `withTransaction(effect)` runs `effect` in one transaction of the PgDatabase and makes it the
 * current transaction (a FiberRef, inherited by forked fibers) of everything the program does.
 * Adapters that write follow-up work — the queued Mailer's `send-email` job, JobQueue.enqueue —
 * read `currentTransaction` and write it in that transaction, so the follow-up exists exactly
 * when the change commits. A failure or defect of `effect` rolls the transaction back.
 * A FiberRef rather than AsyncLocalStorage: Effect's scheduler may resume a fiber from another
 * fiber's async context, so an async-local transaction could leak into another request.
 */
import { Cause, Effect, Exit, FiberRef, Option, Runtime } from "effect";
import type { Transaction } from "kysely";
import type { Db } from "./database.ts";
import { PgDatabase } from "./database-service.ts";
import type { Database } from "./schema.ts";

interface Open {
  readonly db: Db;
  readonly trx: Transaction<Database>;
}

const CurrentTransaction = FiberRef.unsafeMake<Option.Option<Open>>(Option.none());

/** The transaction `withTransaction` opened on `db` around the running program, if any. */
export const currentTransaction = (db: Db) =>
  Effect.map(FiberRef.get(CurrentTransaction), (open) =>
    Option.flatMap(open, (o) => (o.db === db ? Option.some(o.trx) : Option.none())),
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
          const result = await Runtime.runPromiseExit(runtime)(
            Effect.locally(effect, CurrentTransaction, Option.some({ db, trx })),
          );
          // Any failure rolls back: kysely rolls back when the callback throws.
          if (Exit.isFailure(result)) throw new RolledBack(result);
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
