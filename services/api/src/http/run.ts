/**
 * Runs a use case on the shared runtime and turns its outcome into a Response:
 * success → `onSuccess`; a tagged domain error → its problem (errorTable); a defect → thrown,
 * so the app's error handler logs it and answers a 500 problem.
 */
import { Cause, type Effect, Exit, Option } from "effect";
import type { Context } from "hono";
import type { AppRuntime, AppServices } from "../runtime.ts";
import { problemForError } from "./problem.ts";

export async function runUseCase<A, E extends { _tag: string }>(
  runtime: AppRuntime,
  c: Context,
  effect: Effect.Effect<A, E, AppServices>,
  onSuccess: (value: A) => Response | Promise<Response>,
): Promise<Response> {
  const exit = await runtime.runPromiseExit(effect);
  if (Exit.isSuccess(exit)) return onSuccess(exit.value);
  const failure = Cause.failureOption(exit.cause);
  if (Option.isSome(failure)) {
    const response = problemForError(c, failure.value);
    if (response) return response;
  }
  throw Cause.squash(exit.cause);
}
