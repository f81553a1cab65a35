/**
 * The collection decision (issue 45 item 2, ADR 0064): what the sweep does today with one
 * invoice — charge it (attempt n, idempotency key per invoice and attempt), or skip it and why.
 * Pure: `today` is the Sydney calendar date (`yyyy-MM-dd`) the caller read from its Clock.
 *
 * Rules, in order:
 * 1. paid, cancelled or under an active dispute → skip (a dispute stops collection);
 * 2. no active mandate for its partnership → skip;
 * 3. an attempt recorded but not yet sent to the gateway (`pending`, e.g. the process died
 *    mid-batch) → charge again with THE SAME attempt and key (the gateway answers the same
 *    intent, so nothing is charged twice);
 * 4. an attempt processing (BECS clearing) or completed → skip;
 * 5. never attempted: due today or earlier → charge attempt 1 (never before the due date);
 * 6. failed: retried at most 3 times, 1, 3 and 7 days after the first failed attempt's date;
 *    after the last one the invoice is simply overdue.
 * The advance notice (3 days before the charge, BECS rules) is `noticeDue`.
 */
import { addDays } from "../invoice/index.ts";
import type { Cents } from "../shared/money.ts";
import { collectionIdempotencyKey, collectionRules, type MandateStatus } from "./model.ts";

/** One earlier attempt, as read from its payment (a payment made by the mandate). */
export interface AttemptFacts {
  readonly attempt: number;
  readonly status: "pending" | "processing" | "completed" | "failed" | "refunded";
  /** Sydney date the attempt was made. */
  readonly chargedOn: string;
  readonly failureMessage: string | null;
}

/** What the decision reads about one invoice. */
export interface CollectionCandidate {
  readonly invoice: {
    readonly id: number;
    readonly amountCents: Cents;
    readonly dueDate: string;
    readonly isPaid: boolean;
    readonly cancelled: boolean;
    readonly disputed: boolean;
  };
  readonly mandate: { readonly id: number; readonly status: MandateStatus } | null;
  /** Attempts by the mandate, any order. */
  readonly attempts: readonly AttemptFacts[];
}

export type SkipReason =
  | "paid"
  | "cancelled"
  | "disputed"
  | "no_active_mandate"
  | "not_due"
  | "in_flight"
  | "retry_not_due"
  | "retries_exhausted";

export type CollectionDecision =
  | {
      readonly type: "charge";
      readonly attempt: number;
      readonly idempotencyKey: string;
      /** True when re-sending a recorded attempt that the gateway may already have. */
      readonly resume: boolean;
    }
  | { readonly type: "skip"; readonly reason: SkipReason; readonly retryOn?: string | undefined };

const skip = (reason: SkipReason, retryOn?: string): CollectionDecision =>
  retryOn ? { type: "skip", reason, retryOn } : { type: "skip", reason };

const charge = (invoiceId: number, attempt: number, resume: boolean): CollectionDecision => ({
  type: "charge",
  attempt,
  idempotencyKey: collectionIdempotencyKey(invoiceId, attempt),
  resume,
});

/** The retry dates after a first failure on `firstFailedOn` (`yyyy-MM-dd`): +1, +3, +7 days. */
export const retryDates = (firstFailedOn: string): readonly string[] =>
  collectionRules.retryOffsetsDays.map((d) => addDays(firstFailedOn, d));

/** When the next attempt will be made after these attempts, or null (none to come). */
export const nextRetryOn = (attempts: readonly AttemptFacts[]): string | null => {
  const failed = attempts.filter((a) => a.status === "failed").sort((a, b) => a.attempt - b.attempt);
  if (failed.length === 0 || failed.length > collectionRules.retryOffsetsDays.length) return null;
  return retryDates(failed[0]!.chargedOn)[failed.length - 1] ?? null;
};

/** What to do with one invoice today (see the module's rules). */
export const decideCollection = (candidate: CollectionCandidate, today: string): CollectionDecision => {
  const { invoice, mandate, attempts } = candidate;
  if (invoice.isPaid) return skip("paid");
  if (invoice.cancelled) return skip("cancelled");
  if (invoice.disputed) return skip("disputed");
  if (mandate?.status !== "active") return skip("no_active_mandate");
  if (attempts.some((a) => a.status === "completed" || a.status === "refunded")) return skip("paid");
  if (attempts.some((a) => a.status === "processing")) return skip("in_flight");
  const open = attempts.filter((a) => a.status === "pending").sort((a, b) => b.attempt - a.attempt)[0];
  if (open) return charge(invoice.id, open.attempt, true);
  if (invoice.dueDate > today) return skip("not_due");
  const last = attempts.reduce((max, a) => Math.max(max, a.attempt), 0);
  if (last === 0) return charge(invoice.id, 1, false);
  const retryOn = nextRetryOn(attempts);
  if (retryOn === null) return skip("retries_exhausted");
  if (retryOn > today) return skip("retry_not_due", retryOn);
  return charge(invoice.id, last + 1, false);
};

/**
 * Whether the business is due its advance notice today (3 days before the charge; BECS): unpaid,
 * collectable, never attempted, not yet told, and the due date within 3 days of today (a mandate
 * set up later than that is told at once). Answers the date the charge will be made.
 */
export const noticeDue = (
  candidate: CollectionCandidate,
  noticeSentOn: string | null,
  today: string,
): { readonly chargeOn: string } | null => {
  const { invoice, mandate, attempts } = candidate;
  if (noticeSentOn !== null || attempts.length > 0) return null;
  if (invoice.isPaid || invoice.cancelled || invoice.disputed || mandate?.status !== "active") return null;
  if (addDays(today, collectionRules.advanceNoticeDays) < invoice.dueDate) return null;
  return { chargeOn: invoice.dueDate > today ? invoice.dueDate : today };
};

/** What an invoice shows about automatic collection (issue 45 item 3), or null (not collected automatically). */
export type CollectionView =
  | { readonly status: "scheduled"; readonly scheduledFor: string }
  | { readonly status: "processing"; readonly expectedOn: string | null }
  | { readonly status: "paid" }
  | { readonly status: "failed"; readonly reason: string; readonly retryOn: string | null };

/** The per-invoice collection state from the same facts the sweep decides on. */
export const collectionView = (
  candidate: CollectionCandidate,
  today: string,
  expectedOn: string | null = null,
): CollectionView | null => {
  const { invoice, mandate, attempts } = candidate;
  if (invoice.isPaid) return attempts.some((a) => a.status === "completed") ? { status: "paid" } : null;
  if (attempts.some((a) => a.status === "processing")) return { status: "processing", expectedOn };
  const lastFailed = attempts.filter((a) => a.status === "failed").sort((a, b) => b.attempt - a.attempt)[0];
  if (lastFailed && !attempts.some((a) => a.status === "pending" && a.attempt > lastFailed.attempt))
    return {
      status: "failed",
      reason: lastFailed.failureMessage ?? "The payment failed.",
      retryOn: mandate?.status === "active" && !invoice.disputed ? nextRetryOn(attempts) : null,
    };
  if (mandate?.status !== "active" || invoice.cancelled || invoice.disputed) return null;
  return { status: "scheduled", scheduledFor: invoice.dueDate > today ? invoice.dueDate : today };
};
