import { Effect } from "effect";
import { describe, expect, it } from "vitest";
import {
  CustomerId,
  cents,
  type DealFacts,
  DealId,
  DomainEvents,
  domainEventsFrom,
  PartnershipId,
  PaymentId,
  publishEvent,
  type SaleFacts,
  SaleId,
  UserId,
} from "../shared/index.ts";
import { aDisputeFacts, anInvoiceFacts, aPartnershipFacts } from "../shared/testing.ts";
import { noticesFor, notificationSubscriber } from "./subscriber.ts";
import { makeNotificationMemory } from "./testing/index.ts";

describe("notification subscriber", () => {
  it("tells the counterparty of a request, linking to their pending tab", () => {
    const [notice] = noticesFor({
      _tag: "PartnershipRequested",
      partnership: aPartnershipFacts(),
      by: "business",
    });
    expect(notice).toEqual({
      to: { userId: 2 },
      kind: "connection_requested",
      title: "New connection request from Acme Solar",
      link: "/agent/current-partners?tab=pending",
      subjectId: 7,
    });
  });

  it("tells the other side of an answer or an end, in the event's words", () => {
    const changed = (status: "active" | "rejected" | "withdrawn" | "terminated", by: "business" | "agent") =>
      noticesFor({ _tag: "PartnershipChanged", partnership: aPartnershipFacts(), by, status })[0];
    expect(changed("active", "agent")).toMatchObject({
      to: { userId: 1 },
      kind: "connection_accepted",
      title: "Sam Agent accepted your connection request",
      link: "/business/active-agents",
    });
    expect(changed("rejected", "agent")?.kind).toBe("connection_rejected");
    expect(changed("withdrawn", "business")?.title).toBe("Acme Solar withdrew their connection request");
    expect(changed("terminated", "business")).toMatchObject({
      to: { userId: 2 },
      kind: "partnership_ended",
      link: "/agent/current-partners",
    });
  });

  it("tells the business of a raised invoice and the agent of a paid one", () => {
    expect(noticesFor({ _tag: "InvoiceRaised", invoice: anInvoiceFacts() })).toEqual([
      {
        to: { businessProfileId: 10 },
        kind: "invoice_raised",
        title: "Sam Agent raised invoice #31 for $1,100.00",
        link: "/business/payments",
        subjectId: 31,
      },
    ]);
    expect(
      noticesFor({ _tag: "InvoiceRaised", invoice: anInvoiceFacts({ agentName: null }) })[0]?.title,
    ).toBe("Your agent raised invoice #31 for $1,100.00");
    expect(noticesFor({ _tag: "InvoicePaid", invoice: anInvoiceFacts({ isPaid: true }) })).toEqual([
      {
        to: { agentProfileId: 20 },
        kind: "invoice_paid",
        title: "Invoice #31 for $1,100.00 was paid",
        link: "/agent/invoices",
        subjectId: 31,
      },
    ]);
  });

  it("leaves no notice for payments, messages or the overdue sweep's own event", () => {
    expect(noticesFor({ _tag: "InvoiceOverdue", invoice: anInvoiceFacts() })).toEqual([]);
    expect(
      noticesFor({
        _tag: "PaymentStatusChanged",
        payment: {
          ...anInvoiceFacts(),
          id: PaymentId.make(3),
          invoiceId: anInvoiceFacts().id,
          status: "completed",
        },
      }),
    ).toEqual([]);
    expect(
      noticesFor({
        _tag: "MessageSent",
        message: {
          id: 1,
          senderId: UserId.make(1),
          receiverId: UserId.make(2),
          content: "hi",
          sentAt: new Date(0),
        },
      }),
    ).toEqual([]);
  });

  it("tells the applicant of a verification decision with the decision's kind", () => {
    expect(
      noticesFor({
        _tag: "VerificationDecided",
        request: { id: 4, userId: UserId.make(2), status: "changes_requested" },
        summary: "Your Closr verification needs changes",
      }),
    ).toEqual([
      {
        to: { userId: 2 },
        kind: "verification_changes_requested",
        title: "Your Closr verification needs changes",
        link: "/verification",
        subjectId: 4,
      },
    ]);
  });

  it("tells the party that did not act of an agreement step, on their agreement page", () => {
    const parties = {
      partnershipId: aPartnershipFacts().id,
      businessUserId: UserId.make(1),
      agentUserId: UserId.make(2),
      businessName: "Acme Solar",
      agentName: "Sam Agent",
    };
    expect(
      noticesFor({
        _tag: "AgreementStepTaken",
        parties,
        by: "business",
        step: { kind: "proposed", version: 2 },
      }),
    ).toEqual([
      {
        to: { userId: 2 },
        kind: "agreement_proposed",
        title: "Acme Solar proposed version 2 of your commission agreement",
        link: "/agent/current-partners/7/agreement",
        subjectId: 7,
      },
    ]);
    const signed = noticesFor({
      _tag: "AgreementStepTaken",
      parties,
      by: "agent",
      step: { kind: "signed", version: 2, binding: true },
    });
    expect(signed[0]).toMatchObject({
      to: { userId: 1 },
      kind: "agreement_signed",
      title: "Your commission agreement with Sam Agent is signed and in force (version 2)",
      link: "/business/active-agents/7/agreement",
    });
  });

  it("tells each party but the actor of a dispute step; both after staff's proposal", () => {
    const opened = noticesFor({ _tag: "DisputeOpened", dispute: aDisputeFacts(), by: "agent" });
    expect(opened).toEqual([
      {
        to: { userId: 1 },
        kind: "dispute_opened",
        title: "Sam Agent opened a dispute on invoice #31",
        link: "/business/payments/disputes/5",
        subjectId: 5,
      },
    ]);
    const proposed = noticesFor({
      _tag: "DisputeStepTaken",
      before: { state: "in_mediation" },
      dispute: aDisputeFacts({ state: "proposed", proposal: { amountCents: 50_000 } as never }),
      by: "staff",
      what: "Closr's mediation team proposed a resolution.",
    });
    expect(proposed.map((notice) => [notice.to, notice.kind, notice.link])).toEqual([
      [{ userId: 1 }, "dispute_proposal", "/business/payments/disputes/5"],
      [{ userId: 2 }, "dispute_proposal", "/agent/invoices/disputes/5"],
    ]);
    expect(proposed[0]?.title).toBe("Dispute #5 (invoice #31): Closr proposes the business pays $500.00");
    const responded = noticesFor({
      _tag: "DisputeStepTaken",
      before: { state: "open" },
      dispute: aDisputeFacts(),
      by: "business",
      what: "The business made a counter-offer.",
    });
    expect(responded).toMatchObject([
      {
        to: { userId: 2 },
        kind: "dispute_responded",
        title: "Dispute #5 (invoice #31): The business made a counter-offer",
      },
    ]);
  });

  describe("deals and sales (issue 43)", () => {
    const parties = {
      partnershipId: PartnershipId.make(7),
      businessUserId: UserId.make(1),
      agentUserId: UserId.make(2),
      businessName: "Acme Solar",
      agentName: "Sam Agent",
    };
    const deal: DealFacts = {
      ...parties,
      id: DealId.make(31),
      customerId: CustomerId.make(40),
      customerName: "Harbour Tech",
      state: "approved",
      protectedUntil: "2027-03-02",
    };
    const sale: SaleFacts = {
      ...parties,
      id: SaleId.make(88),
      dealId: deal.id,
      customerId: deal.customerId,
      amountCents: cents(125_000),
      saleDate: "2026-12-01",
      kind: "one_off",
      state: "reported",
      reportedBy: "agent",
      // The window ends at the start of Tuesday 15 December in Sydney.
      confirmBy: new Date("2026-12-14T13:00:00Z"),
    };

    it("tells the party that did not take a deal step, and both of the protection ending", () => {
      expect(noticesFor({ _tag: "DealStepTaken", step: "approved", deal, by: "business" })).toEqual([
        {
          to: { userId: 2 },
          kind: "deal_updated",
          title: "Acme Solar approved your deal for Harbour Tech: protected until 2 March 2027",
          link: "/agent/deals",
          subjectId: 31,
        },
      ]);
      expect(
        noticesFor({ _tag: "DealStepTaken", step: "submitted", deal, by: "agent" }).map((n) => n.to),
      ).toEqual([{ userId: 1 }]);
      expect(
        noticesFor({ _tag: "DealStepTaken", step: "expiring", deal, by: "system" }).map((n) => [
          n.to,
          n.kind,
        ]),
      ).toEqual([
        [{ userId: 1 }, "deal_expiring"],
        [{ userId: 2 }, "deal_expiring"],
      ]);
    });

    it("tells both sides before an unanswered sale counts as confirmed, naming the last day to answer", () => {
      const notices = noticesFor({ _tag: "SaleStepTaken", step: "confirming", sale, by: "system" });
      expect(notices.map((n) => [n.to, n.kind])).toEqual([
        [{ userId: 1 }, "sale_confirming"],
        [{ userId: 2 }, "sale_confirming"],
      ]);
      expect(notices[0]?.title).toBe(
        "Unless answered by the end of 14 December 2026, a sale of $1,250.00 on 1 December 2026 counts as confirmed",
      );
    });

    it("does not announce the business's own sales one by one (a CSV of 10,000 rows)", () => {
      const confirmed = (reportedBy: SaleFacts["reportedBy"], by: "business" | "system") =>
        noticesFor({
          _tag: "SaleConfirmed",
          saleId: sale.id,
          partnershipId: sale.partnershipId,
          amountCents: sale.amountCents,
          saleDate: sale.saleDate,
          kind: sale.kind,
          sale: { ...sale, reportedBy, state: "confirmed" },
          by,
        });
      expect(confirmed("business", "business")).toEqual([]);
      expect(confirmed("agent", "business").map((n) => n.to)).toEqual([{ userId: 2 }]);
      expect(confirmed("agent", "system").map((n) => n.to)).toEqual([{ userId: 1 }, { userId: 2 }]);
    });
  });

  it("records the notices through the repository when an event is published", async () => {
    const memory = makeNotificationMemory();
    await Effect.runPromise(
      publishEvent({ _tag: "PartnershipRequested", partnership: aPartnershipFacts(), by: "agent" }).pipe(
        Effect.provideService(DomainEvents, domainEventsFrom([notificationSubscriber])),
        Effect.provide(memory.layer),
      ),
    );
    expect(memory.rows.map((row) => [row.userId, row.kind, row.title])).toEqual([
      [1, "connection_requested", "New connection request from Sam Agent"],
    ]);
  });
});
