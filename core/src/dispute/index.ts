/** The dispute context's public surface (issue 17, ADR 0018). */
export * from "./deadlines.ts";
export * from "./dispute-evidence.ts";
export * from "./dispute-machine.ts";
export * from "./errors.ts";
export * from "./mediate-dispute.ts";
export * from "./model.ts";
export * from "./negotiate-dispute.ts";
export * from "./open-dispute.ts";
export * from "./ports.ts";
export * from "./read-disputes.ts";
export * from "./settle-dispute.ts";
export * from "./sweep-dispute-deadlines.ts";
