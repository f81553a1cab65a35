/**
 * How webhook events are published (ADR 0023), and the JSON of each object as `data.object`
 * carries it (the contract's `webhooks` describe the same shapes). Other contexts never call it:
 * their domain events reach it through subscriber.ts (ADR 0037).
 * Money is AUD dollars (cents / 100), times ISO 8601 UTC, ids integers, as in the API.
 */
import { Effect, Option } from "effect";
import type { DealFacts, MandateFacts, SaleFacts, StatementFacts } from "../shared/domain-events.ts";
import type { AgentProfileId, BusinessProfileId, UserId } from "../shared/ids.ts";
import { WebhookEvents } from "./webhook-ports.ts";
import type { WebhookEventInput, WebhookEventType } from "./webhooks.ts";

/**
 * Publishes an event to the parties' endpoints. Best effort and optional: a
 * failure is logged and never fails the caller's change; a runtime without `WebhookEvents`
 * (unit tests of other contexts) skips it.
 */
export const publishWebhookEvent = (event: WebhookEventInput) =>
  Effect.gen(function* () {
    const events = yield* Effect.serviceOption(WebhookEvents);
    if (Option.isSome(events)) yield* events.value.publish(event);
  }).pipe(
    Effect.catchAllCause((cause) => Effect.logWarning("webhook publish failed", cause)),
    Effect.withSpan("webhooks.publish"),
  );

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const dollars = (cents: number) => Math.round(cents) / 100;

/** partnership.* — the partnership after the change. */
export const partnershipEvent = (
  type: Extract<WebhookEventType, `partnership.${string}`>,
  p: {
    readonly id: number;
    readonly businessId: BusinessProfileId;
    readonly agentId: AgentProfileId;
    readonly status: string;
    readonly requestedBy: string;
    readonly commissionRate: number;
    readonly startDate: Date | null;
    readonly endDate: Date | null;
    readonly createdAt: Date;
  },
): WebhookEventInput => ({
  type,
  objectKey: `partnership:${p.id}`,
  parties: [{ businessProfileId: p.businessId }, { agentProfileId: p.agentId }],
  object: {
    id: p.id,
    businessId: p.businessId,
    agentId: p.agentId,
    status: p.status,
    requestedBy: p.requestedBy,
    commissionRate: p.commissionRate,
    startDate: iso(p.startDate),
    endDate: iso(p.endDate),
    createdAt: p.createdAt.toISOString(),
  },
});

/** invoice.* — the invoice. */
export const invoiceEvent = (
  type: Extract<WebhookEventType, `invoice.${string}`>,
  i: {
    readonly id: number;
    readonly partnershipId: number;
    readonly businessId: BusinessProfileId;
    readonly agentId: AgentProfileId;
    readonly amountCents: number;
    readonly description: string;
    readonly dueDate: string;
    readonly isPaid?: boolean | undefined;
  },
): WebhookEventInput => ({
  type,
  objectKey: `invoice:${i.id}`,
  parties: [{ businessProfileId: i.businessId }, { agentProfileId: i.agentId }],
  object: {
    id: i.id,
    partnershipId: i.partnershipId,
    businessId: i.businessId,
    agentId: i.agentId,
    amount: dollars(i.amountCents),
    currency: "AUD",
    description: i.description,
    dueDate: i.dueDate,
    isPaid: type === "invoice.paid" ? true : (i.isPaid ?? false),
  },
});

/** mandate.* — the mandate after the change (issue 45). */
export const mandateEvent = (
  type: Extract<WebhookEventType, `mandate.${string}`>,
  m: MandateFacts,
): WebhookEventInput => ({
  type,
  objectKey: `mandate:${m.id}`,
  parties: [{ businessProfileId: m.businessId }, { agentProfileId: m.agentId }],
  object: {
    id: m.id,
    partnershipId: m.partnershipId,
    businessId: m.businessId,
    agentId: m.agentId,
    method: m.method,
    status: m.status,
    reference: m.reference,
    lastFour: m.lastFour,
    inactiveReason: m.inactiveReason,
  },
});

/** statement.issued — a partnership's monthly commission statement (issue 43), money in dollars. */
export const statementEvent = (s: StatementFacts): WebhookEventInput => ({
  type: "statement.issued",
  objectKey: `statement:${s.partnershipId}:${s.month}`,
  parties: [{ businessProfileId: s.businessId }, { agentProfileId: s.agentId }],
  object: {
    partnershipId: s.partnershipId,
    businessId: s.businessId,
    agentId: s.agentId,
    month: s.month,
    currency: "AUD",
    openingBalance: dollars(s.openingBalanceCents),
    earned: dollars(s.earnedCents),
    clawbacks: dollars(s.clawbacksCents),
    payable: dollars(s.payableCents),
    invoiced: dollars(s.invoicedCents),
    paid: dollars(s.paidCents),
    closingBalance: dollars(s.closingBalanceCents),
  },
});

/** invoice.collection_* — the invoice with what the collection did (issue 45). */
export const collectionEvent = (
  type: "invoice.collection_scheduled" | "invoice.collection_failed",
  invoice: Parameters<typeof invoiceEvent>[1],
  collection: {
    chargeOn: string | null;
    attempt: number | null;
    reason: string | null;
    retryOn: string | null;
  },
): WebhookEventInput => {
  const base = invoiceEvent(type, invoice);
  return { ...base, object: { ...base.object, collection } };
};

