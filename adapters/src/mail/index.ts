/** Mailer adapters: the development outbox (default). */
export * from "./outbox.ts";
export * from "./preferences.ts";
export * from "./smtp.ts";
export * from "./templates.ts";
