/** The review context's public surface (issue 22, ADR 0013). */

/** Reputation arithmetic lives in the shared kernel (profiles rank by it too). */
export * from "../shared/reputation.ts";
export * from "./errors.ts";
export * from "./model.ts";
export * from "./moderate-reviews.ts";
export * from "./ports.ts";
export * from "./read-reviews.ts";
export * from "./respond-to-review.ts";
export * from "./review-sweeps.ts";
export * from "./submit-review.ts";
