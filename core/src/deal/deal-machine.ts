/**
 * The deal registration machine (issue 43 §1, ADR 0062). Pure: every event carries its time `at`;
 * protection is counted in Sydney calendar days (the business's zone) and lasts through the end of
 * `protectedUntil`.
 *
 *   submitted ──approve (business; protected N days)──► approved
 *   submitted ──reject (business, with a reason)──────► rejected
 *   approved  ──renew (business; N more days)─────────► approved
 *   approved  ──win (business)────────────────────────► won
 *   approved  ──lose (either party)───────────────────► lost
 *   approved  ──the day after protectedUntil──────────► expired
 *
 * Before an event applies, a protection already ended at its `at` is applied (`advanceDeal`), so a
 * late "won" cannot beat the clock. Every other pair is a DealTransitionRefused.
 */
import { Either } from "effect";
import { sydneyDate } from "../dispute/index.ts";
import { addCalendarDays } from "../shared/calendar.ts";
import type { EventParty } from "../shared/index.ts";
import { DealTransitionRefused } from "./errors.ts";
import { type DealStatus, dealRules, type RejectionReason } from "./model.ts";

export type DealEvent =
  | { readonly type: "approve"; readonly by: EventParty; readonly at: Date; readonly protectionDays: number }
  | {
      readonly type: "reject";
      readonly by: EventParty;
      readonly at: Date;
      readonly reason: RejectionReason;
      readonly note: string | null;
    }
  | { readonly type: "renew"; readonly by: EventParty; readonly at: Date; readonly days: number }
  | { readonly type: "win"; readonly by: EventParty; readonly at: Date }
  | { readonly type: "lose"; readonly by: EventParty; readonly at: Date }
  | { readonly type: "tick"; readonly at: Date };

/** A new registration's status. */
export const submittedDeal = (): DealStatus => ({
  state: "submitted",
  protectedUntil: null,
  rejectionReason: null,
  rejectionNote: null,
  decidedAt: null,
  closedAt: null,
});

/** The last protected Sydney day for `days` days of protection starting on the day of `at`. */
export const protectionEnd = (at: Date, days: number): string => addCalendarDays(sydneyDate(at), days);

/** True while `status` protects its customer at `at` (submitted counts: it holds the registration). */
export const holdsCustomer = (status: DealStatus, at: Date): boolean =>
  status.state === "submitted" ||
  status.state === "won" ||
  (status.state === "approved" && status.protectedUntil !== null && sydneyDate(at) <= status.protectedUntil);

/** An approved deal whose protection ended before the day of `at` is expired (from that day). */
export const advanceDeal = <S extends DealStatus>(status: S, at: Date): S =>
  status.state === "approved" && status.protectedUntil !== null && sydneyDate(at) > status.protectedUntil
    ? { ...status, state: "expired", closedAt: at }
    : status;

const refuse = (status: DealStatus, event: DealEvent, message: string) =>
  Either.left(new DealTransitionRefused({ state: status.state, event: event.type, message }));

const validDays = (days: number) =>
  Number.isInteger(days) && days >= 1 && days <= dealRules.maxProtectionDays;

/**
 * Applies `event` to `status` (after `advanceDeal` at the event's time). Right: the new status;
 * Left: why not (state, party or a day count outside 1–365).
 */
export const transitionDeal = <S extends DealStatus>(
  current: S,
  event: DealEvent,
): Either.Either<S, DealTransitionRefused> => {
  const status = advanceDeal(current, event.at);
  if (event.type === "tick") return Either.right(status);
  if (event.type !== "lose" && event.by !== "business")
    return refuse(status, event, "Only the business can do this.");
  switch (event.type) {
    case "approve":
      if (status.state !== "submitted") return refuse(status, event, `This deal is already ${status.state}.`);
      if (!validDays(event.protectionDays)) return refuse(status, event, "Protection is 1 to 365 days.");
      return Either.right({
        ...status,
        state: "approved",
        protectedUntil: protectionEnd(event.at, event.protectionDays),
        decidedAt: event.at,
      });
    case "reject":
      if (status.state !== "submitted") return refuse(status, event, `This deal is already ${status.state}.`);
      if (event.reason === "other" && (event.note ?? "").trim().length === 0)
        return refuse(status, event, "Say why the deal is rejected.");
      return Either.right({
        ...status,
        state: "rejected",
        rejectionReason: event.reason,
        rejectionNote: event.note?.trim() || null,
        decidedAt: event.at,
        closedAt: event.at,
      });
    case "renew": {
      if (status.state !== "approved")
        return refuse(status, event, "Only an approved deal that is still protected can be renewed.");
      if (!validDays(event.days)) return refuse(status, event, "Protection is 1 to 365 days.");
      const today = sydneyDate(event.at);
      const from =
        status.protectedUntil !== null && status.protectedUntil > today ? status.protectedUntil : today;
      return Either.right({ ...status, protectedUntil: addCalendarDays(from, event.days) });
    }
    case "win":
      if (status.state !== "approved")
        return refuse(status, event, "Only an approved, protected deal can be marked won.");
      return Either.right({ ...status, state: "won", closedAt: event.at });
    case "lose":
      if (status.state !== "approved")
        return refuse(status, event, "Only an approved, protected deal can be marked lost.");
      return Either.right({
        ...status,
        state: "lost",
        protectedUntil: status.protectedUntil,
        closedAt: event.at,
      });
  }
};

/** True when no event moves a deal out of `state`. */
export const isDealClosed = (state: DealStatus["state"]): boolean =>
  state === "rejected" || state === "won" || state === "lost" || state === "expired";
