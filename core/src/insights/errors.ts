/** The insights context's tagged errors. */
import { Data } from "effect";

/** The caller's plan does not include this (403 `plan-required` with the plan needed). */
export class PlanRequired extends Data.TaggedError("PlanRequired")<{
  readonly requiredPlan: "professional" | "enterprise" | "agent_pro";
  readonly feature: string;
}> {}

/** A custom range that is not two valid dates in order, or longer than three years (422). */
export class InvalidRange extends Data.TaggedError("InvalidRange")<{
  readonly field: "from" | "to";
  readonly message: string;
}> {}

/** An agent the business has never partnered with (404, the same as a missing one). */
export class InsightsAgentNotFound extends Data.TaggedError("InsightsAgentNotFound")<{
  readonly agentId: number;
}> {}

/** Every tagged error the insights use cases fail with. */
export type InsightsError = PlanRequired | InvalidRange | InsightsAgentNotFound;
