/**
 * Kysely table types for the database (camelCase here; snake_case in SQL via CamelCasePlugin).
 * Money is integer cents (`bigint`, AUD). Mirrors the migrations in ./migrations.
 */
import type { ColumnType, Generated } from "kysely";

type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamp with a database default (optional on insert). */
type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json = ColumnType<unknown, string | undefined, string>;
/** postgres.js returns bigint columns as strings; PGlite as numbers. Map with Number() in adapters. */
type Cents = ColumnType<string | number, number | bigint, number | bigint>;

export interface UsersTable {
  id: Generated<number>;
  email: string;
  username: string;
  passwordHash: string;
  userType: "business" | "agent";
  verificationStatus: Generated<"unverified" | "pending" | "verified">;
  role: Generated<"member" | "admin">;
  resetTokenHash: string | null;
  resetTokenExpiry: NullableTimestamp;
  emailVerificationTokenHash: string | null;
  emailVerified: Generated<boolean>;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
  /** Subscribed plan; NULL = the free plan of the user type (migration 2026-11-23-01). */
  planId: "basic" | "professional" | "enterprise" | "agent_basic" | "agent_pro" | null;
  createdAt: DefaultTimestamp;
  /** Migration 2026-11-23-06-account. */
  emailVerificationExpiry: NullableTimestamp;
  emailVerificationSentAt: NullableTimestamp;
  pendingEmail: string | null;
  pendingEmailTokenHash: string | null;
  pendingEmailExpiry: NullableTimestamp;
  notificationPreferences: ColumnType<Record<string, boolean>, string | undefined, string>;
  /** IANA time zone, default 'Australia/Sydney' (migration 2026-12-01-46-user-time-zone). */
  timeZone: Generated<string>;
  deletedAt: NullableTimestamp;
  /** Set while an admin has suspended the account (migration 2026-11-23-11-content). */
  suspendedAt: NullableTimestamp;
  /** Migration 2026-12-01-48-unclaimed-emails (issue 48). */
  unclaimedEmail: ColumnType<string | null, string | null | undefined, string | null>;
  emailNoticeSentAt: NullableTimestamp;
}

export interface SessionTable {
  id: Generated<number>;
  tokenHash: string;
  userId: number;
  expiresAt: Timestamp;
  renewedAt: Timestamp;
  createdAt: DefaultTimestamp;
  userAgent: string | null;
}

/**
 * The columns both profile tables share: the owner's verification, the search and ranking
 * columns the database generates, the review tallies and the timestamps.
 */
interface ProfileSearchColumns {
  ownerVerified: ColumnType<boolean, never, never>;
  searchVector: ColumnType<string, never, never>;
  ratingCount: Generated<number>;
  ratingSum: Generated<number>;
  /** Bayesian average in hundredths of a star (generated). */
  reputation: ColumnType<number, never, never>;
  createdAt: DefaultTimestamp;
  updatedAt: DefaultTimestamp;
}

/**
 * The words of one side's search vectors (ADR 0036): each lexeme with the number of profiles
 * holding it, kept by triggers in the transaction that changes a profile. Typo candidates.
 */
export interface SearchVocabularyTable {
  side: "agent" | "business" | "opportunity";
  word: string;
  uses: number;
}

export interface BusinessProfilesTable extends ProfileSearchColumns {
  id: Generated<number>;
  userId: number;
  companyName: string;
  industry: string;
  size: string;
  description: string | null;
  location: string;
  logo: string | null;
  website: string | null;
  contactEmail: string | null;
  contactPhone: string | null;
}

export interface AgentProfilesTable extends ProfileSearchColumns {
  id: Generated<number>;
  userId: number;
  fullName: string;
  specialization: string;
  yearsOfExperience: number;
  bio: string | null;
  location: string;
  photo: string | null;
  linkedinProfile: string | null;
  minimumCommissionRate: Generated<number>;
  skills: Generated<string[]>;
  featured: Generated<boolean>;
  staticScore: ColumnType<number, never, never>;
  specializationWords: ColumnType<string[], never, never>;
}

