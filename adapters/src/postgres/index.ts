/** PostgreSQL adapters: database handle, migrations, and one repository module per context. */
export * from "./database.ts";
export * from "./database-service.ts";
export * from "./errors.ts";
export * from "./repositories/identity.ts";
export type { Database } from "./schema.ts";
export * from "./session-tokens.ts";
