/**
 * Property tests of the collection decision and the mandate machine (issue 45 "Done when"): over
 * random worlds swept day after day — random due dates, disputes opened and resolved, mandates
 * revoked or made inactive, gateway answers that succeed, fail, stay processing, or a process that
 * dies between recording an attempt and calling the gateway — no invoice is charged twice, none
 * under dispute, none without an active mandate, none before its due date (Sydney), and never
 * more than 1 + 3 attempts.
 */
import { describe, expect, it } from "@effect/vitest";
import { Either, FastCheck as fc } from "effect";
import { addDays } from "../invoice/index.ts";
import { cents } from "../shared/money.ts";
import {
  type AttemptFacts,
  type CollectionCandidate,
  decideCollection,
  noticeDue,
} from "./collection-decision.ts";
import { type MandateEvent, transitionMandate } from "./mandate-machine.ts";
import { collectionIdempotencyKey, type MandateStatus } from "./model.ts";

const RUNS = { fastCheck: { numRuns: 500 } };
const start = "2026-12-01";

type Outcome = "succeed" | "fail" | "slow" | "crash";
const dayPlan = fc.record({
  dispute: fc.constantFrom("none", "open", "resolve"),
  mandate: fc.constantFrom<"none" | "inactive" | "revoke" | "replace">(
    "none",
    "none",
    "none",
    "inactive",
    "revoke",
    "replace",
  ),
  outcome: fc.constantFrom<Outcome>("succeed", "fail", "fail", "slow", "crash"),
});
const world = fc.record({
  invoices: fc.array(
    fc.record({
      dueOffset: fc.integer({ min: -5, max: 20 }),
      amount: fc.integer({ min: 1, max: 10_000_000 }),
    }),
    { minLength: 1, maxLength: 6 },
  ),
  days: fc.array(fc.array(dayPlan, { minLength: 6, maxLength: 6 }), { minLength: 1, maxLength: 30 }),
  sweepsPerDay: fc.integer({ min: 1, max: 3 }),
});

