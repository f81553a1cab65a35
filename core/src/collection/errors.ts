/** The collection context's failures (issue 45, ADR 0064). */
import { Data } from "effect";
import type { MandateStatus } from "./model.ts";

/** The mandate machine refused an event in the mandate's state. */
export class MandateTransitionRefused extends Data.TaggedError("MandateTransitionRefused")<{
  readonly from: MandateStatus;
  readonly event: string;
}> {
  override get message() {
    return `A ${this.from} mandate cannot take ${this.event}.`;
  }
}

/** No such mandate for the caller (another party's mandate answers this too: 404). */
export class MandateNotFound extends Data.TaggedError("MandateNotFound")<{ readonly id: number }> {}

/** The partnership already has a pending or active mandate (revoke it first). */
export class MandateAlreadyExists extends Data.TaggedError("MandateAlreadyExists")<{
  readonly partnershipId: number;
}> {}

/** The gateway refused the bank account or card (e.g. not a test account on the local gateway). */
export class MandateSetupRefused extends Data.TaggedError("MandateSetupRefused")<{
  readonly field: "bsb" | "accountNumber" | "cardNumber";
  readonly reason: string;
}> {}

/** The BECS Direct Debit Request service agreement was not accepted. */
export class DirectDebitRequestNotAccepted extends Data.TaggedError("DirectDebitRequestNotAccepted")<{
  readonly method: "au_becs_debit";
}> {}

/** Every failure of the collection context the service maps to a problem. */
export type CollectionError =
  | MandateTransitionRefused
  | MandateNotFound
  | MandateAlreadyExists
  | MandateSetupRefused
  | DirectDebitRequestNotAccepted;
