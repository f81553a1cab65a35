/** The notification context's public surface (issue 18, notification centre). */
export * from "./errors.ts";
export * from "./model.ts";
export * from "./ports.ts";
export * from "./subscriber.ts";
export * from "./use-cases.ts";
