/**
 * Runs a use case on the shared runtime and turns its outcome into a typed Response:
 * success → `onSuccess`; a tagged domain error → its problem (errorTable); a defect → thrown, so
 * the app's error handler logs it and answers a 500 problem.
 *
 * The result is typed `S | ProblemForError<E>`: the success response and one problem response per
 * code the use case's errors map to. Handlers return it as is and hono's `app.openapi` checks it
 * against the route's declared responses, so a body or status the route does not declare, or an
 * error whose problem the route does not list, fails to compile (ADR 0009).
 */
import { Cause, type Effect, Exit, Option } from "effect";
import type { Context } from "hono";
import type { AppRuntime, AppServices } from "../runtime.ts";
import { type DomainError, type ProblemForError, problemForError } from "./problem.ts";

export async function runUseCase<A, E extends DomainError, S extends Response>(
  runtime: AppRuntime,
  c: Context,
  effect: Effect.Effect<A, E, AppServices>,
  onSuccess: (value: A) => S | Promise<S>,
): Promise<S | ProblemForError<E>> {
  const exit = await runtime.runPromiseExit(effect);
  if (Exit.isSuccess(exit)) return onSuccess(exit.value);
  const failure = Cause.failureOption(exit.cause);
  if (Option.isSome(failure)) return problemForError(c, failure.value);
  throw Cause.squash(exit.cause);
}
