/** Shared kernel: ids, the Clock port and the Mailer port. */
export * from "./clock.ts";
export * from "./ids.ts";
export * from "./mailer.ts";
