/**
 * In-memory OnboardingRepository for unit tests. Like the Postgres adapter: one record per user
 * (`create` returns the existing one with `created: false`), starting not_started at step 0.
 */
import { Effect, Layer, Option } from "effect";
import type { UserId } from "../../shared/ids.ts";
import type { Onboarding } from "../model.ts";
import { OnboardingRepository } from "../ports.ts";

/** A fresh in-memory onboarding store; `rows` holds each user's record. */
export function makeOnboardingMemory() {
  const rows = new Map<UserId, Onboarding>();
  const layer = Layer.succeed(OnboardingRepository, {
    find: (userId) => Effect.sync(() => Option.fromNullable(rows.get(userId))),
    create: (userId, totalSteps, metadata) =>
      Effect.sync(() => {
        const existing = rows.get(userId);
        if (existing) return { onboarding: existing, created: false };
        const onboarding: Onboarding = {
          id: rows.size + 1,
          userId,
          status: "not_started",
          currentStep: 0,
          totalSteps,
          completedSteps: [],
          lastUpdated: new Date(0),
          completedAt: null,
          metadata,
        };
        rows.set(userId, onboarding);
        return { onboarding, created: true };
      }),
    save: (onboarding) =>
      Effect.sync(() => {
        rows.set(onboarding.userId, onboarding);
        return onboarding;
      }),
  });
  return { layer, rows };
}
