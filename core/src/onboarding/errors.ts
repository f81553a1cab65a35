/** Onboarding's tagged errors. */
import { Data } from "effect";

/** The user has no onboarding record yet (404; the client then creates one, spec §4). */
export class OnboardingNotFound extends Data.TaggedError("OnboardingNotFound")<Record<never, never>> {}

/** A step outside 0..totalSteps-1 (422, field step). */
export class InvalidOnboardingStep extends Data.TaggedError("InvalidOnboardingStep")<{
  readonly step: number;
  readonly totalSteps: number;
}> {}

/** Every tagged error onboarding's use cases fail with (the service maps each to a problem). */
export type OnboardingError = OnboardingNotFound | InvalidOnboardingStep;
