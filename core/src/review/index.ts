/** The review context's public surface (issue 22, ADR 0013). */
export * from "./errors.ts";
export * from "./model.ts";
export * from "./ports.ts";
export * from "./reputation.ts";
export * from "./use-cases.ts";
