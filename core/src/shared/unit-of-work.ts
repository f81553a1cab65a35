/**
 * UnitOfWork port (issue 21, transactional outbox; ADR 0025): `atomically(effect)` runs a use
 * case's change and the follow-up work it causes (emails through Mailer, jobs through JobQueue)
 * as one unit — both are kept, or neither is. A failure or defect of `effect` undoes all of it.
 * Core says only which programs are one unit; how is the adapter's business (PostgreSQL: one
 * transaction that the repositories, the Mailer and the JobQueue join).
 *
 * A Context.Reference: unprovided (core's in-memory tests), it runs the effect as it is.
 */
import { Context, Effect } from "effect";

export interface UnitOfWorkService {
  /** Runs `effect` as one unit (joins the unit already open around it, if any). */
  readonly atomically: <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>;
}

export class UnitOfWork extends Context.Reference<UnitOfWork>()("shared/UnitOfWork", {
  defaultValue: (): UnitOfWorkService => ({ atomically: (effect) => effect }),
}) {}

/**
 * `effect` as one unit of work: its writes and the emails and jobs it enqueues commit or roll
 * back together. Usable as the transformation argument of `Effect.fn` (`Effect.fn(name)(body,
 * atomically)`).
 */
export const atomically = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Effect.flatMap(UnitOfWork, (unit) => unit.atomically(effect));
