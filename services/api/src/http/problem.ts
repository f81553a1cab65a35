/**
 * RFC 9457 problem responses, and the single table that maps core's tagged errors to them.
 */
import { type Problem, type ProblemCode, problemCatalogue, problemType } from "@closr/contracts";
import type { AgreementError } from "@closr/core/agreement";
import type { CollectionError } from "@closr/core/collection";
import type { CommissionError } from "@closr/core/commission";
import type { ContentError } from "@closr/core/content";
import type { DealError } from "@closr/core/deal";
import type { DisputeError } from "@closr/core/dispute";
import type { HelpError } from "@closr/core/help";
import type { IdentityError } from "@closr/core/identity";
import type { InsightsError } from "@closr/core/insights";
import type { IntegrationsError } from "@closr/core/integrations";
import type { InvoiceError } from "@closr/core/invoice";
import type { MessagingError } from "@closr/core/messaging";
import type { NotificationError } from "@closr/core/notification";
import type { OnboardingError } from "@closr/core/onboarding";
import type { OperationsError } from "@closr/core/operations";
import type { OpportunityError } from "@closr/core/opportunity";
import type { PartnershipError } from "@closr/core/partnership";
import type { PaymentError } from "@closr/core/payment";
import type { PayoutError } from "@closr/core/payout";
import type { ProfileError } from "@closr/core/profiles";
import type { ReviewError } from "@closr/core/review";
import { dollarsFromCents } from "@closr/core/shared";
import type { SubscriptionError } from "@closr/core/subscription";
import type { VerificationError } from "@closr/core/verification";
import { formatCents } from "@closr/format";
import type { Context, TypedResponse } from "hono";

export interface FieldError {
  readonly field: string;
  readonly message: string;
}

/** The problem+json body for a code. */
export function problemBody(
  code: ProblemCode,
  options: {
    detail?: string | undefined;
    errors?: readonly FieldError[] | undefined;
    instance?: string | undefined;
  } = {},
) {
  const { status, title } = problemCatalogue[code];
  return {
    type: problemType(code),
    title,
    status,
    ...(options.detail ? { detail: options.detail } : {}),
    ...(options.instance ? { instance: options.instance } : {}),
    ...(options.errors ? { errors: [...options.errors] } : {}),
  };
}

/** The JSON of a problem body as a typed response sees it. */
type ProblemJson = Problem;

/** The typed response of one problem code: its catalogue status, a problem+json body. */
export type ProblemResponseOf<C extends ProblemCode> = Response &
  TypedResponse<ProblemJson, (typeof problemCatalogue)[C]["status"], "json">;

/** Any problem response (a union, one member per catalogue status). */
export type ProblemResponse = { [C in ProblemCode]: ProblemResponseOf<C> }[ProblemCode];

/** Sends a problem from a handler, keeping headers already set on the context (request id, cookies). */
export const problem = <C extends ProblemCode>(
  c: Context,
  code: C,
  options: Parameters<typeof problemBody>[1] = {},
): ProblemResponseOf<C> => {
  const body = problemBody(code, { ...options, instance: options.instance ?? c.req.path });
  // The body is the catalogue's problem for `code`; TypedResponse is a type-only brand (hono).
  return c.body(JSON.stringify(body), body.status, {
    "content-type": "application/problem+json",
  }) as unknown as ProblemResponseOf<C>;
};

/** Every tagged error core's use cases can fail with: the union of each context's errors. */
export type DomainError =
  | IdentityError
  | ProfileError
  | PartnershipError
  | InvoiceError
  | PaymentError
  | MessagingError
  | VerificationError
  | SubscriptionError
  | OnboardingError
  | PayoutError
  | ContentError
  | ReviewError
  | DisputeError
  | DealError
  | NotificationError
  | InsightsError
  | HelpError
  | AgreementError
  | CommissionError
  | OperationsError
  | IntegrationsError
  | OpportunityError
  | CollectionError;

