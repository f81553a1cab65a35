/** The insights context's public surface (issue 18: /analytics and /performance). */
export * from "./errors.ts";
export * from "./model.ts";
export * from "./ports.ts";
export * from "./use-cases.ts";
