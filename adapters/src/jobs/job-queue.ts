/**
 * The JobQueue Layer (ADR 0010, ADR 0015): `enqueue` goes through `enqueueJob`, so a job joins
 * the ambient transaction of `withTransaction` when there is one (transactional outbox), runs on
 * pg-boss when this process started it for the database, and is a `jobs` row otherwise (PGlite,
 * or JOB_QUEUE=table). A failed write inside a transaction rolls the change back (`writeInScope`);
 * a new job kind (webhook deliveries) gets all of this by going through `enqueue`.
 */
import { JobQueue } from "@closr/core/shared";
import { Effect, Layer } from "effect";
import { PgDatabase } from "../postgres/database-service.ts";
import { writeInScope } from "../postgres/transaction-scope.ts";
import { enqueueJob } from "./job-queue-pgboss.ts";

export const JobQueuePg = Layer.effect(
  JobQueue,
  Effect.map(PgDatabase, (db) =>
    JobQueue.of({
      enqueue: (kind, payload) => writeInScope(db, (trx) => enqueueJob(db, kind, payload, trx)),
    }),
  ),
);