export interface PartnershipsTable {
  id: Generated<number>;
  businessId: number;
  agentId: number;
  status: string;
  requestedBy: "business" | "agent";
  commissionRate: number;
  startDate: NullableTimestamp;
  endDate: NullableTimestamp;
  createdAt: DefaultTimestamp;
  updatedAt: DefaultTimestamp;
}

export interface ReviewsTable {
  id: Generated<number>;
  reviewerId: number;
  revieweeId: number;
  partnershipId: number | null;
  rating: number;
  comment: string | null;
  createdAt: DefaultTimestamp;
  reviewerSide: "business" | "agent" | null;
  communication: number | null;
  reliability: number | null;
  results: number | null;
  privateFeedback: string | null;
  /** When the review becomes public (double blind: submission + 14 days, or the second side's submission). */
  publishedAt: Timestamp;
  counted: Generated<boolean>;
  reply: string | null;
  repliedAt: NullableTimestamp;
  reportedAt: NullableTimestamp;
  reportedBy: number | null;
  reportReason: string | null;
  hiddenAt: NullableTimestamp;
  hiddenBy: number | null;
  hiddenReason: string | null;
}

export interface ReviewRemindersTable {
  partnershipId: number;
  userId: number;
  days: 3 | 10;
  sentAt: DefaultTimestamp;
}

export interface MessagesTable {
  id: Generated<number>;
  senderId: number;
  receiverId: number;
  content: string;
  read: Generated<boolean>;
  sentAt: DefaultTimestamp;
}

export interface PaymentMethodsTable {
  id: Generated<number>;
  userId: number;
  type: "credit_card" | "bank_transfer" | "paypal";
  name: string;
  lastFour: string;
  expiryMonth: number | null;
  expiryYear: number | null;
  isDefault: Generated<boolean>;
  tokenizedData: string | null;
  createdAt: DefaultTimestamp;
}

export interface InvoicesTable {
  id: Generated<number>;
  partnershipId: number;
  businessId: number;
  agentId: number;
  amountCents: Cents;
  currency: Generated<string>;
  description: string;
  dueDate: ColumnType<string, string, string>;
  isPaid: Generated<boolean>;
  createdAt: DefaultTimestamp;
  paidAt: NullableTimestamp;
  metadata: Json | null;
  /** Issue 14 (migration 2026-11-23-10-payouts): subtotal + GST = amount; the fee; the agent's ABN then. */
  subtotalCents: Cents;
  gstCents: ColumnType<string | number, number | bigint | undefined, number | bigint>;
  platformFeeCents: ColumnType<string | number, number | bigint | undefined, number | bigint>;
  agentAbn: string | null;
  gstRegistered: Generated<boolean>;
  /** Issue 17 (migration 2026-11-24-01-agreements): the sale the commission was computed from. */
  saleAmountCents: ColumnType<
    string | number | null,
    number | bigint | null | undefined,
    number | bigint | null
  >;
  agreementVersionId: number | null;
  aboveCommissionReason: string | null;
  /** Cancelled by a dispute's resolution (migration 2026-11-24-02-disputes). */
  cancelledAt: NullableTimestamp;
}

/** A partnership's commission agreement (issue 17, ADR 0017). */
export interface AgreementsTable {
  id: Generated<number>;
  partnershipId: number;
  stage: Generated<"draft" | "proposed" | "signed" | "ended">;
  draftTerms: Json | null;
  draftEditedBy: "business" | "agent" | null;
  draftUpdatedAt: NullableTimestamp;
  createdAt: DefaultTimestamp;
  updatedAt: DefaultTimestamp;
}

/** One immutable proposal of an agreement (only `status` and `signed_at` change). */
export interface AgreementVersionsTable {
  id: Generated<number>;
  agreementId: number;
  number: number;
  terms: Json;
  proposedBy: "business" | "agent";
  proposedByUser: number;
  proposedAt: DefaultTimestamp;
  status: Generated<"proposed" | "countered" | "signed" | "superseded" | "ended" | "withdrawn">;
  document: Json;
  documentSha256: string;
  signedAt: NullableTimestamp;
}

/** One party's signature on one version. */
export interface AgreementSignaturesTable {
  id: Generated<number>;
  versionId: number;
  party: "business" | "agent";
  userId: number;
  signerName: string;
  signedAt: Timestamp;
  ipAddress: string;
  userAgent: string;
  documentSha256: string;
}

