/**
 * The production Layer and the one ManagedRuntime per process that every handler runs on.
 * Source of the pattern: Effect-TS ai-docs, 04_integration/10_managed-runtime.
 */
import { randomBytes } from "node:crypto";
import { AbnRegistryAbr, AbnRegistryLocal, type AbrConfig } from "@closr/adapters/abr";
import { ImageProcessorSharp, MarkdownRendererLive } from "@closr/adapters/content";
import { DeviceCookiesHmac, DocumentDigestCrypto, SessionTokensCrypto } from "@closr/adapters/crypto";
import { JobAdministrationPg, JobQueueLive } from "@closr/adapters/jobs";
import {
  MandateGatewayLocal,
  PaymentGatewayLocal,
  PayoutGatewayLocal,
  SubscriptionGatewayLocal,
} from "@closr/adapters/local-gateway";
import {
  MailDelivery,
  MailDeliveryFrom,
  MailerOutboxPg,
  MailerQueued,
  MailerSmtp,
  MailOutboxPg,
  type SmtpOptions,
} from "@closr/adapters/mail";
import { PasswordHasherArgon2 } from "@closr/adapters/password";
import { AgreementPdfLive } from "@closr/adapters/pdf";
import {
  AccountRepositoryPg,
  AgentProfileRepositoryPg,
  AgreementRepositoryPg,
  ApiKeyRepositoryPg,
  AuditLogPg,
  AuditTrailPg,
  BusinessProfileRepositoryPg,
  ChargeDestinationsPg,
  ChargeLedgerRepositoryPg,
  CollectionRepositoriesPg,
  CommissionLedgerPg,
  CommissionRecordsPg,
  ContactRepositoryPg,
  ContentRepositoryPg,
  type Db,
  DealRepositoryPg,
  DisputeRepositoryPg,
  HelpRepositoryPg,
  InsightsRepositoryPg,
  InvoiceRepositoryPg,
  InvoiceTermsPg,
  MediaRepositoryPg,
  MessageRepositoryPg,
  NewsletterRepositoryPg,
  NotificationRepositoryPg,
  OnboardingRepositoryPg,
  OpportunityRepositoryPg,
  PartnershipRepositoryPg,
  PaymentBlocksPg,
  PaymentMethodRepositoryPg,
  PaymentRepositoryPg,
  PayoutAccountRepositoryPg,
  PayoutRefundRepositoryPg,
  type PgDatabase,
  PgDatabaseFrom,
  ProfileStatsCounterPg,
  PushSubscriptionsPg,
  ReviewRepositoryPg,
  SaleRepositoryPg,
  SessionStorePg,
  StreamPresencePg,
  SubscriptionRepositoryPg,
  UnitOfWorkPg,
  UserAdministrationPg,
  UserDirectoryPg,
  UserRepositoryPg,
  VerificationRepositoryPg,
} from "@closr/adapters/postgres";
import { PushSenderWebPush, type VapidKeys, vapidKeysOrGenerate } from "@closr/adapters/push";
import { FileStorageLocal, FileStorageS3, type S3StorageConfig } from "@closr/adapters/storage";
import {
  ChargeEventGatewayStripe,
  MandateGatewayStripe,
  PaymentGatewayStripe,
  PayoutGatewayStripe,
  type StripeGatewayConfig,
  SubscriptionCardGatewayNone,
  SubscriptionCardGatewayStripe,
  SubscriptionGatewayStripe,
} from "@closr/adapters/stripe";
import {
  WebhookEventsPg,
  WebhookSenderFetch,
  WebhookStorePg,
  WebhookUrlPolicyLive,
} from "@closr/adapters/webhooks";
import type { AgreementPdf, AgreementRepository, DocumentDigest } from "@closr/core/agreement";
import type { CollectionRepository, MandateGateway, MandateRepository } from "@closr/core/collection";
import { type CommissionLedger, type CommissionRecords, commissionSubscriber } from "@closr/core/commission";
import {
  type AuditTrail,
  type ContactRepository,
  type ContentRepository,
  type ImageProcessor,
  type MarkdownRenderer,
  type MediaRepository,
  type NewsletterRepository,
  SiteContacts,
  type UserAdministration,
} from "@closr/core/content";
import type { DealRepository, SaleRepository } from "@closr/core/deal";
import type { DisputeRepository } from "@closr/core/dispute";
import type { HelpRepository } from "@closr/core/help";
import type {
  AccountRepository,
  DeviceCookies,
  PasswordHasher,
  SessionStore,
  SessionTokens,
  UserRepository,
} from "@closr/core/identity";
import type { InsightsRepository, ProfileStatsCounter } from "@closr/core/insights";
import {
  type ApiKeyRepository,
  type WebhookEvents,
  type WebhookRetrySettings,
  type WebhookSender,
  type WebhookStore,
  type WebhookUrlPolicy,
  webhookSubscriber,
} from "@closr/core/integrations";
import type { InvoiceRepository, InvoiceTerms } from "@closr/core/invoice";
import type { MessageRepository, UserDirectory } from "@closr/core/messaging";
import { type NotificationRepository, notificationSubscriber } from "@closr/core/notification";
import type { OnboardingRepository } from "@closr/core/onboarding";
import type { JobAdministration } from "@closr/core/operations";
import type { OpportunityRepository } from "@closr/core/opportunity";
import type { PartnershipRepository } from "@closr/core/partnership";
import type {
  ChargeDestinations,
  PaymentBlocks,
  PaymentGateway,
  PaymentMethodRepository,
  PaymentRepository,
} from "@closr/core/payment";
import type {
  ChargeLedgerRepository,
  PayoutAccountRepository,
  PayoutGateway,
  PayoutRefundRepository,
} from "@closr/core/payout";
import type { AgentProfileRepository, BusinessProfileRepository } from "@closr/core/profiles";
import type { PushSender, PushSubscriptions, StreamPresence } from "@closr/core/push";
import type { ReviewRepository } from "@closr/core/review";
import {
  type AppUrl,
  AppUrlFrom,
  type AuditLog,
  type Clock,
  ClockLive,
  DomainEvents,
  defaultFeeBasisPoints,
  domainEventsFrom,
  type FileStorage,
  type JobQueue,
  Mailer,
  type MailOutbox,
} from "@closr/core/shared";

