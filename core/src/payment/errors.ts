/** Payment tagged errors (mapped to problems in services/api/src/http/problem.ts). */
import { Data } from "effect";
import { InvalidWebhook } from "../shared/gateway-errors.ts";
import type { PaymentStatus } from "./model.ts";

/** The event is not allowed from the payment's status (pure machine error; stale events are ignored). */
export class PaymentTransitionNotAllowed extends Data.TaggedError("PaymentTransitionNotAllowed")<{
  readonly from: PaymentStatus;
  readonly event: string;
}> {}

/** No such payment method of the caller's (404). */
export class PaymentMethodNotFound extends Data.TaggedError("PaymentMethodNotFound")<{
  readonly id: number;
}> {}

/** No such payment intent, or not the caller's, or a wrong client secret (404). */
export class PaymentIntentNotFound extends Data.TaggedError("PaymentIntentNotFound")<{
  readonly id: string;
}> {}

/** The intent cannot take this action in its state, e.g. confirming a succeeded intent (409). */
export class PaymentIntentUnexpectedState extends Data.TaggedError("PaymentIntentUnexpectedState")<{
  readonly id: string;
  readonly message: string;
}> {}

/** Re-exported: the class lives in the shared kernel (subscriptions raise it too). */
export { InvalidWebhook };

/** The payment gateway could not be reached or refused the request (503). */
export class PaymentGatewayUnavailable extends Data.TaggedError("PaymentGatewayUnavailable")<{
  readonly message: string;
}> {}

/** A payment for the invoice is being processed by the gateway; wait for its outcome (409). */
export class PaymentInProgress extends Data.TaggedError("PaymentInProgress")<{
  readonly invoiceId: number;
}> {}

/**
 * The invoice is under dispute, or a dispute's resolution cancelled it (409, issue 17): it cannot
 * be paid until the dispute is resolved. `disputeId` names the dispute.
 */
export class InvoiceDisputed extends Data.TaggedError("InvoiceDisputed")<{
  readonly invoiceId: number;
  readonly disputeId: number;
  readonly reason: "disputed" | "cancelled";
}> {}

/** Every tagged error the payment context fails with (the service maps each to a problem). */
export type PaymentError =
  | PaymentTransitionNotAllowed
  | PaymentMethodNotFound
  | PaymentIntentNotFound
  | PaymentIntentUnexpectedState
  | InvalidWebhook
  | PaymentGatewayUnavailable
  | PaymentInProgress
  | InvoiceDisputed;
