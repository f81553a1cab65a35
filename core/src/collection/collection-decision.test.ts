/** Examples of the collection decision (issue 45): the retry calendar, resumes and skips. */
import { describe, expect, it } from "vitest";
import { cents } from "../shared/money.ts";
import {
  type AttemptFacts,
  type CollectionCandidate,
  collectionView,
  decideCollection,
  noticeDue,
} from "./collection-decision.ts";

const candidate = (
  over: Partial<CollectionCandidate["invoice"]> = {},
  attempts: AttemptFacts[] = [],
  status: "active" | "inactive" = "active",
): CollectionCandidate => ({
  invoice: {
    id: 7,
    amountCents: cents(55_000),
    dueDate: "2026-12-10",
    isPaid: false,
    cancelled: false,
    disputed: false,
    ...over,
  },
  mandate: { id: 1, status },
  attempts,
});
const failed = (attempt: number, chargedOn: string): AttemptFacts => ({
  attempt,
  status: "failed",
  chargedOn,
  failureMessage: "Insufficient funds",
});

describe("decideCollection", () => {
  it("charges attempt 1 on the due date, not the day before", () => {
    expect(decideCollection(candidate(), "2026-12-09")).toEqual({ type: "skip", reason: "not_due" });
    expect(decideCollection(candidate(), "2026-12-10")).toEqual({
      type: "charge",
      attempt: 1,
      idempotencyKey: "closr-collection-7-attempt-1",
      resume: false,
    });
  });
  it("retries 1, 3 and 7 days after the first failure, then stops", () => {
    const f1 = [failed(1, "2026-12-10")];
    expect(decideCollection(candidate({}, f1), "2026-12-10")).toEqual({
      type: "skip",
      reason: "retry_not_due",
      retryOn: "2026-12-11",
    });
    expect(decideCollection(candidate({}, f1), "2026-12-11")).toMatchObject({ type: "charge", attempt: 2 });
    const f2 = [...f1, failed(2, "2026-12-11")];
    expect(decideCollection(candidate({}, f2), "2026-12-12")).toMatchObject({
      reason: "retry_not_due",
      retryOn: "2026-12-13",
    });
    const f3 = [...f2, failed(3, "2026-12-13")];
    expect(decideCollection(candidate({}, f3), "2026-12-17")).toMatchObject({ type: "charge", attempt: 4 });
    const f4 = [...f3, failed(4, "2026-12-17")];
    expect(decideCollection(candidate({}, f4), "2027-01-30")).toEqual({
      type: "skip",
      reason: "retries_exhausted",
    });
  });
  it("resumes a recorded attempt with the same key, skips one processing", () => {
    const pending: AttemptFacts = {
      attempt: 2,
      status: "pending",
      chargedOn: "2026-12-11",
      failureMessage: null,
    };
    expect(decideCollection(candidate({}, [failed(1, "2026-12-10"), pending]), "2026-12-11")).toEqual({
      type: "charge",
      attempt: 2,
      idempotencyKey: "closr-collection-7-attempt-2",
      resume: true,
    });
    expect(decideCollection(candidate({}, [{ ...pending, status: "processing" }]), "2026-12-11")).toEqual({
      type: "skip",
      reason: "in_flight",
    });
  });
  it("skips disputed, cancelled, paid and unmandated invoices", () => {
    expect(decideCollection(candidate({ disputed: true }), "2026-12-20")).toMatchObject({
      reason: "disputed",
    });
    expect(decideCollection(candidate({ cancelled: true }), "2026-12-20")).toMatchObject({
      reason: "cancelled",
    });
    expect(decideCollection(candidate({ isPaid: true }), "2026-12-20")).toMatchObject({ reason: "paid" });
    expect(decideCollection(candidate({}, [], "inactive"), "2026-12-20")).toMatchObject({
      reason: "no_active_mandate",
    });
  });
});

describe("noticeDue and collectionView", () => {
  it("tells the business 3 days ahead with the date of the charge", () => {
    expect(noticeDue(candidate(), null, "2026-12-06")).toBeNull();
    expect(noticeDue(candidate(), null, "2026-12-07")).toEqual({ chargeOn: "2026-12-10" });
    expect(noticeDue(candidate(), "2026-12-07", "2026-12-08")).toBeNull();
  });
  it("shows scheduled, failed with the retry, and processing", () => {
    expect(collectionView(candidate(), "2026-12-01")).toEqual({
      status: "scheduled",
      scheduledFor: "2026-12-10",
    });
    expect(collectionView(candidate({}, [failed(1, "2026-12-10")]), "2026-12-10")).toEqual({
      status: "failed",
      reason: "Insufficient funds",
      retryOn: "2026-12-11",
    });
    expect(
      collectionView(
        candidate({}, [{ attempt: 1, status: "processing", chargedOn: "2026-12-10", failureMessage: null }]),
        "2026-12-10",
        "2026-12-14",
      ),
    ).toEqual({ status: "processing", expectedOn: "2026-12-14" });
  });
});
