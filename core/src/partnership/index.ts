/** The partnership context's public surface. */
export * from "./errors.ts";
export * from "./model.ts";
export * from "./partnership-machine.ts";
export * from "./ports.ts";
export * from "./use-cases.ts";
export * from "./wording.ts";