describe("collection decision (properties)", () => {
  it.prop(
    "charges each invoice at most once, never disputed, unmandated or early",
    [world],
    ([w]) => {
      // The gateway: one intent per idempotency key; charges counted per invoice.
      const intents = new Map<
        string,
        { invoice: number; status: "processing" | "completed" | "failed"; clearsOn: string }
      >();
      const invoices = w.invoices.map((inv, i) => ({
        id: i + 1,
        amountCents: cents(inv.amount),
        dueDate: addDays(start, inv.dueOffset),
        isPaid: false,
        cancelled: false,
        disputed: false,
        mandate: { id: 1, status: "active" as MandateStatus },
        attempts: [] as AttemptFacts[],
      }));
      for (let d = 0; d < w.days.length; d++) {
        const today = addDays(start, d);
        // The gateway clears what is due (BECS: two days).
        for (const [key, intent] of intents)
          if (intent.status === "processing" && intent.clearsOn <= today) {
            const inv = invoices[intent.invoice - 1]!;
            const attempt = inv.attempts.find((a) => collectionIdempotencyKey(inv.id, a.attempt) === key)!;
            const plan = w.days[d]![(intent.invoice - 1) % 6]!;
            intent.status = plan.outcome === "fail" ? "failed" : "completed";
            Object.assign(attempt, { status: intent.status });
            if (intent.status === "completed") inv.isPaid = true;
          }
        for (const inv of invoices) {
          const plan = w.days[d]![(inv.id - 1) % 6]!;
          if (plan.dispute === "open" && !inv.isPaid) inv.disputed = true;
          if (plan.dispute === "resolve") inv.disputed = false;
          const m = inv.mandate;
          const step: MandateEvent | null =
            plan.mandate === "inactive"
              ? { type: "GatewayInactive", reason: "account_closed", at: new Date() }
              : plan.mandate === "revoke"
                ? { type: "Revoked", at: new Date() }
                : null;
          if (step)
            Either.map(
              transitionMandate(
                {
                  status: m.status,
                  gatewayMandateId: null,
                  paymentMethodId: null,
                  inactiveReason: null,
                  updatedAt: new Date(),
                },
                step,
              ),
              (next) => {
                m.status = next.status;
              },
            );
          if (plan.mandate === "replace" && m.status !== "active")
            inv.mandate = { id: m.id + 1, status: "active" };
        }
        for (let s = 0; s < w.sweepsPerDay; s++)
          for (const inv of invoices) {
            const candidate: CollectionCandidate = {
              invoice: inv,
              mandate: inv.mandate,
              attempts: inv.attempts.map((a) => ({ ...a })),
            };
            const decision = decideCollection(candidate, today);
            if (decision.type !== "charge") continue;
            expect(inv.disputed).toBe(false);
            expect(inv.isPaid).toBe(false);
            expect(inv.mandate.status).toBe("active");
            expect(inv.dueDate <= today).toBe(true);
            expect(decision.attempt).toBeLessThanOrEqual(4);
            if (!decision.resume) {
              expect(inv.attempts.some((a) => a.attempt === decision.attempt)).toBe(false);
              inv.attempts.push({
                attempt: decision.attempt,
                status: "pending",
                chargedOn: today,
                failureMessage: null,
              });
            }
            const plan = w.days[d]![(inv.id - 1) % 6]!;
            if (plan.outcome === "crash" && !decision.resume) continue; // died before the gateway call
            const known = intents.get(decision.idempotencyKey);
            const attempt = inv.attempts.find((a) => a.attempt === decision.attempt)!;
            if (known) {
              Object.assign(attempt, { status: known.status === "completed" ? "completed" : known.status });
              continue;
            }
            const intent = {
              invoice: inv.id,
              status: "processing" as const,
              clearsOn: addDays(today, plan.outcome === "slow" ? 3 : 2),
            };
            intents.set(decision.idempotencyKey, intent);
            Object.assign(attempt, { status: "processing" });
          }
      }
      for (const inv of invoices) {
        const completed = [...intents.values()].filter(
          (i) => i.invoice === inv.id && i.status === "completed",
        );
        expect(completed.length).toBeLessThanOrEqual(1);
        expect(inv.attempts.length).toBeLessThanOrEqual(4);
      }
    },
    RUNS,
  );

  it.prop(
    "a notice is due at most once, never for an unmandated or disputed invoice, and never later than the charge",
    [
      fc.integer({ min: -3, max: 10 }),
      fc.constantFrom<MandateStatus>("pending", "active", "inactive", "revoked"),
      fc.boolean(),
    ],
    ([offset, status, disputed]) => {
      const candidate: CollectionCandidate = {
        invoice: {
          id: 1,
          amountCents: cents(100),
          dueDate: addDays(start, offset),
          isPaid: false,
          cancelled: false,
          disputed,
        },
        mandate: { id: 1, status },
        attempts: [],
      };
      const notice = noticeDue(candidate, null, start);
      if (status !== "active" || disputed) expect(notice).toBeNull();
      if (notice) {
        expect(notice.chargeOn >= start).toBe(true);
        expect(noticeDue(candidate, start, start)).toBeNull();
        expect(offset).toBeLessThanOrEqual(3);
      } else if (status === "active" && !disputed) expect(offset).toBeGreaterThan(3);
    },
    RUNS,
  );
});

describe("mandate machine (properties)", () => {
  const event = fc.constantFrom<MandateEvent["type"]>(
    "SetupSucceeded",
    "SetupFailed",
    "GatewayInactive",
    "Revoked",
  );
  it.prop(
    "revoked is final; only pending becomes active; refusals leave the mandate as it was",
    [fc.array(event, { maxLength: 20 })],
    ([types]) => {
      let mandate = {
        status: "pending" as MandateStatus,
        gatewayMandateId: null as string | null,
        paymentMethodId: null as string | null,
        inactiveReason: null as string | null,
        updatedAt: new Date(0),
      };
      for (const type of types) {
        const e: MandateEvent =
          type === "SetupSucceeded"
            ? { type, gatewayMandateId: "mandate_1", paymentMethodId: "pm_1", at: new Date(1) }
            : type === "Revoked"
              ? { type, at: new Date(1) }
              : { type, reason: "account_closed", at: new Date(1) };
        const before = mandate;
        const result = transitionMandate(mandate, e);
        if (Either.isLeft(result)) {
          expect(mandate).toBe(before);
          continue;
        }
        if (result.right.status === "active") expect(before.status).toBe("pending");
        expect(before.status).not.toBe("revoked");
        mandate = result.right;
      }
    },
    RUNS,
  );
});
