/** The subscription context's public surface: the plan catalogue, its entitlements, plan lookup. */
export * from "./catalogue.ts";
export * from "./ports.ts";
export * from "./use-cases.ts";
