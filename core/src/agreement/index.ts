/** The agreement context's public surface (issue 17; ADR 0017). */
export * from "./agreement-machine.ts";
export * from "./commission.ts";
export * from "./errors.ts";
export * from "./model.ts";
export * from "./ports.ts";
export * from "./template.ts";
export * from "./use-cases.ts";
