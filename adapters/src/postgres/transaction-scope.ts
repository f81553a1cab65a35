/**
 * The ambient transaction (issue 21, transactional outbox): `inTransaction(db, fn)` runs `fn` in
 * one transaction of `db` and makes it the current transaction of everything `fn` calls, through
 * node:async_hooks' AsyncLocalStorage (Effect programs run by `runPromise` inside `fn` inherit
 * it). Adapters that write "follow-up work" — the queued Mailer's `send-email` job, any
 * `enqueueJob` — write it in that transaction, so the follow-up exists exactly when the change
 * commits. Outside a scope `currentTransaction` is undefined and they write on their own.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { Transaction } from "kysely";
import type { Db } from "./database.ts";
import type { Database } from "./schema.ts";

const scope = new AsyncLocalStorage<{ readonly db: Db; readonly trx: Transaction<Database> }>();

/** Runs `fn` in one transaction of `db`, made current for every call below it; commits when it resolves. */
export function inTransaction<T>(db: Db, fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  const open = scope.getStore();
  // Already inside a transaction of this database: join it (no nested transaction in kysely).
  if (open && open.db === db) return fn(open.trx);
  return db.transaction().execute((trx) => scope.run({ db, trx }, () => fn(trx)));
}

/** The transaction `inTransaction` opened on `db` around the current call, if any. */
export function currentTransaction(db: Db): Transaction<Database> | undefined {
  const open = scope.getStore();
  return open && open.db === db ? open.trx : undefined;
}
