/** The Kysely database as an Effect service, provided once per process by the composition root. */
import { Context, Effect, Layer } from "effect";
import type { Db } from "./database.ts";

export class PgDatabase extends Context.Tag("adapters/PgDatabase")<PgDatabase, Db>() {}

/** Provides an already-open database. */
export const PgDatabaseFrom = (db: Db) => Layer.succeed(PgDatabase, db);

/** Runs a query; a database failure becomes a defect (infrastructure, not domain). */
export const query = <A>(run: (db: Db) => Promise<A>) =>
  Effect.flatMap(PgDatabase, (db) => Effect.promise(() => run(db)));
