/** Shared kernel: ids and the Clock port. */
export * from "./clock.ts";
export * from "./ids.ts";
