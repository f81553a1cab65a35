/**
 * The notification context's subscriber to domain events (ADR 0037; kinds and wording from
 * ADR 0014 and 0026): each event becomes the bell's notices for the parties who did not take the
 * step, with titles in the words of the event and links into the recipient's own area.
 * Runs in the publisher's unit of work, so the notice (and its live event) commits with the change.
 */
import { Effect } from "effect";
import { agreementPathFor } from "../agreement/index.ts";
import { connectionSubjects, otherParty, partnershipScreens } from "../partnership/index.ts";
import {
  type AgreementStepTaken,
  type ApplicationChanged,
  cents,
  type DealFacts,
  type DealStepTaken,
  type DisputeActor,
  type DisputeFacts,
  type DisputeStepTaken,
  type DomainEvent,
  type DomainEventSubscriber,
  formatAud,
  type InvitationChanged,
  longCalendarDate,
  type MandateChanged,
  type PartnershipChanged,
  type PartnershipRequested,
  type SaleConfirmed,
  type SaleFacts,
  type SaleRefunded,
  type SaleStepTaken,
  sydneyIsoDate,
  type VerificationDecided,
} from "../shared/index.ts";
import type { Notice, NotificationKind } from "./model.ts";
import { notify } from "./use-cases.ts";

const connectionKinds = {
  requested: "connection_requested",
  active: "connection_accepted",
  rejected: "connection_rejected",
  withdrawn: "connection_withdrawn",
  terminated: "partnership_ended",
} as const satisfies Record<string, NotificationKind>;

/** The counterparty's notice of a request or an answer (issue 18). */
const partnershipNotice = (event: PartnershipRequested | PartnershipChanged): Notice => {
  const { partnership, by } = event;
  const step = event._tag === "PartnershipRequested" ? "requested" : event.status;
  const from = by === "business" ? partnership.business.companyName : partnership.agent.fullName;
  const recipient = otherParty(by);
  return {
    to: { userId: recipient === "business" ? partnership.business.userId : partnership.agent.userId },
    kind: connectionKinds[step],
    title: connectionSubjects[step](from),
    // A request opens the Pending Requests tab; an answer or an end, the partnerships.
    link:
      step === "requested" ? `${partnershipScreens[recipient]}?tab=pending` : partnershipScreens[recipient],
    subjectId: partnership.id,
  };
};

const verificationKinds = {
  approved: "verification_approved",
  rejected: "verification_rejected",
  changes_requested: "verification_changes_requested",
} as const satisfies Record<VerificationDecided["request"]["status"], NotificationKind>;

/** The agreement notice for the party that did not act, linking to their agreement page. */
const agreementNotice = ({ parties, by, step }: AgreementStepTaken): Notice => {
  const name = by === "business" ? parties.businessName : parties.agentName;
  const title =
    step.kind === "proposed"
      ? `${name} proposed version ${step.version} of your commission agreement`
      : step.kind === "countered"
        ? `${name} sent your commission agreement back to draft with a counter-proposal`
        : step.binding
          ? `Your commission agreement with ${name} is signed and in force (version ${step.version})`
          : `${name} signed version ${step.version} of your commission agreement`;
  return {
    to: { userId: by === "business" ? parties.agentUserId : parties.businessUserId },
    kind: `agreement_${step.kind}`,
    title: title.slice(0, 300),
    link: agreementPathFor(parties, by),
    subjectId: parties.partnershipId,
  };
};

/** The dispute's page in each party's area. */
const disputePages = { business: "/business/payments/disputes", agent: "/agent/invoices/disputes" } as const;

/** One notice per party other than the step's actor (both after a staff or sweep step). */
const disputeNotices = (dispute: DisputeFacts, actor: DisputeActor, kind: NotificationKind, title: string) =>
  (["business", "agent"] as const)
    .filter((side) => side !== actor)
    .map(
      (side): Notice => ({
        to: { userId: side === "business" ? dispute.businessUserId : dispute.agentUserId },
        kind,
        title: title.slice(0, 300),
        link: `${disputePages[side]}/${dispute.id}`,
        subjectId: dispute.id,
      }),
    );

