/** The profiles context's public surface. */
export * from "./catalogue.ts";
export * from "./errors.ts";
export * from "./match.ts";
export * from "./model.ts";
export * from "./ports.ts";
export * from "./relevance.ts";
export * from "./typo.ts";
export * from "./use-cases.ts";
