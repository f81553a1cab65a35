/**
 * Onboarding use cases (spec §7 /api/onboarding): get, start, record a step, complete.
 * Resumable on any device: the state lives on the server.
 */
import { Effect, Option } from "effect";
import type { User } from "../identity/index.ts";
import { Clock } from "../shared/clock.ts";
import { InvalidOnboardingStep, OnboardingNotFound } from "./errors.ts";
import { completeOnboarding, recordStep } from "./model.ts";
import { OnboardingRepository } from "./ports.ts";

/** GET /api/onboarding: the caller's walkthrough; OnboardingNotFound when none yet. */
export const getOnboarding = Effect.fn("onboarding.get")(function* (user: User) {
  const found = yield* (yield* OnboardingRepository).find(user.id);
  if (Option.isNone(found)) return yield* new OnboardingNotFound();
  return found.value;
});

/** POST /api/onboarding: creates it with `totalSteps` (idempotent: an existing one is returned). */
export const startOnboarding = Effect.fn("onboarding.start")(function* (
  user: User,
  input: { readonly totalSteps: number; readonly metadata?: Readonly<Record<string, unknown>> | undefined },
) {
  const at = yield* (yield* Clock).now;
  return yield* (yield* OnboardingRepository).create(user.id, input.totalSteps, {
    ...input.metadata,
    timestamp: at.toISOString(),
  });
});

/** PATCH /api/onboarding/progress: Next (completed) or Back (not completed) on a step. */
export const recordOnboardingProgress = Effect.fn("onboarding.progress")(function* (
  user: User,
  input: { readonly step: number; readonly completed: boolean },
) {
  const repository = yield* OnboardingRepository;
  const current = yield* getOnboarding(user);
  if (!Number.isInteger(input.step) || input.step < 0 || input.step >= current.totalSteps) {
    return yield* new InvalidOnboardingStep({ step: input.step, totalSteps: current.totalSteps });
  }
  const at = yield* (yield* Clock).now;
  return yield* repository.save(recordStep(current, input.step, input.completed, at));
});

/**
 * PATCH /api/onboarding/complete: Finish, or dismiss (`dismissed`); never shown again after.
 * Creates the record first when the walkthrough was dismissed before it was ever saved.
 */
export const finishOnboarding = Effect.fn("onboarding.complete")(function* (
  user: User,
  input: { readonly dismissed: boolean; readonly totalSteps: number },
) {
  const repository = yield* OnboardingRepository;
  const at = yield* (yield* Clock).now;
  const found = yield* repository.find(user.id);
  const current = Option.isSome(found)
    ? found.value
    : (yield* repository.create(user.id, input.totalSteps, { timestamp: at.toISOString() })).onboarding;
  return yield* repository.save(completeOnboarding(current, at, input.dismissed));
});
