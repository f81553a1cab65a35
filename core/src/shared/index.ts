/** Shared kernel: ids, ABN, money (Cents), GST and fee rules, uploaded file names, the Clock port, the Mailer, MailOutbox, FileStorage, JobQueue, AuditLog, AppUrl, UnitOfWork and DomainEvents ports, offset Paging. */
export * from "./abn.ts";
export * from "./app-url.ts";
export * from "./audit.ts";
export * from "./calendar.ts";
export * from "./clock.ts";
export * from "./domain-events.ts";
export * from "./file-name.ts";
export * from "./file-storage.ts";
export * from "./ids.ts";
export * from "./jobs.ts";
export * from "./mailer.ts";
export * from "./money.ts";
export * from "./paging.ts";
export * from "./tax.ts";
export * from "./unit-of-work.ts";
