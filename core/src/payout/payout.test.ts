/** Payout rules without I/O (issue 14): account status, the local form's bank details, earnings by month. */
import { describe, expect, it } from "@effect/vitest";
import { Either } from "effect";
import { cents, InvoiceId, PaymentId } from "../shared/index.ts";
import { earningsByMonth } from "./earnings.ts";
import type { EarningEntry } from "./model.ts";
import { payoutStatus } from "./model.ts";
import { parseBankDetails } from "./payout-account.ts";

describe("payout account status", () => {
  const flags = {
    gatewayAccountId: "acct_1",
    chargesEnabled: false,
    payoutsEnabled: false,
    detailsSubmitted: false,
  };
  it("follows the gateway's flags", () => {
    expect(payoutStatus({ ...flags, gatewayAccountId: null })).toBe("not_started");
    expect(payoutStatus(flags)).toBe("onboarding");
    expect(payoutStatus({ ...flags, detailsSubmitted: true })).toBe("restricted");
    expect(payoutStatus({ ...flags, detailsSubmitted: true, chargesEnabled: true })).toBe("restricted");
    expect(
      payoutStatus({ ...flags, detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true }),
    ).toBe("enabled");
  });
});

describe("local bank details", () => {
  const good = { accountName: " Mia Chen ", bsb: "000-000", accountNumber: "000 123 456" };
  it("normalises a good form", () => {
    expect(parseBankDetails(good)).toEqual(
      Either.right({ accountName: "Mia Chen", bsb: "000000", accountNumber: "000123456" }),
    );
    expect(Either.isRight(parseBankDetails({ ...good, bsb: "062000" }))).toBe(true);
  });
  it.each([
    [{ bsb: "00-0000" }, "bsb"],
    [{ bsb: "0000000" }, "bsb"],
    [{ accountNumber: "1234" }, "accountNumber"],
    [{ accountNumber: "1234567890" }, "accountNumber"],
    [{ accountNumber: "12a456" }, "accountNumber"],
    [{ accountName: " M " }, "accountName"],
  ])("refuses %o on %s", (change, field) => {
    const result = parseBankDetails({ ...good, ...change });
    expect(Either.isLeft(result) && result.left.field).toBe(field);
  });
});

describe("earnings by month", () => {
  const entry = (
    paidAt: string,
    amount: number,
    fee: number,
    refunded = 0,
    feeRefunded = 0,
  ): EarningEntry => ({
    paymentId: PaymentId.make(1),
    invoiceId: InvoiceId.make(1),
    paidAt: new Date(paidAt),
    amountCents: cents(amount),
    feeCents: cents(fee),
    refundedCents: cents(refunded),
    feeRefundedCents: cents(feeRefunded),
  });
  it("groups by Sydney month, newest first; net less fees and refunds; pending within the payout delay", () => {
    const now = new Date("2026-11-23T00:00:00Z");
    const months = earningsByMonth(
      [
        entry("2026-11-22T00:00:00Z", 110_000, 5_000, 55_000, 2_500), // 1 day ago: pending
        entry("2026-11-10T00:00:00Z", 20_000, 1_000), // paid out
        entry("2026-10-31T14:00:00Z", 10_000, 500), // 1 Nov in Sydney
        entry("2026-10-15T00:00:00Z", 30_000, 1_500),
      ],
      now,
    );
    expect(months).toEqual([
      {
        month: "2026-11",
        paidCents: 140_000,
        platformFeesCents: 4_000,
        refundedCents: 55_000,
        netCents: 81_000,
        pendingPayoutCents: 52_500,
        heldPayoutCents: 0,
        paidOutCents: 28_500,
      },
      {
        month: "2026-10",
        paidCents: 30_000,
        platformFeesCents: 1_500,
        refundedCents: 0,
        netCents: 28_500,
        pendingPayoutCents: 0,
        heldPayoutCents: 0,
        paidOutCents: 28_500,
      },
    ]);
  });
});
