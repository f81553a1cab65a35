/** The deal context's public surface (issue 43, ADR 0062): customers, deal registrations, sales. */
export * from "./conflict.ts";
export * from "./deal-machine.ts";
export * from "./deal-steps.ts";
export * from "./deal-use-cases.ts";
export * from "./errors.ts";
export * from "./model.ts";
export * from "./normalise.ts";
export * from "./ports.ts";
export * from "./sale-machine.ts";
export * from "./sale-use-cases.ts";
export * from "./validate.ts";
