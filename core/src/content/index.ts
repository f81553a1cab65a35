/** The content context's public surface (issue 16). */
export * from "./audit.ts";
export * from "./errors.ts";
export * from "./model.ts";
export * from "./ports.ts";
export * from "./use-cases.ts";