/** An Enterprise business's own agreement template. */
export interface AgreementTemplatesTable {
  businessId: number;
  template: Json;
  updatedAt: DefaultTimestamp;
}

export interface PaymentsTable {
  id: Generated<number>;
  invoiceId: number;
  businessId: number;
  agentId: number;
  amountCents: Cents;
  currency: Generated<string>;
  paymentMethodId: number | null;
  status: Generated<"pending" | "processing" | "completed" | "failed" | "refunded">;
  transactionId: string | null;
  paymentIntentId: string | null;
  processingFeeCents: ColumnType<string | number, number | bigint | undefined, number | bigint>;
  receiptUrl: string | null;
  createdAt: DefaultTimestamp;
  updatedAt: DefaultTimestamp;
  metadata: Json | null;
  /** 1, 2, … per invoice (migration 2026-11-23-03-payments). */
  attempt: Generated<number>;
  failureMessage: string | null;
  /** Platform fee taken on this payment, cents (migration 2026-11-23-07-audit-and-fees). */
  applicationFeeCents: ColumnType<string | number, number | bigint | undefined, number | bigint>;
  /** Total refunded on this payment so far, cents. */
  refundedCents: ColumnType<string | number, number | bigint | undefined, number | bigint>;
  /** The mandate that made this payment, and its collection attempt (issue 45). */
  mandateId: ColumnType<number | null, number | null | undefined, number | null>;
  collectionAttempt: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Payment mandates (issue 45; migration 2026-12-02-45-collection). */
export interface PaymentMandatesTable {
  id: Generated<number>;
  partnershipId: number;
  businessId: number;
  agentId: number;
  method: string;
  status: Generated<string>;
  reference: string;
  setupIntentId: string;
  gatewayMandateId: string | null;
  paymentMethodId: string | null;
  bsb: string | null;
  lastFour: string;
  acceptedAt: Date;
  acceptedIp: string | null;
  acceptedUserAgent: string | null;
  inactiveReason: string | null;
  createdAt: DefaultTimestamp;
  updatedAt: DefaultTimestamp;
}

/** Per invoice: the advance notice's day and the last failure told (issue 45). */
export interface InvoiceCollectionTable {
  invoiceId: number;
  noticeSentOn: ColumnType<string | null, string | null | undefined, string | null>;
  failureNotifiedAttempt: Generated<number>;
}

/** The local gateway's test bank accounts and cards: what each does when charged (issue 45). */
export interface LocalMandateMethodsTable {
  paymentMethodId: string;
  method: string;
  outcome: string;
  setupIntentId: string;
  createdAt: DefaultTimestamp;
}

/** Append-only record of staff writes (AuditLog port; migration 2026-11-23-07-audit-and-fees). */
export interface AuditLogTable {
  id: Generated<number>;
  actorUserId: number | null;
  action: string;
  subjectType: string;
  subjectId: string;
  before: Json | null;
  after: Json | null;
  createdAt: DefaultTimestamp;
}

/** Gateway event ids applied, written with the change they caused (migration 2026-11-23-03-payments). */
export interface GatewayEventsTable {
  id: string;
  type: string;
  paymentIntentId: string | null;
  outcome: string;
  receivedAt: DefaultTimestamp;
}

/** The local gateway's PaymentIntents. */
export interface LocalPaymentIntentsTable {
  id: string;
  clientSecret: string;
  idempotencyKey: string;
  amountCents: Cents;
  currency: Generated<string>;
  status: string;
  invoiceId: number | null;
  paymentId: number | null;
  description: string | null;
  cardLastFour: string | null;
  latestChargeId: string | null;
  lastErrorCode: string | null;
  lastErrorMessage: string | null;
  nextAction: string | null;
  /** A destination charge's connected account and platform fee; refunded so far (issue 14). */
  transferDestination: string | null;
  applicationFeeCents: ColumnType<
    string | number | null,
    number | bigint | null | undefined,
    number | bigint | null
  >;
  amountRefundedCents: ColumnType<string | number, number | bigint | undefined, number | bigint>;
  /** Issue 45: a BECS debit's clearing date and how it ends (local gateway). */
  clearsOn: ColumnType<string | null, string | null | undefined, string | null>;
  plannedOutcome: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: DefaultTimestamp;
  updatedAt: DefaultTimestamp;
}

/** The local gateway's event outbox. */
export interface LocalGatewayEventsTable {
  id: string;
  seq: Generated<string | number>;
  type: string;
  paymentIntentId: string;
  intent: ColumnType<unknown, string, string>;
  deliveredAt: NullableTimestamp;
  createdAt: DefaultTimestamp;
}

type PaidPlan = "professional" | "enterprise" | "agent_pro";
type SubscriptionStatusColumn = "incomplete" | "incomplete_expired" | "active" | "past_due" | "canceled";

/** Subscriptions (migration 2026-11-23-05-subscriptions). */
export interface SubscriptionsTable {
  id: Generated<number>;
  userId: number;
  planId: PaidPlan;
  billingInterval: Generated<"month" | "year">;
  status: Generated<SubscriptionStatusColumn>;
  gatewaySubscriptionId: string | null;
  gatewayCustomerId: string | null;
  paymentIntentId: string | null;
  clientSecret: string | null;
  currentPeriodStart: NullableTimestamp;
  currentPeriodEnd: NullableTimestamp;
  cancelAtPeriodEnd: Generated<boolean>;
  scheduledPlanId: PaidPlan | null;
  pastDueSince: NullableTimestamp;
  canceledAt: NullableTimestamp;
  createdAt: DefaultTimestamp;
  updatedAt: DefaultTimestamp;
}

/** Each billing period's invoice as the gateway reported it; paid ones are tax invoices. */
export interface SubscriptionInvoicesTable {
  id: Generated<number>;
  subscriptionId: number;
  userId: number;
  gatewayInvoiceId: string;
  number: string | null;
  planId: PaidPlan;
  billingInterval: "month" | "year";
  amountCents: Cents;
  gstCents: Cents;
  status: "paid" | "failed";
  periodStart: Timestamp;
  periodEnd: Timestamp;
  paidAt: NullableTimestamp;
  failureMessage: string | null;
  createdAt: DefaultTimestamp;
}

/** The local gateway's Stripe Billing stand-in. */
export interface LocalSubscriptionsTable {
  id: string;
  customerId: string;
  idempotencyKey: string;
  userId: number;
  planId: PaidPlan;
  billingInterval: "month" | "year";
  status: SubscriptionStatusColumn;
  currentPeriodStart: Timestamp;
  currentPeriodEnd: Timestamp;
  cancelAtPeriodEnd: Generated<boolean>;
  scheduledPlanId: PaidPlan | null;
  cardOutcome: "succeed" | "decline" | "authenticate" | null;
  cardLastFour: string | null;
  latestInvoiceId: string | null;
  retryCount: Generated<number>;
  nextRetryAt: NullableTimestamp;
  createdAt: Timestamp;
}

export interface LocalSubscriptionInvoicesTable {
  id: string;
  subscriptionId: string;
  paymentId: string;
  clientSecret: string;
  planId: PaidPlan;
  billingInterval: "month" | "year";
  amountCents: Cents;
  periodStart: Timestamp;
  periodEnd: Timestamp;
  status: "open" | "paid" | "void";
  paymentStatus: Generated<"requires_payment_method" | "requires_action" | "succeeded" | "canceled">;
  lastErrorCode: string | null;
  lastErrorMessage: string | null;
  createdAt: Timestamp;
}

export interface LocalBillingEventsTable {
  id: string;
  seq: Generated<string | number>;
  type: string;
  payload: ColumnType<unknown, string, string>;
  deliveredAt: NullableTimestamp;
  createdAt: DefaultTimestamp;
}

export interface LocalBillingClockTable {
  id: number;
  offsetMs: ColumnType<string | number, number, number>;
}

export interface ContentTable {
  id: Generated<number>;
  title: string;
  slug: string;
  type: "about" | "careers" | "blog" | "press" | "guide" | "help";
  /** jsonb since migration 2026-11-23-11-content (the editor's structured JSON). */
  content: ColumnType<unknown, string | undefined, string>;
  authorId: number | null;
  published: Generated<boolean>;
  featured: Generated<boolean>;
  publishedAt: NullableTimestamp;
  createdAt: DefaultTimestamp;
  updatedAt: DefaultTimestamp;
  metadata: Json | null;
  /** Optimistic locking (migration 2026-11-23-11-content). */
  version: Generated<number>;
  updatedBy: number | null;
}

export interface MediaTable {
  id: Generated<number>;
  filename: string;
  originalFilename: string;
  mimeType: string;
  size: number;
  url: string;
  uploaderId: number | null;
  alt: string | null;
  createdAt: DefaultTimestamp;
  metadata: Json | null;
  /** FileStorage keys of the original and its thumbnail (migration 2026-11-23-11-content). */
  storageKey: string | null;
  thumbnailKey: string | null;
  width: number | null;
  height: number | null;
}

export interface OnboardingTable {
  id: Generated<number>;
  userId: number;
  status: Generated<"not_started" | "in_progress" | "completed">;
  currentStep: Generated<number>;
  totalSteps: Generated<number>;
  completedSteps: Generated<number[]>;
  lastUpdated: DefaultTimestamp;
  completedAt: NullableTimestamp;
  metadata: Json | null;
}

export interface VerificationRequestsTable {
  id: Generated<number>;
  userId: number;
  userType: "business" | "agent";
  status: Generated<"submitted" | "under_review" | "changes_requested" | "approved" | "rejected">;
  documents: ColumnType<unknown, string, string>;
  additionalInfo: Json | null;
  adminNotes: string | null;
  submittedAt: DefaultTimestamp;
  reviewedAt: NullableTimestamp;
  reviewedBy: number | null;
  /** What the ABN registry answered (migration 2026-11-23-04). */
  abnLookup: Json | null;
  updatedAt: DefaultTimestamp;
}

export interface MailOutboxTable {
  id: Generated<number>;
  recipient: string;
  subject: string;
  body: string;
  createdAt: DefaultTimestamp;
  html: string | null;
  kind: string | null;
}

/** The job queue (migration 2026-11-23-06-account, ADR 0010). */
export interface JobsTable {
  id: Generated<number>;
  kind: string;
  payload: ColumnType<unknown, string, string>;
  status: Generated<"queued" | "running" | "done" | "failed">;
  attempts: Generated<number>;
  runAt: DefaultTimestamp;
  lastError: string | null;
  createdAt: DefaultTimestamp;
  finishedAt: NullableTimestamp;
  /** A scheduled job's `<kind>@<tick>`: one per tick across processes (migration 2026-11-24-05). */
  singletonKey: ColumnType<string | null, string | null | undefined, string | null>;
  /** When staff last retried the failed job (admin queue view). */
  retriedAt: NullableTimestamp;
}

/** "Download my data" results (migration 2026-11-23-06-account). */
export interface DataExportsTable {
  id: Generated<number>;
  userId: number;
  tokenHash: string;
  data: ColumnType<unknown, string, string>;
  createdAt: DefaultTimestamp;
  expiresAt: Timestamp;
}

/** Outbox of live events (migration 2026-11-23-02-messaging); its id is the SSE event id. */
export interface LiveEventsTable {
  id: Generated<number>;
  kind: "message" | "read" | "notification";
  userIds: number[];
  data: unknown;
  createdAt: DefaultTimestamp;
}

/** Fixed-window rate-limit counters shared by all API processes (issue 21). */
export interface RateLimitHitsTable {
  key: string;
  hits: number;
  resetAt: Date;
}

/** Issue 14 (migration 2026-11-23-10-payouts): one payout account and tax details per agent profile. */
export interface PayoutAccountsTable {
  agentId: number;
  gatewayAccountId: string | null;
  chargesEnabled: Generated<boolean>;
  payoutsEnabled: Generated<boolean>;
  detailsSubmitted: Generated<boolean>;
  requirements: ColumnType<unknown, string | undefined, string>;
  disabledReason: string | null;
  bankLastFour: string | null;
  abn: string | null;
  gstRegistered: Generated<boolean>;
  lastEventAt: NullableTimestamp;
  createdAt: DefaultTimestamp;
  updatedAt: DefaultTimestamp;
}

/** Staff refunds with their split (issue 14); one credit note each. */
export interface PayoutRefundsTable {
  id: Generated<number>;
  paymentId: number;
  amountCents: Cents;
  feeRefundCents: Cents;
  transferReversalCents: Cents;
  gstRefundCents: Cents;
  gatewayRefundId: string | null;
  reason: string;
  actorUserId: number | null;
  createdAt: DefaultTimestamp;
  /** ADR 0041: set when the gateway reported the refund failed or canceled after it was recorded. */
  reversedAt: Date | null;
}

/** Refund ids the gateway reported failed or canceled (ADR 0041). */
export interface GatewayRefundFailuresTable {
  refundId: string;
  paymentId: number;
  status: "failed" | "canceled";
  createdAt: DefaultTimestamp;
}

/** A payment's payout held while a card dispute is open (ADR 0041). */
export interface PayoutHoldsTable {
  disputeId: string;
  paymentId: number;
  amountCents: Cents;
  status: "held" | "released" | "reversed";
  openedAt: DefaultTimestamp;
  closedAt: Date | null;
  /** ADR 0049: the agent's share taken back at the gateway while the dispute is open. */
  transferReversalCents: ColumnType<string | number, number | bigint | undefined, number | bigint>;
  /** `trr_…`, 'none', or null: not done yet. */
  transferReversal: ColumnType<string | null, string | null | undefined, string | null>;
  /** `tr_…`, 'none', or null: not done yet. */
  retransfer: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The local gateway's connected accounts (issue 14). */
export interface LocalConnectedAccountsTable {
  id: string;
  idempotencyKey: string;
  email: string;
  createdAt: DefaultTimestamp;
}

/** What a user is told, with a link to its object (migration 2026-11-23-13-insights). */
export interface NotificationsTable {
  id: Generated<string | number>;
  userId: number;
  kind: string;
  title: string;
  link: string;
  subjectId: number | null;
  readAt: NullableTimestamp;
  createdAt: DefaultTimestamp;
}

/** Per agent profile and Sydney day: search appearances and profile views (counts only). */
export interface AgentProfileDailyStatsTable {
  agentId: number;
  day: ColumnType<string, string, string>;
  searchAppearances: Generated<number>;
  profileViews: Generated<number>;
}

/**
 * The daily roll-up of /analytics (ADR 0026; migration 2026-11-25-02-insights-rollup): per
 * business, agent and Sydney day, invoices paid that day and invoices raised that day.
 */
export interface InsightsDailyTable {
  businessId: number;
  agentId: number;
  day: ColumnType<string, string, string>;
  paidCents: ColumnType<string | number, number | bigint, number | bigint>;
  paidCount: number;
  onTimeCount: number;
  paySeconds: number;
  raisedCount: number;
}

/** The last Sydney day insights_daily holds (one row). */
export interface InsightsRollupStateTable {
  id: Generated<boolean>;
  rolledThrough: ColumnType<string, string, string>;
  refreshedAt: DefaultTimestamp;
}

/** A browser's web push subscription (issue 19). */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  userId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  createdAt: DefaultTimestamp;
}

/** One open SSE stream of any API process (issue 19: push only when a user has none). */
export interface LiveStreamsTable {
  id: Generated<string | number>;
  userId: number;
  openedAt: DefaultTimestamp;
}

/** Issue 44: a business's opportunity (migration 2026-12-02-44-opportunities). */
export interface OpportunitiesTable {
  id: Generated<number>;
  businessId: number;
  slug: string;
  title: string;
  product: string;
  territory: string[];
  customerType: string;
  model: unknown;
  modelType: string;
  headlineRate: number | string;
  expectedDealCents: bigint | number | string | null;
  idealSpecialization: string;
  idealSkills: string[];
  minimumYears: number;
  placesWanted: number;
  placesFilled: Generated<number>;
  status: Generated<string>;
  closedReason: string | null;
  publishedAt: Date | string | null;
  searchVector: Generated<string>;
  createdAt: Generated<Date | string>;
  updatedAt: Generated<Date | string>;
}

export interface OpportunityApplicationsTable {
  id: Generated<number>;
  opportunityId: number;
  agentId: number;
  coverMessage: string;
  proposedRate: number | string | null;
  status: Generated<string>;
  partnershipId: number | null;
  createdAt: Generated<Date | string>;
  updatedAt: Generated<Date | string>;
}

export interface OpportunityInvitationsTable {
  id: Generated<number>;
  opportunityId: number;
  agentId: number;
  message: string;
  status: Generated<string>;
  createdAt: Generated<Date | string>;
  expiresAt: Date | string;
  answeredAt: Date | string | null;
}

export interface Database {
  opportunities: OpportunitiesTable;
  opportunityApplications: OpportunityApplicationsTable;
  opportunityInvitations: OpportunityInvitationsTable;
  users: UsersTable;
  session: SessionTable;
  businessProfiles: BusinessProfilesTable;
  searchVocabulary: SearchVocabularyTable;
  agentProfiles: AgentProfilesTable;
  partnerships: PartnershipsTable;
  reviews: ReviewsTable;
  reviewReminders: ReviewRemindersTable;
  messages: MessagesTable;
  paymentMethods: PaymentMethodsTable;
  invoices: InvoicesTable;
  payments: PaymentsTable;
  content: ContentTable;
  media: MediaTable;
  onboarding: OnboardingTable;
  verificationRequests: VerificationRequestsTable;
  mailOutbox: MailOutboxTable;
  jobs: JobsTable;
  dataExports: DataExportsTable;
  liveEvents: LiveEventsTable;
  notifications: NotificationsTable;
  agentProfileDailyStats: AgentProfileDailyStatsTable;
  insightsDaily: InsightsDailyTable;
  insightsRollupState: InsightsRollupStateTable;
  auditLog: AuditLogTable;
  gatewayEvents: GatewayEventsTable;
  localPaymentIntents: LocalPaymentIntentsTable;
  localGatewayEvents: LocalGatewayEventsTable;
  paymentMandates: PaymentMandatesTable;
  invoiceCollection: InvoiceCollectionTable;
  localMandateMethods: LocalMandateMethodsTable;
  subscriptions: SubscriptionsTable;
  subscriptionInvoices: SubscriptionInvoicesTable;
  localSubscriptions: LocalSubscriptionsTable;
  localSubscriptionInvoices: LocalSubscriptionInvoicesTable;
  localBillingEvents: LocalBillingEventsTable;
  localBillingClock: LocalBillingClockTable;
  rateLimitHits: RateLimitHitsTable;
  payoutAccounts: PayoutAccountsTable;
  payoutRefunds: PayoutRefundsTable;
  gatewayRefundFailures: GatewayRefundFailuresTable;
  payoutHolds: PayoutHoldsTable;
  localConnectedAccounts: LocalConnectedAccountsTable;
  contactMessages: ContactMessagesTable;
  newsletterSubscriptions: NewsletterSubscriptionsTable;
  pushSubscriptions: PushSubscriptionsTable;
  agreements: AgreementsTable;
  agreementVersions: AgreementVersionsTable;
  agreementSignatures: AgreementSignaturesTable;
  agreementTemplates: AgreementTemplatesTable;
  liveStreams: LiveStreamsTable;
  disputes: DisputesTable;
  disputeEvidence: DisputeEvidenceTable;
  disputeLines: DisputeLinesTable;
  disputeCreditNotes: DisputeCreditNotesTable;
  apiKeys: ApiKeysTable;
  apiAccessGrants: ApiAccessGrantsTable;
  idempotencyKeys: IdempotencyKeysTable;
  webhookEndpoints: WebhookEndpointsTable;
  webhookEvents: WebhookEventsTable;
  webhookDeliveries: WebhookDeliveriesTable;
}

/** An account's webhook endpoint (migration 2026-11-25-01-webhooks, ADR 0023). */
export interface WebhookEndpointsTable {
  id: Generated<number>;
  userId: number;
  url: string;
  description: Generated<string>;
  events: string[];
  secret: string;
  enabled: Generated<boolean>;
  createdAt: DefaultTimestamp;
}

/** A published webhook event with its exact body (migration 2026-11-25-01-webhooks). */
export interface WebhookEventsTable {
  id: string;
  type: string;
  objectKey: string;
  body: string;
  createdAt: DefaultTimestamp;
}

/** One event's delivery to one endpoint (migration 2026-11-25-01-webhooks). */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  endpointId: number;
  eventId: string;
  eventType: string;
  objectKey: string;
  status: Generated<string>;
  attempts: Generated<number>;
  nextAttemptAt: Generated<Date | null>;
  leaseUntil: Date | null;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: DefaultTimestamp;
  deliveredAt: NullableTimestamp;
}

