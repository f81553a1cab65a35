/** Invoice tagged errors (mapped to problems in services/api/src/http/problem.ts). */
import { Data } from "effect";
import type { Cents } from "../shared/money.ts";

/** No such invoice, or the caller is not its agent or business (404: ids reveal nothing). */
export class InvoiceNotFound extends Data.TaggedError("InvoiceNotFound")<{ readonly id: number }> {}

/** A field of a new invoice breaks spec §5 (422 on `field`). */
export class InvalidInvoice extends Data.TaggedError("InvalidInvoice")<{
  readonly field:
    | "amount"
    | "description"
    | "dueDate"
    | "businessId"
    | "partnershipId"
    | "saleAmount"
    | "saleDate"
    | "aboveCommissionReason";
  readonly message: string;
}> {}

/** The invoice is paid already; it cannot be paid again (409). */
export class InvoiceAlreadyPaid extends Data.TaggedError("InvoiceAlreadyPaid")<{ readonly id: number }> {}

/** A completed payment's amount differs from the invoice's; only a full payment pays it. */
export class PaymentAmountMismatch extends Data.TaggedError("PaymentAmountMismatch")<{
  readonly invoiceId: number;
  readonly expectedCents: Cents;
  readonly paidCents: Cents;
}> {}

/**
 * The invoice machine refused an event in the invoice's current state (ADR 0040): e.g. paying a
 * cancelled or disputed invoice, refunding more than is left, resolving a dispute that is not open.
 */
export class InvoiceTransitionRefused extends Data.TaggedError("InvoiceTransitionRefused")<{
  readonly id: number;
  readonly from: "issued" | "paid" | "partially_refunded" | "refunded" | "disputed" | "cancelled";
  readonly event:
    | "PaymentCompleted"
    | "RefundRecorded"
    | "RefundReversed"
    | "DisputeOpened"
    | "DisputeResolved";
  readonly reason: string;
}> {}

/** The agent has no enabled payout account yet: payouts come before the first invoice (issue 14). */
export class PayoutsNotSetUp extends Data.TaggedError("PayoutsNotSetUp")<{
  readonly status: "not_started" | "onboarding" | "restricted";
}> {}

/** Every tagged error the invoice context fails with (the service maps each to a problem). */
export type InvoiceError =
  | InvoiceNotFound
  | InvalidInvoice
  | InvoiceAlreadyPaid
  | PaymentAmountMismatch
  | InvoiceTransitionRefused
  | PayoutsNotSetUp;
