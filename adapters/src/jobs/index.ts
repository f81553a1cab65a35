/** The JobQueue adapter (ADR 0009). */
export * from "./job-queue-pg.ts";
