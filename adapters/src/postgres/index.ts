/** PostgreSQL adapters: database handle, migrations, and one repository module per context. */
export * from "./database.ts";
export * from "./database-service.ts";
export * from "./errors.ts";
export * from "./live-events.ts";
export * from "./notifications.ts";
export * from "./repositories/account.ts";
export * from "./repositories/audit-log.ts";
export * from "./repositories/identity.ts";
export * from "./repositories/invoice.ts";
export * from "./repositories/messaging.ts";
export * from "./repositories/onboarding.ts";
export * from "./repositories/partnership.ts";
export * from "./repositories/payment.ts";
export * from "./repositories/profiles.ts";
export * from "./repositories/push.ts";
export * from "./repositories/subscription.ts";
export * from "./repositories/verification.ts";
export type { Database } from "./schema.ts";