import type {
  SubscriptionCardGateway,
  SubscriptionGateway,
  SubscriptionRepository,
} from "@closr/core/subscription";
import type { AbnRegistry, VerificationRepository } from "@closr/core/verification";
import { Effect, Layer, ManagedRuntime } from "effect";
import { type LiveEventHub, LiveEventHubLive } from "./events/live-event-hub.ts";

/** Every service a use case may ask for. */
export type AppServices =
  | UserRepository
  | SessionStore
  | SessionTokens
  | DeviceCookies
  | PasswordHasher
  | Clock
  | PgDatabase
  | BusinessProfileRepository
  | AgentProfileRepository
  | PartnershipRepository
  | OpportunityRepository
  | Mailer
  | MessageRepository
  | UserDirectory
  | LiveEventHub
  | InvoiceRepository
  | PaymentRepository
  | MandateRepository
  | MandateGateway
  | CollectionRepository
  | CommissionLedger
  | CommissionRecords
  | PaymentMethodRepository
  | PaymentGateway
  | SubscriptionRepository
  | SubscriptionGateway
  | SubscriptionCardGateway
  | MailOutbox
  | VerificationRepository
  | AbnRegistry
  | FileStorage
  | AccountRepository
  | OnboardingRepository
  | JobQueue
  | AppUrl
  | PayoutAccountRepository
  | PayoutRefundRepository
  | ChargeLedgerRepository
  | PayoutGateway
  | InvoiceTerms
  | ChargeDestinations
  | AuditLog
  | ContentRepository
  | MediaRepository
  | ContactRepository
  | NewsletterRepository
  | UserAdministration
  | MarkdownRenderer
  | ImageProcessor
  | SiteContacts
  | AuditTrail
  | ReviewRepository
  | AgreementRepository
  | DocumentDigest
  | AgreementPdf
  | DisputeRepository
  | DealRepository
  | SaleRepository
  | PaymentBlocks
  | NotificationRepository
  | InsightsRepository
  | ProfileStatsCounter
  | HelpRepository
  | PushSubscriptions
  | PushSender
  | StreamPresence
  | MailDelivery
  | JobAdministration
  | ApiKeyRepository
  | WebhookStore
  | WebhookEvents
  | WebhookSender
  | WebhookUrlPolicy
  | DomainEvents;

