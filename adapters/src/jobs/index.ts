/**
 * The JobQueue adapters (ADR 0010, ADR 0015, ADR 0057): the Layer and engine choice, pg-boss
 * (PostgreSQL), the in-process `jobs` table queue (PGlite, tests), schedules, admin view.
 */
export * from "./job-admin.ts";
export * from "./job-queue.ts";
export * from "./job-queue-in-process.ts";
export * from "./job-queue-pgboss.ts";
export * from "./schedules.ts";
