/** The invoice context's public surface. */
export * from "./errors.ts";
export * from "./invoice-machine.ts";
export * from "./model.ts";
export * from "./ports.ts";
export * from "./use-cases.ts";
