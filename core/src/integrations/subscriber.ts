/**
 * The integrations context's subscriber to domain events (ADR 0037): each event integrators can
 * hear about becomes its outgoing webhook event (ADR 0023), built by publish.ts and written in the
 * publisher's unit of work with its delivery jobs.
 */
import { Effect } from "effect";
import type { DomainEvent, DomainEventSubscriber } from "../shared/index.ts";
import {
  applicationEvent,
  collectionEvent,
  dealEvent,
  invoiceEvent,
  mandateEvent,
  messageEvent,
  opportunityEvent,
  partnershipEvent,
  paymentEvent,
  publishWebhookEvent,
  saleEvent,
  statementEvent,
  verificationEvent,
} from "./publish.ts";
import type { WebhookEventInput, WebhookEventType } from "./webhooks.ts";

/** The webhook event of each partnership change. */
const partnershipTypes = {
  active: "partnership.accepted",
  rejected: "partnership.rejected",
  withdrawn: "partnership.withdrawn",
  terminated: "partnership.ended",
} as const;

/** The payment statuses that are webhook events (others are steps on the way). */
const paymentTypes: Partial<Record<string, "payment.succeeded" | "payment.failed" | "payment.refunded">> = {
  completed: "payment.succeeded",
  failed: "payment.failed",
  refunded: "payment.refunded",
};

/** The opportunity steps that are webhook events (a resume publishes again; a draft is private). */
const opportunityTypes: Partial<
  Record<string, "opportunity.published" | "opportunity.paused" | "opportunity.closed">
> = {
  published: "opportunity.published",
  resumed: "opportunity.published",
  paused: "opportunity.paused",
  closed: "opportunity.closed",
};

/** application.<status> for each application status. */
const applicationTypes: Partial<Record<string, Extract<WebhookEventType, `application.${string}`>>> = {
  submitted: "application.submitted",
  shortlisted: "application.shortlisted",
  interview: "application.interview",
  approved: "application.approved",
  declined: "application.declined",
  withdrawn: "application.withdrawn",
};
/** The webhook event of each mandate status (issue 45). */
const mandateTypes = {
  pending: "mandate.created",
  active: "mandate.activated",
  inactive: "mandate.inactive",
  revoked: "mandate.revoked",
} as const;

/** The webhook event an event publishes, or null (agreements and disputes publish none yet; deals and sales since issue 43). */
export const webhookEventFor = (event: DomainEvent): WebhookEventInput | null => {
  switch (event._tag) {
    case "PartnershipRequested":
      return partnershipEvent("partnership.requested", event.partnership);
    case "PartnershipChanged":
      return partnershipEvent(partnershipTypes[event.status], event.partnership);
    case "InvoiceRaised":
      return invoiceEvent("invoice.created", event.invoice);
    case "InvoicePaid":
      return invoiceEvent("invoice.paid", event.invoice);
    case "InvoiceOverdue":
      return invoiceEvent("invoice.overdue", event.invoice);
    case "PaymentStatusChanged": {
      const type = paymentTypes[event.payment.status];
      return type ? paymentEvent(type, event.payment) : null;
    }
    case "MessageSent":
      return messageEvent(event.message);
    case "VerificationDecided":
      return verificationEvent(event.request);
    case "OpportunityChanged": {
      const type = opportunityTypes[event.step];
      return type ? opportunityEvent(type, event.opportunity) : null;
    }
    case "ApplicationChanged": {
      const type = applicationTypes[event.application.status];
      return type ? applicationEvent(type, event.application, event.opportunity) : null;
    }
    case "MandateChanged":
      return mandateEvent(mandateTypes[event.mandate.status], event.mandate);
    case "InvoiceCollectionScheduled":
      return collectionEvent("invoice.collection_scheduled", event.invoice, {
        chargeOn: event.chargeOn,
        attempt: null,
        reason: null,
        retryOn: null,
      });
    case "InvoiceCollectionFailed":
      return collectionEvent("invoice.collection_failed", event.invoice, {
        chargeOn: null,
        attempt: event.attempt,
        reason: event.reason,
        retryOn: event.retryOn,
      });
    case "AgreementStepTaken":
    case "DisputeOpened":
    case "DisputeStepTaken":
    case "InvitationChanged":
      return null;
    case "DealStepTaken":
      return dealEvent(`deal.${event.step}`, event.deal);
    case "SaleStepTaken":
      return saleEvent(`sale.${event.step}`, event.sale);
    case "SaleConfirmed":
      return saleEvent("sale.confirmed", event.sale);
    case "SaleRefunded":
      return saleEvent("sale.refunded", event.sale, event);
    case "StatementIssued":
      return statementEvent(event.statement);
  }
};

/** The subscriber the service wires: publishes the event's webhook, if it has one. */
export const webhookSubscriber: DomainEventSubscriber = (event) => {
  const webhook = webhookEventFor(event);
  return webhook ? publishWebhookEvent(webhook) : Effect.void;
};
