/**
 * Branded integer ids, so a user id can never be passed where a profile id is expected (ADR 0009).
 * Each is an effect Schema (`X.make(n)` brands a number the contract or a row already validated)
 * and a type of the same name.
 */
import { Schema } from "effect";

/** A positive integer id branded `B` (the one way every id below is made). */
export const intId = <const B extends string>(brand: B) =>
  Schema.Int.pipe(Schema.positive(), Schema.brand(brand));

/** A user account. */
export const UserId = intId("UserId");
export type UserId = typeof UserId.Type;

/** A signed-in session. */
export const SessionId = intId("SessionId");
export type SessionId = typeof SessionId.Type;

/** A business profile (not its user). */
export const BusinessProfileId = intId("BusinessProfileId");
export type BusinessProfileId = typeof BusinessProfileId.Type;

/** An agent profile (not its user). */
export const AgentProfileId = intId("AgentProfileId");
export type AgentProfileId = typeof AgentProfileId.Type;

/** A profile id of either side (which one is said by the party next to it). */
export type ProfileId = BusinessProfileId | AgentProfileId;

/**
 * A user named directly or as the owner of an agent or business profile (the adapter finds the
 * owner): who a notice or a webhook event is for.
 */
export type UserOrProfileOwner =
  | { readonly userId: UserId }
  | { readonly agentProfileId: AgentProfileId }
  | { readonly businessProfileId: BusinessProfileId };

/** A partnership between a business profile and an agent profile. */
export const PartnershipId = intId("PartnershipId");
export type PartnershipId = typeof PartnershipId.Type;

/** A commission invoice. */
export const InvoiceId = intId("InvoiceId");
export type InvoiceId = typeof InvoiceId.Type;

/** A payment of an invoice. */
export const PaymentId = intId("PaymentId");
export type PaymentId = typeof PaymentId.Type;

/** A review of a partner. */
export const ReviewId = intId("ReviewId");
export type ReviewId = typeof ReviewId.Type;

/** A verification request (one submission and its resubmissions). */
export const VerificationRequestId = intId("VerificationRequestId");
export type VerificationRequestId = typeof VerificationRequestId.Type;

/** A subscription row (a user's plan over time). */
export const SubscriptionId = intId("SubscriptionId");
export type SubscriptionId = typeof SubscriptionId.Type;

/** A subscription's tax invoice. */
export const SubscriptionInvoiceId = intId("SubscriptionInvoiceId");
export type SubscriptionInvoiceId = typeof SubscriptionInvoiceId.Type;

/** An in-app notification. */
export const NotificationId = intId("NotificationId");
export type NotificationId = typeof NotificationId.Type;

/** A dispute over an invoice. */
export const DisputeId = intId("DisputeId");
export type DisputeId = typeof DisputeId.Type;

/** A file of evidence on a dispute. */
export const DisputeEvidenceId = intId("DisputeEvidenceId");
export type DisputeEvidenceId = typeof DisputeEvidenceId.Type;

/** A partnership's commission agreement (ADR 0017). */
export const AgreementId = intId("AgreementId");
export type AgreementId = typeof AgreementId.Type;

/** One immutable version (proposal) of an agreement. */
export const AgreementVersionId = intId("AgreementVersionId");
export type AgreementVersionId = typeof AgreementVersionId.Type;

/** A staff refund of a payment (one credit note each). */
export const PayoutRefundId = intId("PayoutRefundId");
export type PayoutRefundId = typeof PayoutRefundId.Type;

/** An API key an account created (issue 20, ADR 0021). */
export const ApiKeyId = intId("ApiKeyId");
export type ApiKeyId = typeof ApiKeyId.Type;

/** A message between two users (a conversation is named by its counterpart, not an id). */
export const MessageId = intId("MessageId");
export type MessageId = typeof MessageId.Type;

/** A customer a business keeps or an agent registered through a deal (issue 43). */
export const CustomerId = intId("CustomerId");
export type CustomerId = typeof CustomerId.Type;

/** A deal registration under a partnership (issue 43). */
export const DealId = intId("DealId");
export type DealId = typeof DealId.Type;

/** A sale reported under a partnership (issue 43). */
export const SaleId = intId("SaleId");
export type SaleId = typeof SaleId.Type;
