/**
 * Invoice state machine (spec §4): unpaid → paid, exactly once, when a payment for the
 * invoice's full amount completes. Pure: time comes in with the event.
 */
import { Either } from "effect";
import type { Cents } from "../shared/money.ts";
import { InvoiceAlreadyPaid, PaymentAmountMismatch } from "./errors.ts";
import type { Invoice } from "./model.ts";

export type InvoiceState = "unpaid" | "paid";

export type InvoiceEvent = {
  readonly type: "PaymentCompleted";
  /** The completed payment's amount, integer cents. */
  readonly amountCents: Cents;
  readonly at: Date;
};

export const invoiceState = (invoice: Pick<Invoice, "isPaid">): InvoiceState =>
  invoice.isPaid ? "paid" : "unpaid";

/** Applies an event; a second payment, or a partial one, is a typed error. */
export const transitionInvoice = <I extends Invoice>(
  invoice: I,
  event: InvoiceEvent,
): Either.Either<I, InvoiceAlreadyPaid | PaymentAmountMismatch> => {
  switch (invoiceState(invoice)) {
    case "paid":
      return Either.left(new InvoiceAlreadyPaid({ id: invoice.id }));
    case "unpaid":
      if (event.amountCents !== invoice.amountCents)
        return Either.left(
          new PaymentAmountMismatch({
            invoiceId: invoice.id,
            expectedCents: invoice.amountCents,
            paidCents: event.amountCents,
          }),
        );
      return Either.right({ ...invoice, isPaid: true, paidAt: event.at });
  }
};
