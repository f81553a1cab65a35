/** The opportunity context's public surface (issue 44). */
export * from "./errors.ts";
export * from "./model.ts";
export * from "./opportunity-machine.ts";
export * from "./ports.ts";
export * from "./use-cases.ts";