/** An account's API key; only the SHA-256 of its secret (migration 2026-11-24-04-integrators). */
export interface ApiKeysTable {
  id: Generated<number>;
  userId: number;
  name: string;
  hint: string;
  keyHash: string;
  scopes: string[];
  createdAt: DefaultTimestamp;
  lastUsedAt: NullableTimestamp;
  revokedAt: NullableTimestamp;
}

/** Accounts an administrator has given API access (migration 2026-11-24-04-integrators). */
export interface ApiAccessGrantsTable {
  userId: number;
  grantedAt: DefaultTimestamp;
}

/** The first response to an idempotent POST, per account and key, kept 24 h (issue 20). */
export interface IdempotencyKeysTable {
  userId: number;
  key: string;
  method: string;
  path: string;
  requestHash: string;
  status: number | null;
  responseBody: string | null;
  responseType: string | null;
  createdAt: DefaultTimestamp;
}

/** Contact form messages as received (migration 2026-11-23-11-content). */
export interface ContactMessagesTable {
  id: Generated<number>;
  fullName: string;
  email: string;
  subject: string;
  message: string;
  userId: number | null;
  createdAt: DefaultTimestamp;
}

/** Newsletter sign-ups, double opt-in (migration 2026-11-23-11-content). */
export interface NewsletterSubscriptionsTable {
  id: Generated<number>;
  email: string;
  tokenHash: string;
  createdAt: DefaultTimestamp;
  confirmedAt: NullableTimestamp;
}

