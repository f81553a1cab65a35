import { Effect, Layer, Option } from "effect";
import { describe, expect, it } from "vitest";
import { makeTestClock } from "../shared/clock.ts";
import { previousMonth } from "./ledger-service.ts";
import { CommissionRecords } from "./ports.ts";
import { commissionSubscriber } from "./subscriber.ts";
import { aTerms, aTermsVersion, makeInMemoryCommissionLedger, saleEvents } from "./testing/index.ts";

describe("previousMonth", () => {
  it("is the calendar month before the day's, across a year's end", () => {
    expect(previousMonth("2027-03-01")).toBe("2027-02");
    expect(previousMonth("2027-01-31")).toBe("2026-12");
    expect(previousMonth("2027-12-15")).toBe("2027-11");
  });
});

describe("commissionSubscriber", () => {
  const sale = saleEvents({
    id: 1,
    partnershipId: 1,
    amountCents: 100_000,
    saleDate: "2027-01-05",
    businessUserId: 1,
    agentUserId: 2,
  });
  /** The in-memory ledger, and records that claim each refund delivery once (as the SQL does). */
  const setUp = () => {
    const ledger = makeInMemoryCommissionLedger({
      versions: [aTermsVersion(aTerms({ type: "straight", rate: 10 }))],
    });
    const claimed = new Set<string>();
    const records = Layer.succeed(CommissionRecords, {
      claimRefund: (partnershipId, saleId, refundCents) =>
        Effect.sync(() => {
          const key = `${partnershipId}:${saleId}:${refundCents}`;
          const isNew = !claimed.has(key);
          claimed.add(key);
          return isNew;
        }),
      payableLines: () => Effect.succeed([]),
      invoiceLines: () => Effect.succeed([]),
      recordInvoice: () => Effect.void,
      findInvoice: () => Effect.succeed(Option.none()),
      statementMonths: () => Effect.succeed({ items: [], total: 0 }),
      statementIssued: () => Effect.succeed(false),
      issueStatements: () => Effect.succeed([]),
    });
    const layer = Layer.mergeAll(
      ledger.layer,
      records,
      makeTestClock(new Date("2027-01-10T01:00:00Z")).layer,
    );
    const deliver = (event: Parameters<typeof commissionSubscriber>[0]) =>
      Effect.runPromise(Effect.provide(commissionSubscriber(event), layer));
    return { ledger, deliver };
  };

  it("records a confirmed sale once, however often it is delivered", async () => {
    const { ledger, deliver } = setUp();
    await deliver(sale.confirmed);
    await deliver(sale.confirmed);
    expect(ledger.state.lines.map((l) => l.amountCents)).toEqual([10_000]);
  });

  it("claws back a refund once when its delivery is repeated", async () => {
    const { ledger, deliver } = setUp();
    await deliver(sale.confirmed);
    await deliver(sale.refunded(40_000, "2027-01-09"));
    await deliver(sale.refunded(40_000, "2027-01-09"));
    expect(ledger.state.lines.map((l) => l.amountCents)).toEqual([10_000, -4_000]);
  });

  it("skips, without failing, when the runtime has no ledger (other contexts' tests)", async () => {
    await expect(Effect.runPromise(commissionSubscriber(sale.confirmed))).resolves.toBeUndefined();
  });
});
