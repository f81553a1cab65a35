/**
 * The production Layer and the one ManagedRuntime per process that every handler runs on.
 * Source of the pattern: Effect-TS ai-docs, 04_integration/10_managed-runtime.
 */
import { AbnRegistryAbr, AbnRegistryLocal, type AbrConfig } from "@closr/adapters/abr";
import { SessionTokensCrypto } from "@closr/adapters/crypto";
import { JobQueuePg } from "@closr/adapters/jobs";
import { PaymentGatewayLocal, SubscriptionGatewayLocal } from "@closr/adapters/local-gateway";
import { MailerOutboxPg, MailerSmtp, MailOutboxPg, type SmtpOptions } from "@closr/adapters/mail";
import { PasswordHasherArgon2 } from "@closr/adapters/password";
import {
  AccountRepositoryPg,
  AgentProfileRepositoryPg,
  AuditLogPg,
  BusinessProfileRepositoryPg,
  type Db,
  InvoiceRepositoryPg,
  MessageRepositoryPg,
  OnboardingRepositoryPg,
  PartnershipRepositoryPg,
  PaymentMethodRepositoryPg,
  PaymentRepositoryPg,
  type PgDatabase,
  PgDatabaseFrom,
  SessionStorePg,
  SubscriptionRepositoryPg,
  UserDirectoryPg,
  UserRepositoryPg,
  VerificationRepositoryPg,
} from "@closr/adapters/postgres";
import { FileStorageLocal, FileStorageS3, type S3StorageConfig } from "@closr/adapters/storage";
import {
  PaymentGatewayStripe,
  type StripeGatewayConfig,
  SubscriptionGatewayStripe,
} from "@closr/adapters/stripe";
import type {
  AccountRepository,
  PasswordHasher,
  SessionStore,
  SessionTokens,
  UserRepository,
} from "@closr/core/identity";
import type { InvoiceRepository } from "@closr/core/invoice";
import type { MessageRepository, UserDirectory } from "@closr/core/messaging";
import type { OnboardingRepository } from "@closr/core/onboarding";
import type { PartnershipRepository } from "@closr/core/partnership";
import type { PaymentGateway, PaymentMethodRepository, PaymentRepository } from "@closr/core/payment";
import type { AgentProfileRepository, BusinessProfileRepository } from "@closr/core/profiles";
import {
  type AppUrl,
  AppUrlFrom,
  type AuditLog,
  type Clock,
  ClockLive,
  type FileStorage,
  type JobQueue,
  type Mailer,
  type MailOutbox,
} from "@closr/core/shared";
import type { SubscriptionGateway, SubscriptionRepository } from "@closr/core/subscription";
import type { AbnRegistry, VerificationRepository } from "@closr/core/verification";
import { Layer, ManagedRuntime } from "effect";
import { type LiveEventHub, LiveEventHubLive } from "./events/live-event-hub.ts";

/** Every service a use case may ask for. */
export type AppServices =
  | UserRepository
  | SessionStore
  | SessionTokens
  | PasswordHasher
  | Clock
  | PgDatabase
  | BusinessProfileRepository
  | AgentProfileRepository
  | PartnershipRepository
  | Mailer
  | MessageRepository
  | UserDirectory
  | LiveEventHub
  | InvoiceRepository
  | PaymentRepository
  | PaymentMethodRepository
  | PaymentGateway
  | SubscriptionRepository
  | SubscriptionGateway
  | MailOutbox
  | VerificationRepository
  | AbnRegistry
  | FileStorage
  | AccountRepository
  | OnboardingRepository
  | JobQueue
  | AuditLog
  | AppUrl;

/**
 * Adapter choices: the Stripe gateway when configured, else the local gateway (ADR 0008);
 * SMTP mail when configured, else the development outbox (ADR 0006).
 */
export interface PaymentOptions {
  readonly stripe?: StripeGatewayConfig | undefined;
  readonly smtp?: SmtpOptions | undefined;
  /** Uploads: S3 when `s3` is set, else local disk under `uploadsDir` (default .data/uploads). */
  readonly storage?:
    | { readonly uploadsDir?: string | undefined; readonly s3?: S3StorageConfig | undefined }
    | undefined;
  /** The ABR web service when set, else the local ABN table. */
  readonly abr?: AbrConfig | undefined;
  /** The web app's public origin for links in emails (APP_URL); default http://localhost:3000. */
  readonly appUrl?: string | undefined;
}

/**
 * Wires adapters to ports over one open database. `overrides` replaces services (tests);
 * `clock` replaces the system clock (tests drive renewals with it).
 */
export function makeAppLayer(
  db: Db,
  overrides?: Layer.Layer<never>,
  payments: PaymentOptions = {},
  clock: Layer.Layer<Clock> = ClockLive,
) {
  const database = PgDatabaseFrom(db);
  const repositories = Layer.mergeAll(
    UserRepositoryPg,
    SessionStorePg,
    BusinessProfileRepositoryPg,
    AgentProfileRepositoryPg,
    PartnershipRepositoryPg,
    payments.smtp ? MailerSmtp(payments.smtp) : MailerOutboxPg,
    MessageRepositoryPg,
    UserDirectoryPg,
    LiveEventHubLive,
    InvoiceRepositoryPg,
    PaymentRepositoryPg,
    PaymentMethodRepositoryPg,
    MailOutboxPg,
    payments.stripe ? PaymentGatewayStripe(payments.stripe) : PaymentGatewayLocal,
    VerificationRepositoryPg,
    SubscriptionRepositoryPg,
    payments.stripe ? SubscriptionGatewayStripe(payments.stripe) : SubscriptionGatewayLocal,
    AccountRepositoryPg,
    OnboardingRepositoryPg,
    JobQueuePg,
    AuditLogPg,
  ).pipe(Layer.provide(Layer.merge(database, clock)));
  const verification = Layer.mergeAll(
    payments.abr ? AbnRegistryAbr(payments.abr) : AbnRegistryLocal,
    payments.storage?.s3
      ? FileStorageS3(payments.storage.s3)
      : FileStorageLocal(payments.storage?.uploadsDir),
  );
  const base = Layer.mergeAll(
    repositories,
    database,
    verification,
    PasswordHasherArgon2,
    SessionTokensCrypto,
    clock,
    AppUrlFrom(payments.appUrl ?? "http://localhost:3000"),
  );
  return overrides ? Layer.merge(base, overrides) : base;
}

export type AppRuntime = ManagedRuntime.ManagedRuntime<AppServices, never>;

export const makeRuntime = (layer: Layer.Layer<AppServices>): AppRuntime => ManagedRuntime.make(layer);