/** Disputes on invoices (issue 17, ADR 0018; migration 2026-11-24-02-disputes). */
export interface DisputesTable {
  id: Generated<number>;
  invoiceId: number;
  openedBy: number;
  opener: "business" | "agent";
  reason: "amount_not_owed" | "work_not_done" | "charged_in_error" | "services_not_delivered";
  description: string;
  invoicePaid: boolean;
  invoiceAmountCents: Cents;
  state: "open" | "in_mediation" | "proposed" | "resolved" | "withdrawn";
  offerBy: "business" | "agent";
  offerAmountCents: Cents;
  proposalAmountCents: ColumnType<
    string | number | null,
    number | bigint | null | undefined,
    number | bigint | null
  >;
  proposalNote: string | null;
  proposalAcceptedBy: ColumnType<string[], string[] | undefined, string[]>;
  deadline: NullableTimestamp;
  settledAmountCents: ColumnType<
    string | number | null,
    number | bigint | null | undefined,
    number | bigint | null
  >;
  outcome: string | null;
  payoutHeld: Generated<boolean>;
  mediationStartedAt: NullableTimestamp;
  resolvedAt: NullableTimestamp;
  executedAt: NullableTimestamp;
  createdAt: DefaultTimestamp;
  updatedAt: DefaultTimestamp;
}

export interface DisputeEvidenceTable {
  id: Generated<number>;
  disputeId: number;
  party: "business" | "agent";
  fileName: string;
  contentType: "application/pdf" | "image/jpeg" | "image/png";
  size: number;
  storageKey: string;
  createdAt: DefaultTimestamp;
}

export interface DisputeLinesTable {
  id: Generated<number>;
  disputeId: number;
  kind: string;
  actor: "business" | "agent" | "staff" | "system";
  message: string | null;
  amountCents: ColumnType<string | number | null, number | bigint | null | undefined, number | bigint | null>;
  evidenceId: number | null;
  createdAt: DefaultTimestamp;
}

export interface DisputeCreditNotesTable {
  id: Generated<number>;
  disputeId: number;
  invoiceId: number;
  amountCents: Cents;
  gstCents: Cents;
  feeCents: Cents;
  originalAmountCents: Cents;
  createdAt: DefaultTimestamp;
}