/**
 * Adapter choices: the Stripe gateway when configured, else the local gateway (ADR 0008);
 * SMTP mail when configured, else the development outbox (ADR 0006).
 */
export interface PaymentOptions {
  /** Stripe for payments, subscriptions and Connect payouts (connectWebhookSecret: STRIPE_CONNECT_WEBHOOK_SECRET). */
  readonly stripe?:
    | (StripeGatewayConfig & { readonly connectWebhookSecret?: string | undefined })
    | undefined;
  /** The platform fee in basis points of an invoice's ex-GST amount (PLATFORM_FEE_PERCENT; default 500 = 5 %). */
  readonly feeBasisPoints?: number | undefined;
  readonly smtp?: SmtpOptions | undefined;
  /**
   * How Mailer.send delivers (issue 21): "queued" (default) writes a durable `send-email` job
   * that the worker delivers with retries; "direct" delivers in the call (tests that read the
   * outbox right after a request).
   */
  readonly mail?: "queued" | "direct" | undefined;
  /** Uploads: S3 when `s3` is set, else local disk under `uploadsDir` (default .data/uploads). */
  readonly storage?:
    | { readonly uploadsDir?: string | undefined; readonly s3?: S3StorageConfig | undefined }
    | undefined;
  /** The ABR web service when set, else the local ABN table. */
  readonly abr?: AbrConfig | undefined;
  /** The web app's public origin for links in emails (APP_URL); default http://localhost:3000. */
  readonly appUrl?: string | undefined;
  /** Where the contact form is delivered (SUPPORT_EMAIL); default support@closr.com.au. */
  readonly supportEmail?: string | undefined;
  /** Web push VAPID keys (issue 19); a generated pair when absent. */
  readonly vapid?: VapidKeys | undefined;
  /**
   * Outgoing webhooks (ADR 0023): `allowPrivate` lets endpoints be loopback/private addresses
   * (default: true outside production — set false in production); `retry` shortens the back-off (tests).
   */
  /**
   * The HMAC key of device cookies (DEVICE_COOKIE_SECRET, issue 48); a random one per process
   * when unset (development, tests: device cookies then end with the process).
   */
  readonly deviceCookieSecret?: string | undefined;
  readonly webhooks?:
    | { readonly allowPrivate?: boolean | undefined; readonly retry?: WebhookRetrySettings | undefined }
    | undefined;
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
  // Mail (issue 21): the delivery (SMTP or the development outbox) sits behind the queue.
  const delivery = MailDeliveryFrom(payments.smtp ? MailerSmtp(payments.smtp) : MailerOutboxPg);
  const mailer =
    payments.mail === "direct"
      ? Layer.effect(
          Mailer,
          Effect.map(MailDelivery, (d) => Mailer.of({ send: d.send })),
        ).pipe(Layer.provideMerge(delivery))
      : Layer.merge(MailerQueued, delivery);
  const repositories = Layer.mergeAll(
    UserRepositoryPg,
    SessionStorePg,
    BusinessProfileRepositoryPg,
    AgentProfileRepositoryPg,
    PartnershipRepositoryPg,
    OpportunityRepositoryPg,
    mailer,
    MessageRepositoryPg,
    UserDirectoryPg,
    LiveEventHubLive,
    InvoiceRepositoryPg,
    PaymentRepositoryPg,
    PaymentMethodRepositoryPg,
    // Issue 45: mandates and automatic collection (Stripe SetupIntents and mandates, or the local stand-in).
    CollectionRepositoriesPg,
    payments.stripe ? MandateGatewayStripe(payments.stripe) : MandateGatewayLocal,
    // Issue 43: the commission ledger and its records (statements, RCTI, refund deliveries).
    CommissionLedgerPg,
    CommissionRecordsPg,
    MailOutboxPg,
    payments.stripe ? PaymentGatewayStripe(payments.stripe) : PaymentGatewayLocal,
    VerificationRepositoryPg,
    SubscriptionRepositoryPg,
    payments.stripe ? SubscriptionGatewayStripe(payments.stripe) : SubscriptionGatewayLocal,
    payments.stripe ? SubscriptionCardGatewayStripe(payments.stripe) : SubscriptionCardGatewayNone,
    AccountRepositoryPg,
    OnboardingRepositoryPg,
    JobQueueLive,
    JobAdministrationPg,
    PayoutAccountRepositoryPg,
    PayoutRefundRepositoryPg,
    payments.stripe ? PayoutGatewayStripe(payments.stripe) : PayoutGatewayLocal,
    InvoiceTermsPg(payments.feeBasisPoints ?? defaultFeeBasisPoints),
    ChargeDestinationsPg,
    // ADR 0041: Dashboard refunds and card disputes (Stripe only; the local gateway has none).
    ChargeLedgerRepositoryPg,
    payments.stripe ? ChargeEventGatewayStripe(payments.stripe) : Layer.empty,
    NotificationRepositoryPg,
    InsightsRepositoryPg,
    ProfileStatsCounterPg,
    HelpRepositoryPg,
    AuditLogPg,
    ContentRepositoryPg,
    MediaRepositoryPg,
    ContactRepositoryPg,
    NewsletterRepositoryPg,
    UserAdministrationPg,
    AuditTrailPg,
    ReviewRepositoryPg,
    AgreementRepositoryPg,
    DisputeRepositoryPg,
    // Issue 43: deal registrations (conflict check under a per-business lock) and sales.
    DealRepositoryPg,
    SaleRepositoryPg,
    PaymentBlocksPg,
    PushSubscriptionsPg,
    StreamPresencePg,
    ApiKeyRepositoryPg,
    // Core's UnitOfWork (ADR 0025): a use case's change and its emails/jobs in one transaction.
    UnitOfWorkPg,
    WebhookStorePg,
    WebhookEventsPg,
  ).pipe(Layer.provide(Layer.merge(database, clock)));
  const allowPrivateWebhooks = payments.webhooks?.allowPrivate ?? process.env.NODE_ENV !== "production";
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
    // Device cookies (issue 48): DEVICE_COOKIE_SECRET, required in production; else one per process.
    DeviceCookiesHmac(payments.deviceCookieSecret ?? randomBytes(32).toString("base64url")),
    DocumentDigestCrypto,
    AgreementPdfLive,
    clock,
    AppUrlFrom(payments.appUrl ?? "http://localhost:3000"),
    MarkdownRendererLive,
    ImageProcessorSharp,
    Layer.succeed(SiteContacts, { supportEmail: payments.supportEmail ?? "support@closr.com.au" }),
    PushSenderWebPush(payments.vapid ?? vapidKeysOrGenerate({})),
    WebhookSenderFetch({ allowPrivate: allowPrivateWebhooks }),
    WebhookUrlPolicyLive({ allowPrivate: allowPrivateWebhooks, retry: payments.webhooks?.retry }),
    // Domain events (ADR 0037): the bell, the commission ledger (issue 43), then outgoing webhooks,
    // in the publisher's transaction.
    Layer.succeed(
      DomainEvents,
      domainEventsFrom([notificationSubscriber, commissionSubscriber, webhookSubscriber]),
    ),
  );
  return overrides ? Layer.merge(base, overrides) : base;
}

export type AppRuntime = ManagedRuntime.ManagedRuntime<AppServices, never>;

export const makeRuntime = (layer: Layer.Layer<AppServices>): AppRuntime => ManagedRuntime.make(layer);
