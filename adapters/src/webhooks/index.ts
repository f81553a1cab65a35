/** Outgoing webhooks (issue 20, ADR 0023): store, publisher, signed HTTP sender, URL policy. */
export * from "./signature.ts";
export * from "./url-policy.ts";
export * from "./webhook-sender.ts";
export * from "./webhook-store-pg.ts";
