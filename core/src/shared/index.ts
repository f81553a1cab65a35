/** Shared kernel: ids, money (Cents), the Clock port, the Mailer, MailOutbox, JobQueue and AppUrl ports. */
export * from "./app-url.ts";
export * from "./clock.ts";
export * from "./ids.ts";
export * from "./jobs.ts";
export * from "./mailer.ts";
export * from "./money.ts";