/** The notification kind and title for a dispute step from `before` to `dispute`. */
const disputeStepNotice = ({
  before,
  dispute: after,
  what,
}: DisputeStepTaken): { kind: NotificationKind; title: string } => {
  const ref = `Dispute #${after.id} (invoice #${after.invoiceId})`;
  if (after.state === "withdrawn")
    return { kind: "dispute_resolved", title: `${ref} was withdrawn: the invoice stands as issued` };
  if (after.state === "resolved")
    return {
      kind: "dispute_resolved",
      title: `${ref} is resolved: the business pays ${formatAud(after.settledAmountCents ?? cents(0))}`,
    };
  if (after.state === "proposed" && before.state !== "proposed" && after.proposal)
    return {
      kind: "dispute_proposal",
      title: `${ref}: Closr proposes the business pays ${formatAud(after.proposal.amountCents)}`,
    };
  if (after.state === "in_mediation" && before.state !== "in_mediation")
    return { kind: "dispute_in_mediation", title: `${ref} is now with Closr's mediation team` };
  return { kind: "dispute_responded", title: `${ref}: ${what.replace(/\.$/, "")}` };
};

const applicationWords: Record<string, string> = {
  shortlisted: "shortlisted",
  interview: "moved to interview",
  approved: "approved — your partnership has started",
  declined: "declined",
};

/**
 * Application notices (issue 44): the business hears of a new application or a withdrawal, the
 * agent of every step the business takes; links open each side's opportunities screen.
 */
const applicationNotice = ({ application, opportunity, by }: ApplicationChanged): Notice =>
  by === "agent"
    ? {
        to: { businessProfileId: opportunity.businessId },
        kind: "application_received",
        title:
          application.status === "withdrawn"
            ? `${application.agent.fullName} withdrew their application to “${opportunity.title}”`
            : `${application.agent.fullName} applied to “${opportunity.title}”`,
        link: `/business/opportunities/${opportunity.id}`,
        subjectId: application.id,
      }
    : {
        to: { userId: application.agent.userId },
        kind: "application_updated",
        title: `Your application to “${opportunity.title}” was ${applicationWords[application.status] ?? application.status}`,
        link: "/agent/opportunities?tab=applications",
        subjectId: application.id,
      };

/** An invitation tells the agent (sent) or the business (declined, expired; accepted shows as an application). */
const invitationNotices = ({ invitation, opportunity }: InvitationChanged): readonly Notice[] => {
  if (invitation.status === "pending")
    return [
      {
        to: { userId: invitation.agent.userId },
        kind: "opportunity_invitation",
        title: `${opportunity.business.companyName} invited you to apply to “${opportunity.title}” (48 hours to answer)`,
        link: "/agent/opportunities?tab=invitations",
        subjectId: invitation.id,
      },
    ];
  if (invitation.status === "declined" || invitation.status === "expired")
    return [
      {
        to: { businessProfileId: opportunity.businessId },
        kind: "invitation_answered",
        title: `${invitation.agent.fullName}'s invitation to “${opportunity.title}” ${invitation.status === "declined" ? "was declined" : "expired unanswered"}`,
        link: `/business/opportunities/${opportunity.id}`,
        subjectId: invitation.id,
      },
    ];
  return [];
};

/** A mandate's notices (issue 45): the agent hears of activation and revocation, the business of an inactive mandate. */
const mandateNotices = ({ mandate }: MandateChanged): readonly Notice[] => {
  const how = mandate.method === "au_becs_debit" ? "direct debit" : "saved card";
  switch (mandate.status) {
    case "active":
      return [
        {
          to: { agentProfileId: mandate.agentId },
          kind: "mandate_changed",
          title: `Your invoices on this partnership are now paid by ${how} on their due dates`,
          link: "/agent/invoices",
          subjectId: mandate.id,
        },
      ];
    case "revoked":
      return [
        {
          to: { agentProfileId: mandate.agentId },
          kind: "mandate_changed",
          title: `The business revoked its ${how} authority: invoices are no longer collected automatically`,
          link: "/agent/invoices",
          subjectId: mandate.id,
        },
      ];
    case "inactive":
      return [
        {
          to: { businessProfileId: mandate.businessId },
          kind: "mandate_changed",
          title: `Your ${how} ending ${mandate.lastFour} can no longer be charged${mandate.inactiveReason ? ` (${mandate.inactiveReason})` : ""}: please set up a new one`,
          link: "/business/payments",
          subjectId: mandate.id,
        },
      ];
    case "pending":
      return [];
  }
};