/** Why the invoice machine refused, in words for the caller (ADR 0049). */
const invoiceRefusalDetail = (e: {
  readonly id: number;
  readonly from: string;
  readonly event: string;
  readonly reason: string;
}): string => {
  const invoice = `Invoice #${e.id}`;
  if (e.event === "RefundRecorded")
    return e.from === "disputed"
      ? `${invoice} is under dispute; it cannot be refunded until the dispute is resolved.`
      : e.from === "refunded"
        ? `${invoice} has been refunded in full.`
        : e.from === "cancelled"
          ? `${invoice} was cancelled; there is nothing to refund.`
          : e.from === "issued"
            ? `${invoice} is not paid; there is nothing to refund.`
            : `${invoice} cannot be refunded this much: ${e.reason}.`;
  if (e.event === "DisputeOpened")
    return e.from === "disputed"
      ? `${invoice} is under a card dispute with the cardholder's bank; it cannot be disputed here until that ends.`
      : e.from === "cancelled"
        ? `${invoice} was cancelled; it cannot be disputed.`
        : e.from === "refunded"
          ? `${invoice} has been refunded in full; it cannot be disputed.`
          : `${invoice} cannot be disputed now: ${e.reason}.`;
  return `${invoice} cannot take this change now: ${e.reason}.`;
};

/** One row of the error table: the problem code, its detail and the field at fault. */
export interface ProblemRow {
  readonly code: ProblemCode;
  readonly detail: string;
  readonly field?: string;
  readonly errors?: readonly FieldError[];
}

/** The table's shape: exactly one row per tag of `DomainError`, typed by that error. */
type ErrorTable = {
  readonly [T in DomainError["_tag"]]: (e: Extract<DomainError, { _tag: T }>) => ProblemRow;
};

/**
 * Core's tagged errors → problem code, detail and the field at fault. One row per error; typed
 * by `DomainError`, so a new error without a row (or a row for no error) does not compile.
 */
