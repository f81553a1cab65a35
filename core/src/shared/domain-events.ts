/**
 * Domain events (ADR 0037): what a use case reports happened — a partnership requested, an
 * invoice paid, a dispute step — published through the one `DomainEvents` port. The contexts that
 * react to them (notification: the bell and its emails; integrations: outgoing webhooks) are
 * subscribers wired by the service; the publishing context imports none of them.
 *
 * Each event carries the facts its subscribers need as plain data typed with shared ids and Cents
 * only (the shared kernel imports no context), so a context's own model satisfies the shape
 * structurally. Times are `Date`s (UTC), money integer cents, dates `yyyy-MM-dd`.
 *
 * Delivery is synchronous and in the publisher's fiber: a subscriber runs inside the use case's
 * unit of work (ADR 0025), so what it writes (a notification row, a webhook event and its
 * delivery jobs) commits or rolls back with the change.
 */
import { Context, Effect } from "effect";
import type {
  AgentProfileId,
  BusinessProfileId,
  CustomerId,
  DealId,
  DisputeId,
  InvoiceId,
  PartnershipId,
  PaymentId,
  SaleId,
  UserId,
} from "./ids.ts";
import type { Cents } from "./money.ts";

/** A side of a partnership or invoice. */
export type EventParty = "business" | "agent";

/** A partnership after the change, with both parties' names and owners. */
export interface PartnershipFacts {
  readonly id: PartnershipId;
  readonly businessId: BusinessProfileId;
  readonly agentId: AgentProfileId;
  readonly status: string;
  readonly requestedBy: EventParty;
  /** Percent, 0–100. */
  readonly commissionRate: number;
  readonly startDate: Date | null;
  readonly endDate: Date | null;
  readonly createdAt: Date;
  readonly business: { readonly userId: UserId; readonly companyName: string };
  readonly agent: { readonly userId: UserId; readonly fullName: string };
}

/** A party sent a connection request. */
export interface PartnershipRequested {
  readonly _tag: "PartnershipRequested";
  readonly partnership: PartnershipFacts;
  readonly by: EventParty;
}

/** A party accepted, rejected, withdrew or ended a partnership. */
export interface PartnershipChanged {
  readonly _tag: "PartnershipChanged";
  readonly partnership: PartnershipFacts;
  readonly by: EventParty;
  readonly status: "active" | "rejected" | "withdrawn" | "terminated";
}

/** An invoice as events carry it. */
export interface InvoiceFacts {
  readonly id: InvoiceId;
  readonly partnershipId: PartnershipId;
  readonly businessId: BusinessProfileId;
  readonly agentId: AgentProfileId;
  /** Total including GST, cents. */
  readonly amountCents: Cents;
  readonly description: string;
  /** `yyyy-MM-dd`. */
  readonly dueDate: string;
  readonly isPaid?: boolean | undefined;
  /** The agent's name where the publisher read it (null: no profile name). */
  readonly agentName?: string | null | undefined;
}

/** An agent raised an invoice. */
export interface InvoiceRaised {
  readonly _tag: "InvoiceRaised";
  readonly invoice: InvoiceFacts;
}

/** The gateway's event marked an invoice paid. */
export interface InvoicePaid {
  readonly _tag: "InvoicePaid";
  readonly invoice: InvoiceFacts;
}

/** The notification sweep found an invoice past its due date (once per invoice). */
export interface InvoiceOverdue {
  readonly _tag: "InvoiceOverdue";
  readonly invoice: InvoiceFacts;
}

/** A payment changed status on a gateway event. */
export interface PaymentStatusChanged {
  readonly _tag: "PaymentStatusChanged";
  readonly payment: {
    readonly id: PaymentId;
    readonly invoiceId: InvoiceId;
    readonly businessId: BusinessProfileId;
    readonly agentId: AgentProfileId;
    readonly amountCents: Cents;
    readonly status: string;
  };
}

