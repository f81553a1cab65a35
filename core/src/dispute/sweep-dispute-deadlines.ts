/** The scheduled deadline sweep (ADR 0018): advances disputes whose step timed out. */
import { Effect, Either, Option } from "effect";
import { atomically, Clock } from "../shared/index.ts";
import { afterStep, applyEvent } from "./dispute-steps.ts";
import { DisputeRepository } from "./ports.ts";

/**
 * The scheduled job (ADR 0018): every dispute whose deadline passed at the Clock's now advances
 * (unanswered → mediation; unanswered proposal → resolved and settled). Returns how many moved.
 * Safe to run concurrently and repeatedly: each advance is a locked, refused-if-not-due update.
 */
export const sweepDisputeDeadlines = Effect.fn("dispute.sweepDeadlines")(function* () {
  const now = yield* (yield* Clock).now;
  const repository = yield* DisputeRepository;
  const due = yield* repository.due(now);
  let moved = 0;
  for (const id of due) {
    const before = yield* repository.findById(id);
    const result = yield* Effect.either(applyEvent(id, { type: "tick", at: now }, "system", null));
    if (Either.isLeft(result) || Option.isNone(before)) continue;
    moved++;
    const after = result.right;
    yield* afterStep(
      before.value,
      after,
      after.state === "in_mediation" ? "No agreement was reached in time." : "The answer period ended.",
      before.value.businessUserId,
      "system",
    );
  }
  return moved;
}, atomically);
