/** The subscription context's public surface: the plan catalogue and its entitlements. */
export * from "./catalogue.ts";
