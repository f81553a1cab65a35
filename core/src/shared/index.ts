/** Shared kernel: ids, ABN, money (Cents), the Clock, Mailer and FileStorage ports. */
export * from "./abn.ts";
export * from "./clock.ts";
export * from "./file-storage.ts";
export * from "./ids.ts";
export * from "./mailer.ts";
export * from "./money.ts";
