/** The commission ledger context's public surface (issue 43; ADR 0063). */

export * from "./commission-lines.ts";
export * from "./errors.ts";
export * from "./ledger-machine.ts";
export * from "./ledger-service.ts";
export * from "./model.ts";
export * from "./ports.ts";
export * from "./statement.ts";
export * from "./subscriber.ts";
export * from "./use-cases.ts";
