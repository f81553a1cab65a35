/** The payment context's public surface. */
export * from "./decisions.ts";
export * from "./errors.ts";
export * from "./model.ts";
export * from "./payment-machine.ts";
export * from "./ports.ts";
export * from "./use-cases.ts";