export const errorTable = {
  UsernameTaken: () => ({
    code: "username-taken",
    detail: "This username is already taken.",
    field: "username",
  }),
  InvalidCredentials: () => ({ code: "invalid-credentials", detail: "Invalid username or password." }),
  Unauthenticated: () => ({ code: "unauthenticated", detail: "Please log in." }),
  UserNotFound: () => ({ code: "not-found", detail: "No such user." }),
  // Account (issue 15). Spec §8 words the reset-link message.
  InvalidToken: (e) =>
    e.purpose === "export"
      ? {
          code: "not-found",
          detail: "This download link is invalid or has expired. Please request a new export.",
        }
      : {
          code: "invalid-token",
          detail:
            e.purpose === "reset"
              ? "Invalid or expired token. Please request a new password reset link."
              : "This link is invalid or has expired. Please request a new one.",
        },
  WrongPassword: (e) => ({
    code: "validation-failed",
    detail:
      e.field === "currentPassword" ? "Your current password is incorrect" : "Your password is incorrect",
    field: String(e.field),
  }),
  VerificationEmailCooldown: (e) => ({
    code: "rate-limited",
    detail: `We just sent you a verification email. Please wait ${e.retryAfterSeconds} seconds before asking again.`,
  }),
  EmailAlreadyVerified: () => ({ code: "email-already-verified", detail: "Your email is already verified." }),
  EmailNotVerified: (e) => ({
    code: "email-not-verified",
    detail: `Please verify your email address before you ${e.action}. Check your inbox for the link, or send a new one from the banner.`,
  }),
  OnboardingNotFound: () => ({ code: "not-found", detail: "No onboarding yet." }),
  InvalidOnboardingStep: (e) => ({
    code: "validation-failed",
    detail: `step must be between 0 and ${e.totalSteps - 1}`,
    field: "step",
  }),
  ProfileAlreadyExists: (e) => ({
    code: "profile-exists",
    detail: `You already have ${e.kind === "agent" ? "an agent" : "a business"} profile.`,
  }),
  ProfileNotFound: (e) => ({ code: "not-found", detail: `No ${e.kind} profile found.` }),
  WrongAccountType: (e) => ({
    code: "wrong-account-type",
    detail: `Only ${e.required} accounts can ${e.action}.`,
  }),
  InvalidSkills: (e) => ({ code: "validation-failed", detail: String(e.message), field: "skills" }),
  // Invoices and payments (issue 5).
  InvoiceNotFound: () => ({ code: "not-found", detail: "Invoice not found" }),
  InvalidInvoice: (e) => ({ code: "validation-failed", detail: String(e.message), field: String(e.field) }),
  InvoiceAlreadyPaid: () => ({ code: "invoice-paid", detail: "This invoice has already been paid." }),
  PaymentInProgress: () => ({
    code: "payment-in-progress",
    detail: "A payment for this invoice is being processed. Please wait for it to finish.",
  }),
  PaymentAmountMismatch: (e) => ({
    code: "payment-amount-mismatch",
    detail: `The payment of ${dollarsFromCents(e.paidCents)} AUD does not match the invoice's ${dollarsFromCents(e.expectedCents)} AUD.`,
  }),
  InvoiceTransitionRefused: (e) => ({ code: "invoice-transition", detail: invoiceRefusalDetail(e) }),
  PaymentTransitionNotAllowed: (e) => ({
    code: "payment-transition",
    detail: `A ${e.from} payment cannot take the event ${e.event}.`,
  }),
  PaymentMethodNotFound: () => ({ code: "not-found", detail: "Payment method not found." }),
  PaymentIntentNotFound: () => ({ code: "not-found", detail: "Payment not found." }),
  PaymentIntentUnexpectedState: (e) => ({ code: "payment-intent-state", detail: String(e.message) }),
  InvalidWebhook: (e) => ({ code: "invalid-webhook", detail: String(e.message) }),
  PaymentGatewayUnavailable: () => ({
    code: "service-unavailable",
    detail: "The payment service is unavailable. Please try again.",
  }),
  // Payouts (issue 14).
  PayoutsNotSetUp: (e) => ({
    code: "payouts-required",
    detail:
      e.status === "restricted"
        ? "Your payout account needs attention before you can raise invoices. Check Payouts for what is missing."
        : "Set up payouts before raising your first invoice: go to Payouts and add your bank account.",
  }),
  InvalidBankDetails: (e) => ({
    code: "validation-failed",
    detail: String(e.message),
    field: String(e.field),
  }),
  InvalidTaxDetails: (e) => ({
    code: "validation-failed",
    detail: String(e.message),
    field: String(e.field),
  }),
  PayoutAccountMissing: () => ({
    code: "payouts-not-started",
    detail: "Start payout setup first, then give your bank details.",
  }),
  PayoutGatewayUnavailable: () => ({
    code: "service-unavailable",
    detail: "The payout service is unavailable. Please try again.",
  }),
  StaffOnly: (e) => ({ code: "forbidden", detail: `Only staff can ${e.action}.` }),
  RefundPaymentNotFound: () => ({ code: "not-found", detail: "Payment not found." }),
  RefundNotAllowed: (e) => ({ code: "refund-not-allowed", detail: String(e.message), field: "amount" }),
  PayoutDocumentNotFound: () => ({ code: "not-found", detail: "Document not found." }),
  InvalidMessageContent: (e) => ({ code: "validation-failed", detail: String(e.message), field: "content" }),
  CannotMessageSelf: () => ({
    code: "validation-failed",
    detail: "You cannot send a message to yourself.",
    field: "receiverId",
  }),
  MessageUserNotFound: (e) => ({ code: "not-found", detail: "No such user.", field: String(e.field) }),
  // Partnerships (issue 4). Spec §8 words the missing-profile messages.
  OwnProfileRequired: (e) => ({
    code: "profile-required",
    detail: `You need to create ${e.kind === "agent" ? "an agent" : "a business"} profile first`,
  }),
  CounterpartNotFound: (e) => ({ code: "not-found", detail: `No such ${e.kind} profile.` }),
  InvalidConnectionRequest: (e) => ({
    code: "validation-failed",
    detail: String(e.message),
    field: String(e.field),
  }),
  PartnershipNotFound: () => ({ code: "not-found", detail: "No such partnership." }),
  PartnershipAlreadyExists: (e) => ({
    code: "partnership-exists",
    detail:
      e.status === "active"
        ? "You are already partners."
        : "A connection request between you is already pending.",
  }),
  PartnershipTransitionNotAllowed: (e) => ({ code: "partnership-transition", detail: String(e.reason) }),
  // Payment mandates (issue 45, ADR 0064).
  MandateNotFound: () => ({ code: "not-found", detail: "No such mandate." }),
  MandateAlreadyExists: () => ({
    code: "mandate-exists",
    detail: "This partnership already has a pending or active mandate. Revoke it first.",
  }),
  MandateTransitionRefused: (e) => ({ code: "mandate-transition", detail: String(e.message) }),
  MandateSetupRefused: (e) => ({
    code: "validation-failed",
    detail: String(e.reason),
    field: String(e.field),
  }),
  DirectDebitRequestNotAccepted: () => ({
    code: "validation-failed",
    detail: "Accept the current Direct Debit Request and its service agreement.",
    field: "directDebitRequestVersion",
  }),
  // Subscriptions (issue 13).
  SubscriptionTransitionNotAllowed: (e) => ({ code: "subscription-state", detail: String(e.reason) }),
  SubscriptionNotFound: () => ({ code: "not-found", detail: "You have no subscription to change." }),
  UnknownPlan: () => ({
    code: "validation-failed",
    detail: "Choose price_professional, price_enterprise or price_agent_pro.",
    field: "planId",
  }),
  PlanNotForAccountType: (e) => ({
    code: "validation-failed",
    detail: `This plan is for ${e.userType === "business" ? "agents" : "businesses"}.`,
    field: "planId",
  }),
  SubscriptionPending: () => ({
    code: "subscription-pending",
    detail: "A checkout for another plan is waiting for payment. Finish it, or try again tomorrow.",
  }),
  SubscriptionNotChangeable: (e) => ({ code: "subscription-state", detail: String(e.reason) }),
  SubscriptionGatewayUnavailable: () => ({
    code: "service-unavailable",
    detail: "The payment service is unavailable. Please try again.",
  }),
  SubscriptionPaymentNotFound: () => ({ code: "not-found", detail: "Payment not found." }),
  SubscriptionPaymentUnexpectedState: (e) => ({ code: "payment-intent-state", detail: String(e.message) }),
  PartnershipLimitReached: (e) => ({
    code: "plan-limit-reached",
    detail: e.own
      ? `Your plan allows ${e.limit} active partnerships. Upgrade at /pricing to add more.`
      : `This ${e.party} has reached their plan's limit of ${e.limit} active partnerships.`,
  }),
  // Verification (issue 12). Spec §6 words the wrong-type refusal.
  VerificationRequestNotFound: () => ({ code: "not-found", detail: "No such verification request." }),
  VerificationTransitionNotAllowed: (e) => ({ code: "verification-transition", detail: String(e.reason) }),
  VerificationAlreadyOpen: (e) => ({
    code: "verification-open",
    detail:
      e.status === "changes_requested"
        ? "Your verification request is waiting for your changes. Update and resubmit it."
        : "You already have a verification request in progress.",
  }),
  AlreadyVerified: () => ({ code: "already-verified", detail: "Your account is already verified." }),
  WrongVerificationType: (e) => ({
    code: "wrong-account-type",
    detail: `Access Denied: Only ${e.requested} accounts can apply for ${e.requested} verification. Your account is registered as ${e.actual === "agent" ? "an agent" : "a business"}.`,
    field: "userType",
  }),
  NotStaff: () => ({ code: "forbidden", detail: "Only staff can review verification requests." }),
  OwnVerificationRequest: () => ({
    code: "forbidden",
    detail: "You cannot review your own verification request; another staff member must.",
  }),
  InvalidVerificationRequest: (e) => {
    const errors = e.errors as readonly FieldError[];
    const documents = errors.some((f) => f.message === "Required");
    return {
      code: "validation-failed",
      detail: documents ? "Please upload all required documents" : "Some fields are missing or invalid.",
      errors,
    };
  },
  DocumentTooLarge: (e) => ({
    code: "document-too-large",
    detail: String(e.message),
    field: String(e.field),
  }),
  UnsupportedDocumentType: (e) => ({
    code: "document-type-unsupported",
    detail: String(e.message),
    field: String(e.field),
  }),
  // Content, media, contact and users (issue 16). Spec §5 words the content form messages.
  ContentNotFound: () => ({ code: "not-found", detail: "No such content." }),
  SlugTaken: (e) => ({
    code: "slug-taken",
    detail: `The slug "${e.slug}" is already used by other content.`,
    field: "slug",
  }),
  ContentVersionConflict: (e) => ({
    code: "content-version-conflict",
    detail: `This content was changed after you opened it (you edited version ${e.expected}). Reload it, compare, and save again.`,
  }),
  InvalidContent: (e) => ({
    code: "validation-failed",
    detail: e.errors.map((x) => x.message).join(" ") || "Some fields are missing or invalid.",
    errors: e.errors,
  }),
  AdminOnly: (e) => ({ code: "forbidden", detail: `Only admins can ${e.action}.` }),
  MediaNotFound: () => ({ code: "not-found", detail: "No such media." }),
  MediaTooLarge: () => ({ code: "media-too-large", detail: "The file is larger than 10 MB.", field: "file" }),
  MediaTypeUnsupported: () => ({
    code: "media-type-unsupported",
    detail: "Upload a JPEG, PNG, WebP or GIF image, or a PDF.",
    field: "file",
  }),
  MediaInUse: (e) => ({
    code: "media-in-use",
    detail: `This file is used by ${(e.titles ?? []).map((t) => `"${t}"`).join(", ")}. Remove it there first.`,
  }),
  ManagedUserNotFound: () => ({ code: "not-found", detail: "No such user." }),
  CannotChangeOwnAccount: (e) => ({
    code: "own-account",
    detail: `You cannot ${e.action} your own account.`,
  }),
  // Reviews (issue 22, ADR 0013).
  ReviewNotAllowed: (e) => ({
    code: "review-not-allowed",
    detail:
      e.reason === "too-early" && e.opensAt
        ? `You can review this partnership from ${e.opensAt.toISOString().slice(0, 10)}, once it has been active for 14 days.`
        : e.reason === "too-early"
          ? "Only partnerships that have been active can be reviewed."
          : "You can only review someone you have partnered with.",
  }),
  ReviewAlreadySubmitted: () => ({
    code: "review-exists",
    detail: "You have already reviewed this partnership. Reviews cannot be edited.",
  }),
  ReviewNotFound: () => ({ code: "not-found", detail: "No such review." }),
  ReviewReplyExists: () => ({ code: "review-reply-exists", detail: "This review already has a reply." }),
  InvalidReview: (e) => ({
    code: "validation-failed",
    detail: "Some fields are missing or invalid.",
    errors: e.errors as readonly FieldError[],
  }),
  NotModerator: () => ({ code: "forbidden", detail: "Only staff can moderate reviews." }),
  // Insights, notifications and help (issue 18).
  NotificationNotFound: () => ({ code: "not-found", detail: "No such notification." }),
  PlanRequired: (e) => ({
    code: "plan-required",
    detail: `The ${e.feature} needs the ${planTitles[e.requiredPlan]} plan. Upgrade at /pricing.`,
  }),
  InvalidRange: (e) => ({ code: "validation-failed", detail: e.message, field: e.field }),
  InsightsAgentNotFound: () => ({ code: "not-found", detail: "No such agent among your partners." }),
  HelpArticleNotFound: () => ({ code: "not-found", detail: "No such help article." }),
  // Commission agreements (issue 17, ADR 0017).
  AgreementNotFound: () => ({ code: "not-found", detail: "This partnership has no agreement you can see." }),
  AgreementTransitionNotAllowed: (e) => ({ code: "agreement-transition", detail: String(e.reason) }),
  InvalidAgreementTerms: (e) => ({
    code: "validation-failed",
    detail: e.errors[0]?.message ?? "Some terms are missing or invalid.",
    errors: e.errors as readonly FieldError[],
  }),
  SignaturePasswordIncorrect: (e) => ({
    code: "validation-failed",
    detail: "Your password is incorrect",
    field: String(e.field),
  }),
  CustomTemplatesNotIncluded: () => ({
    code: "plan-required",
    detail: "Custom contract templates need the Enterprise plan. Upgrade at /pricing.",
  }),
  // Operations (issue 21): the admin queue view.
  JobNotFound: () => ({ code: "not-found", detail: "No such job." }),
  JobNotRetryable: (e) => ({
    code: "job-not-retryable",
    detail:
      e.state === "changed"
        ? "This job is no longer failed; refresh to see its state."
        : `Only failed jobs can be retried; this one is ${e.state}.`,
  }),
  // Disputes (issue 17, ADR 0018).
  InvoiceDisputed: (e) => ({
    code: "invoice-disputed",
    detail:
      e.reason === "cancelled"
        ? `Invoice #${e.invoiceId} was cancelled by the resolution of dispute #${e.disputeId}; it cannot be paid.`
        : `Invoice #${e.invoiceId} is under dispute (#${e.disputeId}) and cannot be paid until the dispute is resolved.`,
  }),
  DisputeNotFound: () => ({ code: "not-found", detail: "No such dispute." }),
  DisputeAlreadyOpen: (e) => ({
    code: "dispute-open",
    detail: `Invoice #${e.invoiceId} already has an open dispute (#${e.disputeId}).`,
  }),
  DisputeTransitionRefused: (e) => ({ code: "dispute-transition", detail: e.message }),
  InvalidDispute: (e) => ({
    code: "validation-failed",
    detail: "Some fields are missing or invalid.",
    errors: e.errors as readonly FieldError[],
  }),
  NotMediator: () => ({ code: "forbidden", detail: "Only staff can mediate disputes." }),
  // Commission ledger (issue 43, ADR 0063).
  CommissionLineNotFound: () => ({ code: "not-found", detail: "No such commission ledger or line." }),
  NothingPayable: (e) => ({
    code: "nothing-payable",
    detail: `The payable commission lines net to ${formatCents(e.netCents)}: there is nothing to invoice.`,
  }),
  CommissionLineNotInvoiced: (e) => ({
    code: "commission-line-not-invoiced",
    detail: `Commission line #${e.id} is ${e.state}: flag it once an invoice has taken it.`,
  }),
  CommissionInvoiceIssuer: (e) => ({
    code: "commission-invoice-issuer",
    detail:
      e.issuer === "business"
        ? "This partnership's commission is invoiced by the business: a recipient-created tax invoice (both parties are registered for GST and the agreement has the RCTI clause)."
        : "This partnership's commission is invoiced by the agent.",
  }),
  // Deals and sales (issue 43, ADR 0062). A refused registration says only that it is taken.
  DealNotFound: () => ({ code: "not-found", detail: "No such deal, sale or partnership." }),
  CustomerAlreadyRegistered: (e) => ({ code: "customer-already-registered", detail: e.message }),
  DealTransitionRefused: (e) => ({ code: "deal-transition", detail: e.message }),
  SaleTransitionRefused: (e) => ({ code: "sale-transition", detail: e.message }),
  InvalidDeal: (e) => ({
    code: "validation-failed",
    detail: "Some fields are missing or invalid.",
    errors: e.errors as readonly FieldError[],
  }),
  SaleAlreadyRecorded: (e) => ({
    code: "sale-duplicate",
    detail: e.externalRef
      ? `A sale with the reference "${e.externalRef}" is already recorded for this partnership.`
      : "A sale with this reference is already recorded for this partnership.",
  }),
  // Integrations (issue 20).
  ApiAccessRequired: () => ({
    code: "api-access-required",
    detail: "API access is included in the Enterprise plan. Upgrade at /pricing.",
  }),
  ApiKeyNotFound: () => ({ code: "not-found", detail: "No such API key." }),
  ApiKeyLimitReached: (e) => ({
    code: "api-key-limit",
    detail: `You can have at most ${e.limit} active API keys. Revoke one first.`,
  }),
  WebhookEndpointNotFound: () => ({ code: "not-found", detail: "No such webhook endpoint." }),
  WebhookDeliveryNotFound: () => ({ code: "not-found", detail: "No such webhook delivery." }),
  WebhookEndpointLimitReached: (e) => ({
    code: "webhook-endpoint-limit",
    detail: `You can have at most ${e.limit} webhook endpoints. Delete one first.`,
  }),
  InvalidWebhookEndpoint: (e) => ({ code: "validation-failed", detail: e.message, field: e.field }),
  // Opportunities, applications and invitations (issue 44, ADR 0065).
  OpportunityNotFound: () => ({ code: "not-found", detail: "No such opportunity." }),
  ApplicationNotFound: () => ({ code: "not-found", detail: "No such application." }),
  InvitationNotFound: () => ({ code: "not-found", detail: "No such invitation." }),
  OpportunityTransitionNotAllowed: (e) => ({ code: "opportunity-transition", detail: String(e.reason) }),
  ApplicationTransitionNotAllowed: (e) => ({ code: "application-transition", detail: String(e.reason) }),
  ApplicationAlreadyOpen: (e) => ({
    code: "application-open",
    detail: `You already have an open application (#${e.applicationId}) to this opportunity.`,
  }),
  OpportunityLimitReached: (e) => ({
    code: "opportunity-limit-reached",
    detail: `Your plan allows ${e.limit} published opportunities at once. Pause or close one, or upgrade at /pricing.`,
  }),
  InvalidOpportunity: (e) => {
    const errors = e.errors.map((f) => ({ field: opportunityWireField(f.field), message: f.message }));
    return {
      code: "validation-failed",
      detail: errors[0]?.message ?? "Some fields are missing or invalid.",
      errors,
    };
  },
} satisfies ErrorTable;

