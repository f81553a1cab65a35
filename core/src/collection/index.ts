/** The collection context's public surface (issue 45, ADR 0064). */
export * from "./collection-decision.ts";
export * from "./errors.ts";
export * from "./mandate-machine.ts";
export * from "./model.ts";
export * from "./ports.ts";
export * from "./use-cases.ts";