/** A message was sent. */
export interface MessageSent {
  readonly _tag: "MessageSent";
  readonly message: {
    readonly id: number;
    readonly senderId: UserId;
    readonly receiverId: UserId;
    readonly content: string;
    readonly sentAt: Date;
  };
}

/** Staff decided a verification request (approved, rejected or changes requested). */
export interface VerificationDecided {
  readonly _tag: "VerificationDecided";
  readonly request: {
    readonly id: number;
    readonly userId: UserId;
    readonly status: "approved" | "rejected" | "changes_requested";
  };
  /** The decision in the applicant's words (the subject of its email). */
  readonly summary: string;
}

/** A partnership's parties, as agreement and dispute events carry them. */
export interface EventParties {
  readonly partnershipId: PartnershipId;
  readonly businessUserId: UserId;
  readonly agentUserId: UserId;
  readonly businessName: string;
  readonly agentName: string;
}

/** A step on a commission agreement (ADR 0017) taken by one party. */
export interface AgreementStepTaken {
  readonly _tag: "AgreementStepTaken";
  readonly parties: EventParties;
  readonly by: EventParty;
  readonly step:
    | { readonly kind: "proposed"; readonly version: number }
    | { readonly kind: "countered" }
    | { readonly kind: "signed"; readonly version: number; readonly binding: boolean };
}

/** A dispute as its events carry it. */
export interface DisputeFacts extends Omit<EventParties, "partnershipId"> {
  readonly id: DisputeId;
  readonly invoiceId: InvoiceId;
  readonly state: string;
  readonly settledAmountCents: Cents | null;
  readonly proposal: { readonly amountCents: Cents } | null;
}

/** Who took a dispute step: a party, staff (mediation) or the deadline sweep. */
export type DisputeActor = EventParty | "staff" | "system";

/** A party opened a dispute on an invoice. */
export interface DisputeOpened {
  readonly _tag: "DisputeOpened";
  readonly dispute: DisputeFacts;
  readonly by: EventParty;
}

/** A later dispute step (ADR 0018): `before` → `dispute`, described by `what`. */
export interface DisputeStepTaken {
  readonly _tag: "DisputeStepTaken";
  readonly before: { readonly state: string };
  readonly dispute: DisputeFacts;
  readonly by: DisputeActor;
  /** The step in plain words ("The agent accepted the offer."). */
  readonly what: string;
}

/** A deal registration as its events carry it (issue 43; never the other agents of a conflict). */
export interface DealFacts extends EventParties {
  readonly id: DealId;
  readonly customerId: CustomerId;
  readonly customerName: string;
  readonly state: "submitted" | "approved" | "rejected" | "won" | "lost" | "expired";
  /** `yyyy-MM-dd` (Sydney) the protection lasts through; null unless approved. */
  readonly protectedUntil: string | null;
}

/**
 * A deal step (issue 43): submitted by the agent; approved, rejected, renewed or marked won by the
 * business; lost; expired by the sweep; `expiring` is the sweep's notice a few days before.
 */
export interface DealStepTaken {
  readonly _tag: "DealStepTaken";
  readonly step: "submitted" | "approved" | "rejected" | "renewed" | "won" | "lost" | "expired" | "expiring";
  readonly deal: DealFacts;
  readonly by: EventParty | "system";
}

/** A sale as its events carry it (issue 43). Amounts ex-GST cents; dates `yyyy-MM-dd`. */
export interface SaleFacts extends EventParties {
  readonly id: SaleId;
  readonly dealId: DealId | null;
  readonly customerId: CustomerId | null;
  readonly amountCents: Cents;
  readonly saleDate: string;
  readonly kind: "one_off" | "recurring_monthly";
  readonly state: "reported" | "confirmed" | "disputed" | "refunded";
  readonly reportedBy: "business" | "agent" | "api";
  /** When an agent-reported sale counts as confirmed unanswered (null once answered). */
  readonly confirmBy: Date | null;
}

/**
 * A sale step (issue 43) for notifications and webhooks: reported (by the agent, waiting for the
 * business), `confirming` (the sweep's notice to both sides before the window elapses), disputed.
 * Confirmation and refunds have their own events below (the commission ledger subscribes to them).
 */