/** Core's field path → the wire's (cents fields are dollars on the wire: expectedDealSize, model.base, tiers' from). */
const opportunityWireField = (field: string) =>
  field
    .replace(/^expectedDealCents$/, "expectedDealSize")
    .replace(/\.baseCents$/, ".base")
    .replace(/\.fromCents$/, ".from");

const planTitles = {
  professional: "Professional",
  enterprise: "Enterprise",
  agent_pro: "Agent Pro",
} as const;

/** The problem code a tagged error maps to, as a literal type. */
type CodeOf<E extends DomainError> = E extends { _tag: infer T extends DomainError["_tag"] }
  ? ReturnType<(typeof errorTable)[T]>["code"]
  : never;

/** The typed problem response of a union of tagged errors (one member per code it maps to). */
export type ProblemForError<E extends DomainError> = { [C in CodeOf<E>]: ProblemResponseOf<C> }[CodeOf<E>];

/** The problem Response for a tagged error (its row in the table). */
export function problemForError<E extends DomainError>(c: Context, error: E): ProblemForError<E> {
  // The table is keyed by tag and each row takes exactly its error; TypeScript cannot correlate
  // the two through the union, hence the widening here.
  const row = errorTable[error._tag] as (e: DomainError) => ProblemRow;
  const { code, detail, field, errors } = row(error);
  return problem(c, code, {
    detail,
    errors: errors ?? (field ? [{ field, message: detail }] : undefined),
  }) as ProblemForError<E>;
}
