/** The payout context's public surface (issue 14). */
export * from "./errors.ts";
export * from "./model.ts";
export * from "./ports.ts";
export * from "./use-cases.ts";
