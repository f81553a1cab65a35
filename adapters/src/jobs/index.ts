/** The JobQueue adapters (ADR 0010, ADR 0015): in-process table queue, pg-boss, schedules, admin view. */
export * from "./job-admin.ts";
export * from "./job-queue.ts";
export * from "./job-queue-pg.ts";
export * from "./job-queue-pgboss.ts";
export * from "./schedules.ts";
