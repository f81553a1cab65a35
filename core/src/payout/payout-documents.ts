/** Tax documents (ADR 0011): the invoice, the platform fee invoice and credit notes. */
import { Effect, Option } from "effect";
import type { User } from "../identity/index.ts";
import { callerProfile, displayState, getInvoice, isPartyTo } from "../invoice/index.ts";
import { Clock, type InvoiceId, type PayoutRefundId } from "../shared/index.ts";
import { PayoutDocumentNotFound } from "./errors.ts";
import { callerAgent } from "./payout-access.ts";
import { PayoutAccountRepository, PayoutRefundRepository } from "./ports.ts";

/**
 * A paid invoice the caller is a party to, with its display state at the Clock's now (ADR 0049:
 * printed on the PDF) and the buyer's ABN (for its PDFs).
 */
export const getInvoiceDocument = Effect.fn("payout.getInvoiceDocument")(function* (
  user: User,
  invoiceId: InvoiceId,
) {
  const invoice = yield* Effect.catchTag(getInvoice(user, invoiceId), "InvoiceNotFound", () =>
    Effect.fail(new PayoutDocumentNotFound({ id: invoiceId })),
  );
  if (!invoice.isPaid || invoice.paidAt === null) return yield* new PayoutDocumentNotFound({ id: invoiceId });
  const buyerAbn = yield* (yield* PayoutAccountRepository).businessAbn(invoice.businessId);
  const state = displayState(invoice, yield* (yield* Clock).now);
  return { invoice, state, buyerAbn: Option.getOrNull(buyerAbn) };
});

/** The platform's tax invoice for its fee on a paid invoice: the agent's only. */
export const getFeeDocument = Effect.fn("payout.getFeeDocument")(function* (
  user: User,
  invoiceId: InvoiceId,
) {
  yield* callerAgent(user, "see platform fee tax invoices");
  return yield* getInvoiceDocument(user, invoiceId);
});

/** One refund's credit note, for the invoice's parties and staff. */
export const getCreditNote = Effect.fn("payout.getCreditNote")(function* (
  user: User,
  refundId: PayoutRefundId,
) {
  const refund = yield* (yield* PayoutRefundRepository).findRefund(refundId);
  if (Option.isNone(refund)) return yield* new PayoutDocumentNotFound({ id: refundId });
  const found = yield* (yield* PayoutRefundRepository).findPayment(refund.value.paymentId);
  if (Option.isNone(found)) return yield* new PayoutDocumentNotFound({ id: refundId });
  if (user.role !== "admin") {
    const caller = yield* Effect.catchTag(callerProfile(user), "ProfileNotFound", () =>
      Effect.fail(new PayoutDocumentNotFound({ id: refundId })),
    );
    if (!isPartyTo(found.value.invoice, caller)) return yield* new PayoutDocumentNotFound({ id: refundId });
  }
  const buyerAbn = yield* (yield* PayoutAccountRepository).businessAbn(found.value.invoice.businessId);
  return { refund: refund.value, invoice: found.value.invoice, buyerAbn: Option.getOrNull(buyerAbn) };
});
