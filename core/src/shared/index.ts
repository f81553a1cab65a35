/** Shared kernel: ids, money (Cents), the Clock port and the Mailer ports. */
export * from "./clock.ts";
export * from "./ids.ts";
export * from "./mailer.ts";
export * from "./money.ts";
