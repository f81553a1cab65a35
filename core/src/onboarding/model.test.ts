import { describe, expect, it } from "vitest";
import type { UserId } from "../shared/ids.ts";
import { completeOnboarding, type Onboarding, recordStep } from "./model.ts";

const at = new Date("2026-11-23T00:00:00Z");
const fresh: Onboarding = {
  id: 1,
  userId: 7 as UserId,
  status: "not_started",
  currentStep: 0,
  totalSteps: 5,
  completedSteps: [],
  lastUpdated: at,
  completedAt: null,
  metadata: {},
};

describe("onboarding (spec §2.9: Next completes a step, Back un-completes it, Finish completes)", () => {
  it("Next marks the step completed and moves on; Back marks the previous step not completed", () => {
    const two = recordStep(recordStep(fresh, 0, true, at), 1, true, at);
    expect(two).toMatchObject({ status: "in_progress", currentStep: 2, completedSteps: [0, 1] });
    expect(recordStep(two, 1, false, at)).toMatchObject({ currentStep: 1, completedSteps: [0] });
  });

  it("never moves past the last step", () => {
    expect(recordStep(fresh, 4, true, at).currentStep).toBe(4);
  });

  it("Finish completes every step; dismissing keeps them and says so; completing twice changes nothing", () => {
    const finished = completeOnboarding(recordStep(fresh, 0, true, at), at, false);
    expect(finished).toMatchObject({ status: "completed", completedSteps: [0, 1, 2, 3, 4], completedAt: at });
    const dismissed = completeOnboarding(recordStep(fresh, 0, true, at), at, true);
    expect(dismissed).toMatchObject({
      status: "completed",
      completedSteps: [0],
      metadata: { dismissed: true },
    });
    expect(completeOnboarding(finished, new Date(0), true)).toBe(finished);
  });
});
