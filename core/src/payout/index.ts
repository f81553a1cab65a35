/** The payout context's public surface (issue 14). */

export * from "./charge-events.ts";
export * from "./earnings.ts";
export * from "./errors.ts";
export * from "./gateway-charges.ts";
export * from "./model.ts";
export * from "./payout-account.ts";
export * from "./payout-documents.ts";
export * from "./ports.ts";
export * from "./refunds.ts";
