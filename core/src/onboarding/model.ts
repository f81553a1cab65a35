/**
 * Onboarding walkthrough (spec §2.9, §3 onboarding, §4): one per user; Next records a step as
 * completed, Back as not completed, Finish (or dismissing) completes it, and a completed
 * walkthrough is never shown again. Pure functions; time comes in as an argument.
 */
import type { UserId } from "../shared/ids.ts";

export type OnboardingStatus = "not_started" | "in_progress" | "completed";

export interface Onboarding {
  readonly id: number;
  readonly userId: UserId;
  readonly status: OnboardingStatus;
  /** The step to show (0-based). */
  readonly currentStep: number;
  readonly totalSteps: number;
  /** Completed step numbers, ascending. */
  readonly completedSteps: readonly number[];
  readonly lastUpdated: Date;
  readonly completedAt: Date | null;
  readonly metadata: Readonly<Record<string, unknown>>;
}

/** The most steps a walkthrough may have (the agent one has 5, the business one 4). */
export const MAX_ONBOARDING_STEPS = 20;

/** Next (completed = true) or Back (completed = false) on `step`. */
export function recordStep(onboarding: Onboarding, step: number, completed: boolean, at: Date): Onboarding {
  const set = new Set(onboarding.completedSteps);
  if (completed) set.add(step);
  else set.delete(step);
  const last = Math.max(0, onboarding.totalSteps - 1);
  return {
    ...onboarding,
    status: onboarding.status === "completed" ? "completed" : "in_progress",
    currentStep: completed ? Math.min(step + 1, last) : step,
    completedSteps: [...set].sort((a, b) => a - b),
    lastUpdated: at,
  };
}

/** Finish (every step completed) or dismiss (steps kept as they were; metadata.dismissed = true). */
export function completeOnboarding(onboarding: Onboarding, at: Date, dismissed: boolean): Onboarding {
  if (onboarding.status === "completed") return onboarding;
  return {
    ...onboarding,
    status: "completed",
    completedSteps: dismissed
      ? onboarding.completedSteps
      : Array.from({ length: onboarding.totalSteps }, (_, i) => i),
    completedAt: at,
    lastUpdated: at,
    metadata: {
      ...onboarding.metadata,
      ...(dismissed ? { dismissed: true } : {}),
      completedAt: at.toISOString(),
    },
  };
}