/** The notices an event leaves (none for events the bell does not show). */
export const noticesFor = (event: DomainEvent): readonly Notice[] => {
  switch (event._tag) {
    case "PartnershipRequested":
    case "PartnershipChanged":
      return [partnershipNotice(event)];
    case "InvoiceRaised": {
      const { invoice } = event;
      return [
        {
          to: { businessProfileId: invoice.businessId },
          kind: "invoice_raised",
          title: `${invoice.agentName ?? "Your agent"} raised invoice #${invoice.id} for ${formatAud(invoice.amountCents)}`,
          link: "/business/payments",
          subjectId: invoice.id,
        },
      ];
    }
    case "InvoicePaid": {
      const { invoice } = event;
      return [
        {
          to: { agentProfileId: invoice.agentId },
          kind: "invoice_paid",
          title: `Invoice #${invoice.id} for ${formatAud(invoice.amountCents)} was paid`,
          link: "/agent/invoices",
          subjectId: invoice.id,
        },
      ];
    }
    case "VerificationDecided":
      return [
        {
          to: { userId: event.request.userId },
          kind: verificationKinds[event.request.status],
          title: event.summary,
          link: "/verification",
          subjectId: event.request.id,
        },
      ];
    case "AgreementStepTaken":
      return [agreementNotice(event)];
    case "DisputeOpened": {
      const { dispute, by } = event;
      const name = by === "business" ? dispute.businessName : dispute.agentName;
      return disputeNotices(
        dispute,
        by,
        "dispute_opened",
        `${name} opened a dispute on invoice #${dispute.invoiceId}`,
      );
    }
    case "DisputeStepTaken": {
      const { kind, title } = disputeStepNotice(event);
      return disputeNotices(event.dispute, event.by, kind, title);
    }
    case "OpportunityChanged":
      return [];
    case "ApplicationChanged":
      return [applicationNotice(event)];
    case "InvitationChanged":
      return invitationNotices(event);
    // The sweep wrote the overdue notice itself; payments and messages have no notice of their own.
    case "MandateChanged":
      return mandateNotices(event);
    case "InvoiceCollectionScheduled": {
      const { invoice } = event;
      return [
        {
          to: { businessProfileId: invoice.businessId },
          kind: "collection_scheduled",
          title: `Invoice #${invoice.id} for ${formatAud(invoice.amountCents)} will be collected by ${event.method === "au_becs_debit" ? "direct debit" : "card"} on ${longCalendarDate(event.chargeOn)}`,
          link: "/business/payments",
          subjectId: invoice.id,
        },
      ];
    }
    case "InvoiceCollectionFailed": {
      const { invoice } = event;
      const next = event.retryOn
        ? `we will try again on ${longCalendarDate(event.retryOn)}`
        : "it is now overdue";
      const title = `Collecting invoice #${invoice.id} for ${formatAud(invoice.amountCents)} failed (${event.reason.replace(/\.$/, "")}): ${next}`;
      return [
        {
          to: { businessProfileId: invoice.businessId },
          kind: "collection_failed",
          title,
          link: "/business/payments",
          subjectId: invoice.id,
        },
        {
          to: { agentProfileId: invoice.agentId },
          kind: "collection_failed",
          title,
          link: "/agent/invoices",
          subjectId: invoice.id,
        },
      ];
    }
    case "InvoiceOverdue":
    case "PaymentStatusChanged":
    case "MessageSent":
      return [];
    case "DealStepTaken":
      return dealNotices(event);
    case "SaleStepTaken":
    case "SaleConfirmed":
    case "SaleRefunded":
      return saleNotices(event);
    case "StatementIssued":
      return [];
  }
};

/** Deal and sale notices link to each side's deals area (issue 43). */
const dealScreens = { business: "/business/deals", agent: "/agent/deals" } as const;