export interface SaleStepTaken {
  readonly _tag: "SaleStepTaken";
  readonly step: "reported" | "confirming" | "disputed";
  readonly sale: SaleFacts;
  readonly by: EventParty | "system";
}

/**
 * A sale became confirmed (issue 43): reported by the business (form, CSV or API), confirmed by it,
 * or unanswered past the agreement's confirmation window. Published once per sale, inside the
 * transaction of the change; the commission context turns it into lines.
 */
export interface SaleConfirmed {
  readonly _tag: "SaleConfirmed";
  readonly saleId: SaleId;
  readonly partnershipId: PartnershipId;
  /** Ex-GST, cents. */
  readonly amountCents: Cents;
  /** `yyyy-MM-dd`. */
  readonly saleDate: string;
  readonly kind: "one_off" | "recurring_monthly";
  readonly sale: SaleFacts;
  readonly by: EventParty | "system";
}

/** Part or all of a confirmed sale was refunded to the customer (issue 43): clawback input. */
export interface SaleRefunded {
  readonly _tag: "SaleRefunded";
  readonly saleId: SaleId;
  readonly partnershipId: PartnershipId;
  /** This refund, ex-GST cents (> 0). */
  readonly refundCents: Cents;
  /** `yyyy-MM-dd` (Sydney). */
  readonly refundDate: string;
  readonly sale: SaleFacts;
}

/**
 * A partnership's monthly commission statement (issue 43), issued once after its Sydney calendar
 * month ends: the ledger's figures in cents (lines ex-GST; clawbacks ≤ 0).
 */
export interface StatementFacts {
  readonly partnershipId: PartnershipId;
  readonly businessId: BusinessProfileId;
  readonly agentId: AgentProfileId;
  /** `yyyy-MM`. */
  readonly month: string;
  readonly openingBalanceCents: Cents;
  readonly earnedCents: Cents;
  readonly clawbacksCents: Cents;
  readonly payableCents: Cents;
  readonly invoicedCents: Cents;
  readonly paidCents: Cents;
  readonly closingBalanceCents: Cents;
}

/** The commission sweep issued a month's statement (issue 43): the `statement.issued` webhook. */
export interface StatementIssued {
  readonly _tag: "StatementIssued";
  readonly statement: StatementFacts;
}

/** An opportunity as its events carry it (issue 44). */
export interface OpportunityFacts {
  readonly id: number;
  readonly slug: string;
  readonly title: string;
  readonly businessId: BusinessProfileId;
  readonly status: string;
  readonly closedReason: string | null;
  readonly placesWanted: number;
  readonly placesFilled: number;
  readonly business: { readonly userId: UserId; readonly companyName: string };
}

/** A business created, published, paused, resumed or closed an opportunity (issue 44). */
export interface OpportunityChanged {
  readonly _tag: "OpportunityChanged";
  readonly opportunity: OpportunityFacts;
  readonly step: "created" | "published" | "paused" | "resumed" | "closed";
}

/** An application after a step (issue 44): its status says which. */
export interface ApplicationChanged {
  readonly _tag: "ApplicationChanged";
  readonly application: {
    readonly id: number;
    readonly opportunityId: number;
    readonly agentId: AgentProfileId;
    readonly status: string;
    /** Percent the agent proposed; null: the opportunity's rate. */
    readonly proposedRate: number | null;
    readonly partnershipId: PartnershipId | null;
    readonly agent: { readonly userId: UserId; readonly fullName: string };
  };
  readonly opportunity: OpportunityFacts;
  readonly by: EventParty;
}

/** An invitation to apply was sent, accepted, declined or expired (issue 44). */
export interface InvitationChanged {
  readonly _tag: "InvitationChanged";
  readonly invitation: {
    readonly id: number;
    readonly opportunityId: number;
    readonly agentId: AgentProfileId;
    readonly status: string;
    readonly expiresAt: Date;
    readonly agent: { readonly userId: UserId; readonly fullName: string };
  };
  readonly opportunity: OpportunityFacts;
}

