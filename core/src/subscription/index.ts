/** The subscription context's public surface: catalogue, model, machine, entitlements, ports, use cases. */

export * from "./billing.ts";
export * from "./card-update.ts";
export * from "./catalogue.ts";
export * from "./decisions.ts";
export * from "./entitlements.ts";
export * from "./errors.ts";
export * from "./local-payments.ts";
export * from "./model.ts";
export * from "./ports.ts";
export * from "./subscribe.ts";
export * from "./subscription-events.ts";
export * from "./subscription-machine.ts";
export * from "./tax-invoice.ts";