const dealNotice = (
  facts: DealFacts | SaleFacts,
  side: "business" | "agent",
  kind: NotificationKind,
  title: string,
  subjectId: number,
): Notice => ({
  to: { userId: side === "business" ? facts.businessUserId : facts.agentUserId },
  kind,
  title: title.slice(0, 300),
  link: dealScreens[side],
  subjectId,
});

/**
 * A deal step's notices (issue 43): the party that did not take the step is told; the sweep's
 * expiry and its notice a week before go to both. A refused registration publishes nothing, so no
 * one hears of another agent's customer.
 */
const dealNotices = ({ step, deal, by }: DealStepTaken): Notice[] => {
  const until = deal.protectedUntil ? longCalendarDate(deal.protectedUntil) : "";
  const both = (kind: NotificationKind, title: string) =>
    (["business", "agent"] as const).map((side) => dealNotice(deal, side, kind, title, deal.id));
  if (step === "expiring")
    return both("deal_expiring", `The protection of ${deal.customerName} ends on ${until}`);
  if (step === "expired")
    return both("deal_updated", `The protection of ${deal.customerName} ended: the customer is free again`);
  if (by === "system") return [];
  const name = by === "business" ? deal.businessName : deal.agentName;
  const titles = {
    submitted: `${name} registered ${deal.customerName} as a deal`,
    approved: `${name} approved your deal for ${deal.customerName}: protected until ${until}`,
    rejected: `${name} rejected your deal for ${deal.customerName}`,
    renewed: `${name} renewed the protection of ${deal.customerName} until ${until}`,
    won: `${name} marked your deal for ${deal.customerName} won`,
    lost: `${name} marked the deal for ${deal.customerName} lost`,
  } as const;
  return [dealNotice(deal, otherParty(by), "deal_updated", titles[step], deal.id)];
};

/** "a sale of $1,250.00 on 1 December 2026" */
const saleWords = (sale: SaleFacts) =>
  `a sale of ${formatAud(sale.amountCents)} on ${longCalendarDate(sale.saleDate)}`;

/**
 * Sale notices (issue 43): the business hears of an agent's report; the agent of the answer, the
 * window's confirmation and refunds; both 48 hours before an unanswered sale counts as confirmed.
 * Sales the business itself recorded (form, API, CSV) are not announced one by one.
 */
const saleNotices = (event: SaleStepTaken | SaleConfirmed | SaleRefunded): Notice[] => {
  const { sale } = event;
  if (event._tag === "SaleRefunded")
    return [
      dealNotice(
        sale,
        "agent",
        "sale_updated",
        `${sale.businessName} refunded ${formatAud(event.refundCents)} of ${saleWords(sale)}; its commission is adjusted`,
        sale.id,
      ),
    ];
  if (event._tag === "SaleConfirmed") {
    if (sale.reportedBy !== "agent") return [];
    return event.by === "system"
      ? (["business", "agent"] as const).map((side) =>
          dealNotice(
            sale,
            side,
            "sale_updated",
            `Unanswered, ${saleWords(sale)} now counts as confirmed`,
            sale.id,
          ),
        )
      : [
          dealNotice(
            sale,
            "agent",
            "sale_updated",
            `${sale.businessName} confirmed ${saleWords(sale)}`,
            sale.id,
          ),
        ];
  }
  if (event.step === "reported")
    return [
      dealNotice(sale, "business", "sale_updated", `${sale.agentName} reported ${saleWords(sale)}`, sale.id),
    ];
  if (event.step === "disputed")
    return [
      dealNotice(sale, "agent", "sale_updated", `${sale.businessName} disputed ${saleWords(sale)}`, sale.id),
    ];
  // The window ends at the start of a Sydney day: the last day to answer is the one before.
  const lastDay = sale.confirmBy
    ? longCalendarDate(sydneyIsoDate(new Date(sale.confirmBy.getTime() - 1)))
    : "";
  return (["business", "agent"] as const).map((side) =>
    dealNotice(
      sale,
      side,
      "sale_confirming",
      `Unless answered by the end of ${lastDay}, ${saleWords(sale)} counts as confirmed`,
      sale.id,
    ),
  );
};

/** The subscriber the service wires: records each notice (best effort, like `notify`). */
export const notificationSubscriber: DomainEventSubscriber = (event) =>
  Effect.forEach(noticesFor(event), notify, { discard: true });