/** A payment mandate as its events carry it (issue 45). */
export interface MandateFacts {
  readonly id: number;
  readonly partnershipId: PartnershipId;
  readonly businessId: BusinessProfileId;
  readonly agentId: AgentProfileId;
  readonly method: "au_becs_debit" | "card";
  readonly status: "pending" | "active" | "inactive" | "revoked";
  readonly reference: string;
  readonly lastFour: string;
  readonly inactiveReason: string | null;
}

/** A mandate was created or changed status (issue 45): `mandate.*` webhooks, the agent told of a revocation. */
export interface MandateChanged {
  readonly _tag: "MandateChanged";
  readonly mandate: MandateFacts;
}

/** The business's advance notice of a collection (issue 45: 3 days before; BECS). `chargeOn` is `yyyy-MM-dd`. */
export interface InvoiceCollectionScheduled {
  readonly _tag: "InvoiceCollectionScheduled";
  readonly invoice: InvoiceFacts;
  readonly chargeOn: string;
  readonly method: "au_becs_debit" | "card";
}

/** A collection attempt failed (issue 45): both sides emailed; `retryOn` null after the last retry. */
export interface InvoiceCollectionFailed {
  readonly _tag: "InvoiceCollectionFailed";
  readonly invoice: InvoiceFacts;
  readonly attempt: number;
  readonly reason: string;
  readonly retryOn: string | null;
}

/** Every domain event, a closed union (a new event is added here, then to its subscribers). */
export type DomainEvent =
  | PartnershipRequested
  | PartnershipChanged
  | InvoiceRaised
  | InvoicePaid
  | InvoiceOverdue
  | PaymentStatusChanged
  | MessageSent
  | VerificationDecided
  | AgreementStepTaken
  | DisputeOpened
  | DisputeStepTaken
  | DealStepTaken
  | SaleStepTaken
  | SaleConfirmed
  | SaleRefunded
  | StatementIssued
  | OpportunityChanged
  | ApplicationChanged
  | InvitationChanged
  | MandateChanged
  | InvoiceCollectionScheduled
  | InvoiceCollectionFailed;

/** A reaction to events; never fails (a subscriber logs its own failures). */
export type DomainEventSubscriber = (event: DomainEvent) => Effect.Effect<void>;

export interface DomainEventsService {
  /** Hands `event` to every subscriber, in order, in the caller's fiber (and transaction). */
  readonly publish: (event: DomainEvent) => Effect.Effect<void>;
}

/**
 * The DomainEvents port. A Context.Reference: unprovided (core's unit tests of a single context)
 * it drops events, so a test asserts on them with `DomainEventsRecorder` (shared/testing.ts).
 */
export class DomainEvents extends Context.Reference<DomainEvents>()("shared/DomainEvents", {
  defaultValue: (): DomainEventsService => ({ publish: () => Effect.void }),
}) {}

/** Publishes one event through the DomainEvents port. */
export const publishEvent = (event: DomainEvent): Effect.Effect<void> =>
  Effect.flatMap(DomainEvents, (events) => events.publish(event));

/**
 * The DomainEvents service that delivers each event to `subscribers` in order (the service wires
 * notification, then webhooks). A subscriber's failure or defect is logged and does not stop the
 * others or fail the change (inside a transaction a failed follow-up write still rolls it back,
 * ADR 0025).
 */
export const domainEventsFrom = (subscribers: readonly DomainEventSubscriber[]): DomainEventsService => ({
  publish: (event) =>
    Effect.forEach(
      subscribers,
      (subscriber) =>
        subscriber(event).pipe(
          Effect.catchAllCause((cause) => Effect.logWarning(`${event._tag} subscriber failed`, cause)),
        ),
      { discard: true },
    ).pipe(Effect.withSpan("domainEvents.publish", { attributes: { event: event._tag } })),
});
