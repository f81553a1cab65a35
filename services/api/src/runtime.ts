/**
 * The production Layer and the one ManagedRuntime per process that every handler runs on.
 * Source of the pattern: Effect-TS ai-docs, 04_integration/10_managed-runtime.
 */
import { SessionTokensCrypto } from "@closr/adapters/crypto";
import { JobQueuePg } from "@closr/adapters/jobs";
import { PaymentGatewayLocal } from "@closr/adapters/local-gateway";
import { MailerOutboxPg, MailerSmtp, MailOutboxPg, type SmtpOptions } from "@closr/adapters/mail";
import { PasswordHasherArgon2 } from "@closr/adapters/password";
import {
  AccountRepositoryPg,
  AgentProfileRepositoryPg,
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
  UserDirectoryPg,
  UserPlansPg,
  UserRepositoryPg,
} from "@closr/adapters/postgres";
import { PaymentGatewayStripe, type StripeGatewayConfig } from "@closr/adapters/stripe";
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
  type Clock,
  ClockLive,
  type JobQueue,
  type Mailer,
  type MailOutbox,
} from "@closr/core/shared";
import type { UserPlans } from "@closr/core/subscription";
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
  | AccountRepository
  | OnboardingRepository
  | JobQueue
  | AppUrl
  | UserPlans
  | MailOutbox;

/**
 * Adapter choices: the Stripe gateway when configured, else the local gateway (ADR 0008);
 * SMTP mail when configured, else the development outbox (ADR 0006).
 */
export interface PaymentOptions {
  readonly stripe?: StripeGatewayConfig | undefined;
  readonly smtp?: SmtpOptions | undefined;
  /** The web app's public origin for links in emails (APP_URL); default http://localhost:3000. */
  readonly appUrl?: string | undefined;
}

/** Wires adapters to ports over one open database. `overrides` replaces services (tests). */
export function makeAppLayer(db: Db, overrides?: Layer.Layer<never>, payments: PaymentOptions = {}) {
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
    UserPlansPg,
    MailOutboxPg,
    payments.stripe ? PaymentGatewayStripe(payments.stripe) : PaymentGatewayLocal,
    AccountRepositoryPg,
    OnboardingRepositoryPg,
    JobQueuePg,
  ).pipe(Layer.provide(database));
  const base = Layer.mergeAll(
    repositories,
    database,
    PasswordHasherArgon2,
    SessionTokensCrypto,
    ClockLive,
    AppUrlFrom(payments.appUrl ?? "http://localhost:3000"),
  );
  return overrides ? Layer.merge(base, overrides) : base;
}

export type AppRuntime = ManagedRuntime.ManagedRuntime<AppServices, never>;

export const makeRuntime = (layer: Layer.Layer<AppServices>): AppRuntime => ManagedRuntime.make(layer);
