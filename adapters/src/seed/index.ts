/**
 * Seeds, in one place: the bulk marketplace generator (SQL, for benchmarks and tests) and the
 * demo data of the embedded default (through core's use cases, on a SeedRuntime).
 */

export * from "./demo.ts";
export * from "./demo-agreements.ts";
export * from "./demo-deals.ts";
export * from "./demo-disputes.ts";
export * from "./demo-insights.ts";
export * from "./demo-invoices.ts";
export * from "./demo-marketplace.ts";
export * from "./demo-messages.ts";
export * from "./demo-opportunities.ts";
export * from "./demo-partnerships.ts";
export * from "./demo-payouts.ts";
export * from "./demo-reviews.ts";
export * from "./demo-subscriptions.ts";
export * from "./demo-users.ts";
export * from "./demo-verification.ts";
export * from "./marketplace.ts";
export * from "./runtime.ts";
