/**
 * The commission ledger's subscriber to domain events (issue 43; ADR 0037, ADR 0063): part A's
 * `SaleConfirmed` records the sale and its lines, `SaleRefunded` claws back inside the window, and
 * `InvoicePaid` marks the invoice's lines paid — in the publisher's unit of work, so the ledger
 * commits with the sale. Idempotent: a sale is recorded once (recordConfirmedSale), a refund
 * delivery is claimed against the sale's refunded total before it claws back (CommissionRecords),
 * and paid lines are not paid again. A runtime without the ledger (other contexts' tests) skips;
 * a failure is logged and never fails the change (NoTermsInForce: the sale earns nothing yet).
 */
import { Effect, Option } from "effect";
import { Clock, type DomainEvent, type DomainEventSubscriber } from "../shared/index.ts";
import { CommissionLedger, CommissionRecords } from "./ports.ts";
import { markLinesPaid, recordConfirmedSale, recordRefund } from "./use-cases.ts";

const react = (event: DomainEvent) =>
  Effect.gen(function* () {
    switch (event._tag) {
      case "SaleConfirmed":
        return yield* recordConfirmedSale({
          saleId: event.saleId,
          partnershipId: event.partnershipId,
          amountCents: event.amountCents,
          saleDate: event.saleDate,
          kind: event.kind,
        });
      case "SaleRefunded": {
        const claimed = yield* (yield* CommissionRecords).claimRefund(
          event.partnershipId,
          event.saleId,
          event.refundCents,
        );
        if (!claimed) return;
        return yield* recordRefund({
          saleId: event.saleId,
          partnershipId: event.partnershipId,
          refundCents: event.refundCents,
          refundDate: event.refundDate,
        });
      }
      case "InvoicePaid":
        return yield* markLinesPaid(event.invoice.id, yield* (yield* Clock).now);
      default:
        return;
    }
  });

/** The subscriber the service wires after notifications and before webhooks. */
export const commissionSubscriber: DomainEventSubscriber = (event) => {
  if (event._tag !== "SaleConfirmed" && event._tag !== "SaleRefunded" && event._tag !== "InvoicePaid")
    return Effect.void;
  return Effect.gen(function* () {
    const ledger = yield* Effect.serviceOption(CommissionLedger);
    const records = yield* Effect.serviceOption(CommissionRecords);
    const clock = yield* Effect.serviceOption(Clock);
    if (Option.isNone(ledger) || Option.isNone(records) || Option.isNone(clock)) return;
    yield* react(event).pipe(
      Effect.provideService(CommissionLedger, ledger.value),
      Effect.provideService(CommissionRecords, records.value),
      Effect.provideService(Clock, clock.value),
    );
  }).pipe(
    Effect.catchAll((error) => Effect.logWarning(`commission ledger: ${event._tag} not recorded`, error)),
    Effect.withSpan("commission.subscriber", { attributes: { event: event._tag } }),
  );
};
