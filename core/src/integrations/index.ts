/** The integrations context's public surface (issue 20): API keys. */
export * from "./errors.ts";
export * from "./model.ts";
export * from "./ports.ts";
export * from "./use-cases.ts";
