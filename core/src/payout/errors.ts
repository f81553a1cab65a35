/** Payout tagged errors (mapped to problems in services/api/src/http/problem.ts). */
import { Data } from "effect";

/** A bank detail of the local onboarding form is malformed (422 on `field`). */
export class InvalidBankDetails extends Data.TaggedError("InvalidBankDetails")<{
  readonly field: "bsb" | "accountNumber" | "accountName";
  readonly message: string;
}> {}

/** An ABN that fails the ATO checksum (422 on `abn`). */
export class InvalidTaxDetails extends Data.TaggedError("InvalidTaxDetails")<{
  readonly field: "abn" | "gstRegistered";
  readonly message: string;
}> {}

/** The agent has not started payouts, so there is nothing to continue or verify (409). */
export class PayoutAccountMissing extends Data.TaggedError("PayoutAccountMissing")<{
  readonly agentId: number;
}> {}

/** The payout gateway could not be reached or refused the request (503). */
export class PayoutGatewayUnavailable extends Data.TaggedError("PayoutGatewayUnavailable")<{
  readonly message: string;
}> {}

/** Refunds are staff work (403). */
export class StaffOnly extends Data.TaggedError("StaffOnly")<{ readonly action: string }> {}

/** No such payment (404). */
export class RefundPaymentNotFound extends Data.TaggedError("RefundPaymentNotFound")<{
  readonly id: number;
}> {}

/** The payment cannot be refunded this much: not completed, or more than what is left (409/422). */
export class RefundNotAllowed extends Data.TaggedError("RefundNotAllowed")<{
  readonly reason: "not-completed" | "too-much" | "not-positive";
  readonly message: string;
}> {}

/** No such document (invoice not paid, refund unknown, or not the caller's) (404). */
export class PayoutDocumentNotFound extends Data.TaggedError("PayoutDocumentNotFound")<{
  readonly id: number;
}> {}

/** Every tagged error the payout context fails with. */
export type PayoutError =
  | InvalidBankDetails
  | InvalidTaxDetails
  | PayoutAccountMissing
  | PayoutGatewayUnavailable
  | StaffOnly
  | RefundPaymentNotFound
  | RefundNotAllowed
  | PayoutDocumentNotFound;
