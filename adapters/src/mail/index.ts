/** Mailer adapters: the development outbox (default). */
export * from "./outbox.ts";
export * from "./smtp.ts";
