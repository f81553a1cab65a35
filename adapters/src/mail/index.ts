/** Mailer adapters: the queued Mailer (production path), SMTP and the development outbox (deliveries). */
export * from "./outbox.ts";
export * from "./preferences.ts";
export * from "./queued.ts";
export * from "./smtp.ts";
export * from "./templates.ts";
