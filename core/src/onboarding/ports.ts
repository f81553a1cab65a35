/** Onboarding ports. */
import { Context, type Effect, type Option } from "effect";
import type { UserId } from "../shared/ids.ts";
import type { Onboarding } from "./model.ts";

export class OnboardingRepository extends Context.Tag("onboarding/OnboardingRepository")<
  OnboardingRepository,
  {
    readonly find: (userId: UserId) => Effect.Effect<Option.Option<Onboarding>>;
    /** Creates the user's record, or returns the existing one (`created` false): one per user. */
    readonly create: (
      userId: UserId,
      totalSteps: number,
      metadata: Readonly<Record<string, unknown>>,
    ) => Effect.Effect<{ readonly onboarding: Onboarding; readonly created: boolean }>;
    readonly save: (onboarding: Onboarding) => Effect.Effect<Onboarding>;
  }
>() {}
