/** The commission ledger's failures (issue 43). Each maps to one problem type in the service. */
import { Data } from "effect";
import type { LineState } from "./model.ts";

/** No signed agreement version covers the sale's date: the sale earns nothing yet. */
export class NoTermsInForce extends Data.TaggedError("NoTermsInForce")<{
  readonly partnershipId: number;
  readonly date: string;
}> {}

/** The refunded sale is not in the ledger (never confirmed, or another partnership's). */
export class LedgerSaleNotFound extends Data.TaggedError("LedgerSaleNotFound")<{ readonly saleId: number }> {}

/** A line step that its state does not allow (ledger-machine.ts). */
export class LineTransitionNotAllowed extends Data.TaggedError("LineTransitionNotAllowed")<{
  readonly from: LineState;
  readonly event: string;
}> {}

/** The payable lines net to $0.00 or less: nothing to invoice (a balance is never paid below zero). */
export class NothingPayable extends Data.TaggedError("NothingPayable")<{ readonly netCents: number }> {}

/** The partnership or line is not the caller's (answers 404, ids reveal nothing). */
export class CommissionLineNotFound extends Data.TaggedError("CommissionLineNotFound")<{
  readonly id: number;
}> {}

/** The line is not on an invoice yet: a dispute opens on the invoice that takes it (409). */
export class CommissionLineNotInvoiced extends Data.TaggedError("CommissionLineNotInvoiced")<{
  readonly id: number;
  readonly state: LineState;
}> {}

/**
 * The caller is the wrong party to issue the payable lines' invoice: with the RCTI clause and both
 * parties registered for GST the business issues it (a recipient-created tax invoice, ATO LI
 * 2023/20); otherwise the agent does (403).
 */
export class CommissionInvoiceIssuer extends Data.TaggedError("CommissionInvoiceIssuer")<{
  readonly issuer: "business" | "agent";
}> {}

/** The commission errors the HTTP service answers (one row each in its error table). */
export type CommissionError =
  | CommissionLineNotFound
  | NothingPayable
  | CommissionLineNotInvoiced
  | CommissionInvoiceIssuer;
