import { Effect, Layer } from "effect";
import { describe, expect, it } from "vitest";
import {
  CustomerId,
  cents,
  DealId,
  DomainEvents,
  domainEventsFrom,
  PartnershipId,
  publishEvent,
  type SaleFacts,
  SaleId,
  UserId,
} from "../shared/index.ts";
import { anInvoiceFacts, aPartnershipFacts } from "../shared/testing.ts";
import { webhookEventFor, webhookSubscriber } from "./subscriber.ts";
import { WebhookEvents } from "./webhook-ports.ts";
import type { WebhookEventInput } from "./webhooks.ts";

describe("webhook subscriber", () => {
  it("deals and sales (issue 43): deal.<step> and sale.* to both parties' accounts, amounts in dollars", () => {
    const parties = {
      partnershipId: PartnershipId.make(12),
      businessUserId: UserId.make(1),
      agentUserId: UserId.make(2),
      businessName: "Acme Solar",
      agentName: "Sam Agent",
    };
    const deal = {
      ...parties,
      id: DealId.make(31),
      customerId: CustomerId.make(40),
      customerName: "Harbour Tech",
      state: "approved" as const,
      protectedUntil: "2027-03-02",
    };
    expect(webhookEventFor({ _tag: "DealStepTaken", step: "approved", deal, by: "business" })).toEqual({
      type: "deal.approved",
      objectKey: "deal:31",
      parties: [{ userId: 1 }, { userId: 2 }],
      object: {
        id: 31,
        partnershipId: 12,
        customerId: 40,
        customerName: "Harbour Tech",
        state: "approved",
        protectedUntil: "2027-03-02",
      },
    });
    const sale: SaleFacts = {
      ...parties,
      id: SaleId.make(88),
      dealId: deal.id,
      customerId: deal.customerId,
      amountCents: cents(125_050),
      saleDate: "2026-12-01",
      kind: "one_off",
      state: "confirmed",
      reportedBy: "business",
      confirmBy: null,
    };
    expect(
      webhookEventFor({
        _tag: "SaleRefunded",
        saleId: sale.id,
        partnershipId: sale.partnershipId,
        refundCents: cents(25_000),
        refundDate: "2026-12-09",
        sale,
      }),
    ).toMatchObject({
      type: "sale.refunded",
      objectKey: "sale:88",
      object: { amount: 1250.5, refund: { amount: 250, date: "2026-12-09" } },
    });
    expect(webhookEventFor({ _tag: "SaleStepTaken", step: "confirming", sale, by: "system" })?.type).toBe(
      "sale.confirming",
    );
  });

  it("maps each partnership step to its webhook type with the partnership as the object", () => {
    const partnership = aPartnershipFacts({ status: "active" });
    expect(webhookEventFor({ _tag: "PartnershipRequested", partnership, by: "business" })?.type).toBe(
      "partnership.requested",
    );
    const types = (["active", "rejected", "withdrawn", "terminated"] as const).map(
      (status) => webhookEventFor({ _tag: "PartnershipChanged", partnership, by: "agent", status })?.type,
    );
    expect(types).toEqual([
      "partnership.accepted",
      "partnership.rejected",
      "partnership.withdrawn",
      "partnership.ended",
    ]);
    expect(webhookEventFor({ _tag: "PartnershipRequested", partnership, by: "business" })).toMatchObject({
      objectKey: "partnership:7",
      parties: [{ businessProfileId: 10 }, { agentProfileId: 20 }],
      object: { id: 7, status: "active", commissionRate: 12, startDate: null },
    });
  });

  it("invoices: created, paid (isPaid true) and overdue, amounts in dollars", () => {
    const invoice = anInvoiceFacts();
    expect(webhookEventFor({ _tag: "InvoiceRaised", invoice })).toMatchObject({
      type: "invoice.created",
      object: { amount: 1100, currency: "AUD", isPaid: false },
    });
    expect(webhookEventFor({ _tag: "InvoicePaid", invoice })).toMatchObject({
      type: "invoice.paid",
      object: { isPaid: true },
    });
    expect(webhookEventFor({ _tag: "InvoiceOverdue", invoice })?.type).toBe("invoice.overdue");
  });

  it("payments publish only completed, failed and refunded", () => {
    const payment = (status: string) => ({
      _tag: "PaymentStatusChanged" as const,
      payment: { ...anInvoiceFacts(), id: 3 as never, invoiceId: anInvoiceFacts().id, status },
    });
    expect(webhookEventFor(payment("completed"))?.type).toBe("payment.succeeded");
    expect(webhookEventFor(payment("failed"))?.type).toBe("payment.failed");
    expect(webhookEventFor(payment("refunded"))?.type).toBe("payment.refunded");
    expect(webhookEventFor(payment("processing"))).toBeNull();
  });

  it("messages are keyed per conversation; verification decisions per request; disputes publish none", () => {
    expect(
      webhookEventFor({
        _tag: "MessageSent",
        message: {
          id: 9,
          senderId: UserId.make(5),
          receiverId: UserId.make(2),
          content: "hi",
          sentAt: new Date(0),
        },
      }),
    ).toMatchObject({ type: "message.created", objectKey: "conversation:2-5" });
    expect(
      webhookEventFor({
        _tag: "VerificationDecided",
        request: { id: 4, userId: UserId.make(2), status: "approved" },
        summary: "You're verified on Closr",
      }),
    ).toMatchObject({ type: "verification.approved", objectKey: "verification:4" });
    expect(
      webhookEventFor({
        _tag: "DisputeOpened",
        dispute: {
          id: 5 as never,
          invoiceId: anInvoiceFacts().id,
          businessUserId: UserId.make(1),
          agentUserId: UserId.make(2),
          businessName: "Acme Solar",
          agentName: "Sam Agent",
          state: "open",
          settledAmountCents: null,
          proposal: null,
        },
        by: "agent",
      }),
    ).toBeNull();
  });

  it("publishes through WebhookEvents when an event is published", async () => {
    const published: WebhookEventInput[] = [];
    const events = Layer.succeed(WebhookEvents, {
      publish: (event) => Effect.sync(() => void published.push(event)),
    });
    await Effect.runPromise(
      publishEvent({ _tag: "InvoiceRaised", invoice: anInvoiceFacts() }).pipe(
        Effect.provideService(DomainEvents, domainEventsFrom([webhookSubscriber])),
        Effect.provide(events),
      ),
    );
    expect(published.map((event) => event.type)).toEqual(["invoice.created"]);
  });
});
