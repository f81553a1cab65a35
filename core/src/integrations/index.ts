/** The integrations context's public surface (issue 20): API keys and outgoing webhooks. */
export * from "./admin-grant.ts";
export * from "./errors.ts";
export * from "./model.ts";
export * from "./ports.ts";
export * from "./publish.ts";
export * from "./subscriber.ts";
export * from "./use-cases.ts";
export * from "./webhook-ports.ts";
export * from "./webhook-use-cases.ts";
export * from "./webhooks.ts";
