/** The dispute context's public surface (issue 17, ADR 0018). */
export * from "./deadlines.ts";
export * from "./dispute-machine.ts";
export * from "./errors.ts";
export * from "./model.ts";
export * from "./ports.ts";
export * from "./use-cases.ts";
