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
