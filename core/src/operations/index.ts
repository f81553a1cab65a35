/** Operations context (issue 21): the staff view of the background job queue. */
export * from "./errors.ts";
export * from "./model.ts";
export * from "./ports.ts";
export * from "./use-cases.ts";
