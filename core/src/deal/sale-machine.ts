/**
 * The sale machine (issue 43 §2, ADR 0062). Pure: time comes in with each event.
 *
 *   (business, CSV or API) ──────────────► confirmed
 *   (agent) ─────────────────────────────► reported (confirmBy = window's end)
 *   reported ──confirm (business)────────► confirmed
 *   reported ──dispute (business)────────► disputed
 *   reported ──the window elapses────────► confirmed (unanswered counts as confirmed)
 *   disputed ──confirm (business)────────► confirmed (it changed its mind)
 *   confirmed ──refund (business/API; ≤ what is left)──► confirmed, or refunded once all of it is
 *
 * `advanceSale` applies an elapsed window before any event, so a late dispute cannot undo a
 * confirmation the clock already made. Refused pairs are SaleTransitionRefused.
 */
import { Either } from "effect";
import { type Cents, cents, type EventParty } from "../shared/index.ts";
import { SaleTransitionRefused } from "./errors.ts";
import type { SaleReporter, SaleStatus } from "./model.ts";

export type SaleEvent =
  | { readonly type: "confirm"; readonly by: EventParty; readonly at: Date }
  | { readonly type: "dispute"; readonly by: EventParty; readonly at: Date; readonly note: string }
  | { readonly type: "refund"; readonly by: EventParty; readonly at: Date; readonly refundCents: number }
  | { readonly type: "tick"; readonly at: Date };

/**
 * A new sale's status: confirmed at `at` when the business reported it (form, CSV, API), else
 * reported, to be answered by `confirmBy` (the end of the agreement's confirmation window).
 */
export const reportedSale = (input: {
  readonly amountCents: Cents;
  readonly reportedBy: SaleReporter;
  readonly at: Date;
  readonly confirmBy: Date;
}): SaleStatus =>
  input.reportedBy === "agent"
    ? {
        state: "reported",
        amountCents: input.amountCents,
        refundedCents: cents(0),
        confirmBy: input.confirmBy,
        confirmedAt: null,
        disputeNote: null,
      }
    : {
        state: "confirmed",
        amountCents: input.amountCents,
        refundedCents: cents(0),
        confirmBy: null,
        confirmedAt: input.at,
        disputeNote: null,
      };

/** A reported sale whose window has ended at `at` is confirmed, at its `confirmBy`. */
export const advanceSale = <S extends SaleStatus>(status: S, at: Date): S =>
  status.state === "reported" && status.confirmBy !== null && at >= status.confirmBy
    ? { ...status, state: "confirmed", confirmedAt: status.confirmBy }
    : status;

const refuse = (status: SaleStatus, event: SaleEvent, message: string) =>
  Either.left(new SaleTransitionRefused({ state: status.state, event: event.type, message }));

/** Applies `event` (after `advanceSale`); Right: the new status, Left: why not. */
export const transitionSale = <S extends SaleStatus>(
  current: S,
  event: SaleEvent,
): Either.Either<S, SaleTransitionRefused> => {
  const status = advanceSale(current, event.at);
  if (event.type === "tick") return Either.right(status);
  if (event.by !== "business") return refuse(status, event, "Only the business can do this.");
  switch (event.type) {
    case "confirm":
      if (status.state !== "reported" && status.state !== "disputed")
        return refuse(status, event, `This sale is already ${status.state}.`);
      return Either.right({ ...status, state: "confirmed", confirmedAt: event.at, confirmBy: null });
    case "dispute":
      if (status.state !== "reported")
        return refuse(
          status,
          event,
          status.state === "confirmed"
            ? "This sale is already confirmed."
            : `This sale is already ${status.state}.`,
        );
      if (event.note.trim().length === 0) return refuse(status, event, "Say why the sale is disputed.");
      return Either.right({ ...status, state: "disputed", confirmBy: null, disputeNote: event.note.trim() });
    case "refund": {
      if (status.state !== "confirmed")
        return refuse(status, event, "Only a confirmed sale can be refunded.");
      const left = status.amountCents - status.refundedCents;
      if (!Number.isInteger(event.refundCents) || event.refundCents < 1 || event.refundCents > left)
        return refuse(status, event, "The refund is more than what is left of the sale.");
      const refunded = cents(status.refundedCents + event.refundCents);
      return Either.right({
        ...status,
        refundedCents: refunded,
        state: refunded === status.amountCents ? "refunded" : "confirmed",
      });
    }
  }
};
