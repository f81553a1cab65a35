/** The subscription context's public surface: catalogue, model, machine, entitlements, ports, use cases. */
export * from "./catalogue.ts";
export * from "./decisions.ts";
export * from "./entitlements.ts";
export * from "./errors.ts";
export * from "./model.ts";
export * from "./ports.ts";
export * from "./subscription-machine.ts";
export * from "./tax-invoice.ts";
export * from "./use-cases.ts";