/** payment.* — the payment after the gateway's event. */
export const paymentEvent = (
  type: Extract<WebhookEventType, `payment.${string}`>,
  p: {
    readonly id: number;
    readonly invoiceId: number;
    readonly businessId: BusinessProfileId;
    readonly agentId: AgentProfileId;
    readonly amountCents: number;
    readonly status: string;
  },
): WebhookEventInput => ({
  type,
  objectKey: `payment:${p.id}`,
  parties: [{ businessProfileId: p.businessId }, { agentProfileId: p.agentId }],
  object: {
    id: p.id,
    invoiceId: p.invoiceId,
    businessId: p.businessId,
    agentId: p.agentId,
    amount: dollars(p.amountCents),
    currency: "AUD",
    status: p.status,
  },
});

/** message.created — in order per conversation (both parties receive it). */
export const messageEvent = (m: {
  readonly id: number;
  readonly senderId: UserId;
  readonly receiverId: UserId;
  readonly content: string;
  readonly sentAt: Date;
}): WebhookEventInput => ({
  type: "message.created",
  objectKey: `conversation:${Math.min(m.senderId, m.receiverId)}-${Math.max(m.senderId, m.receiverId)}`,
  parties: [{ userId: m.senderId }, { userId: m.receiverId }],
  object: {
    id: m.id,
    senderId: m.senderId,
    receiverId: m.receiverId,
    content: m.content,
    sentAt: m.sentAt.toISOString(),
  },
});

/** The webhook each staff decision publishes (other statuses publish none). */
const verificationEventTypes = new Map<string, WebhookEventType>([
  ["approved", "verification.approved"],
  ["rejected", "verification.rejected"],
  ["changes_requested", "verification.changes_requested"],
]);

/** verification.* — a staff decision on the applicant's request. */
export const verificationEvent = (v: {
  readonly id: number;
  readonly userId: UserId;
  readonly status: string;
}): WebhookEventInput | null => {
  const type = verificationEventTypes.get(v.status);
  if (!type) return null;
  return {
    type,
    objectKey: `verification:${v.id}`,
    parties: [{ userId: v.userId }],
    object: { id: v.id, userId: v.userId, status: v.status },
  };
};

/** The opportunity an opportunity.* or application.* event names (issue 44). */
interface OpportunityObjectFacts {
  readonly id: number;
  readonly slug: string;
  readonly title: string;
  readonly businessId: BusinessProfileId;
  readonly status: string;
  readonly closedReason: string | null;
  readonly placesWanted: number;
  readonly placesFilled: number;
}

const opportunityObject = (o: OpportunityObjectFacts) => ({
  id: o.id,
  slug: o.slug,
  title: o.title,
  businessId: o.businessId,
  status: o.status,
  closedReason: o.closedReason,
  placesWanted: o.placesWanted,
  placesFilled: o.placesFilled,
});

/** opportunity.* — the opportunity after the change; to its business only. */
export const opportunityEvent = (
  type: Extract<WebhookEventType, `opportunity.${string}`>,
  o: OpportunityObjectFacts,
): WebhookEventInput => ({
  type,
  objectKey: `opportunity:${o.id}`,
  parties: [{ businessProfileId: o.businessId }],
  object: opportunityObject(o),
});

/** application.* — the application after the step, with its opportunity; to both parties. */
export const applicationEvent = (
  type: Extract<WebhookEventType, `application.${string}`>,
  a: {
    readonly id: number;
    readonly opportunityId: number;
    readonly agentId: AgentProfileId;
    readonly status: string;
    readonly proposedRate: number | null;
    readonly partnershipId: number | null;
  },
  o: OpportunityObjectFacts,
): WebhookEventInput => ({
  type,
  objectKey: `application:${a.id}`,
  parties: [{ businessProfileId: o.businessId }, { agentProfileId: a.agentId }],
  object: {
    id: a.id,
    opportunityId: a.opportunityId,
    agentId: a.agentId,
    status: a.status,
    proposedRate: a.proposedRate,
    partnershipId: a.partnershipId,
    opportunity: opportunityObject(o),
  },
});

/**
 * deal.* — the registration after the step (issue 43); to the partnership's two parties only
 * (another agent's refused registration publishes nothing).
 */
export const dealEvent = (
  type: Extract<WebhookEventType, `deal.${string}`>,
  d: DealFacts,
): WebhookEventInput => ({
  type,
  objectKey: `deal:${d.id}`,
  parties: [{ userId: d.businessUserId }, { userId: d.agentUserId }],
  object: {
    id: d.id,
    partnershipId: d.partnershipId,
    customerId: d.customerId,
    customerName: d.customerName,
    state: d.state,
    protectedUntil: d.protectedUntil,
  },
});

/** sale.* — the sale after the step (issue 43), amounts AUD dollars ex-GST; `refund` on sale.refunded. */
export const saleEvent = (
  type: Extract<WebhookEventType, `sale.${string}`>,
  s: SaleFacts,
  refund: { readonly refundCents: number; readonly refundDate: string } | null = null,
): WebhookEventInput => ({
  type,
  objectKey: `sale:${s.id}`,
  parties: [{ userId: s.businessUserId }, { userId: s.agentUserId }],
  object: {
    id: s.id,
    partnershipId: s.partnershipId,
    dealId: s.dealId,
    customerId: s.customerId,
    amount: dollars(s.amountCents),
    saleDate: s.saleDate,
    kind: s.kind,
    state: s.state,
    reportedBy: s.reportedBy,
    confirmBy: iso(s.confirmBy),
    refund: refund ? { amount: dollars(refund.refundCents), date: refund.refundDate } : null,
  },
});
