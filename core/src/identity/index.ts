/** The identity context's public surface. */

export * from "./account.ts";
export * from "./account-model.ts";
export * from "./account-ports.ts";
export * from "./device-cookies.ts";
export * from "./errors.ts";
export * from "./model.ts";
export * from "./ports.ts";
export * from "./use-cases.ts";
