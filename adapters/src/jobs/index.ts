/** The JobQueue adapter (ADR 0010). */
export * from "./job-queue-pg.ts";
export * from "./job-queue-pgboss.ts";
