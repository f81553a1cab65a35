/** The agreement context's public surface (issue 17; ADR 0017). */

export * from "./agreement-documents.ts";
export * from "./agreement-machine.ts";
export * from "./agreement-paths.ts";
export * from "./agreement-templates.ts";
export * from "./commission.ts";
export * from "./draft-agreement.ts";
export * from "./errors.ts";
export * from "./model.ts";
export * from "./negotiate-agreement.ts";
export * from "./partnership-ending.ts";
export * from "./ports.ts";
export * from "./sign-agreement.ts";
export * from "./template.ts";
