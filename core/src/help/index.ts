/** The help centre's public surface (issue 18). */
export * from "./articles.ts";
export * from "./errors.ts";
export * from "./model.ts";
export * from "./ports.ts";
export * from "./use-cases.ts";
