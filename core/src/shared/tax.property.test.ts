/**
 * GST and platform fee arithmetic (issue 14), property-based over every invoice amount the app
 * accepts ($0.01 to $999,999.99) and fee rates from 0 to 50 %: fee + agent net = amount paid;
 * GST = round-half-up(ex × 10 %); refunds in parts add up to exactly the fee and GST.
 */
import { describe, expect, it } from "@effect/vitest";
import { FastCheck as fc } from "effect";
import { gstOfInclusive, gstOnTop, invoiceTotals, platformFee, refundSplit, roundHalfUp } from "./tax.ts";

const RUNS = { fastCheck: { numRuns: 2000 } };
const amount = fc.integer({ min: 1, max: 99_999_999 });
const rate = fc.integer({ min: 0, max: 5_000 });

describe("GST and fee rules", () => {
  it("examples: half a cent rounds up, 5 % of the ex-GST amount", () => {
    expect(gstOnTop(5)).toBe(1); // 0.5 cent → 1
    expect(gstOnTop(4)).toBe(0); // 0.4 cent → 0
    expect(gstOnTop(100_005)).toBe(10_001); // $100.005 → $100.01
    expect(platformFee(100_005, 500)).toBe(5_000); // $50.0025 → $50.00
    expect(platformFee(10, 500)).toBe(1); // 0.5 cent → 1
    expect(gstOfInclusive(5_000)).toBe(455); // 454.54… → 455
    expect(invoiceTotals({ subtotalCents: 100_000, gstRegistered: true, feeBasisPoints: 500 })).toEqual({
      subtotalCents: 100_000,
      gstCents: 10_000,
      totalCents: 110_000,
      platformFeeCents: 5_000,
      agentNetCents: 105_000,
    });
  });

  it.prop(
    "GST = round-half-up(ex × 10 %), exactly, compared with exact decimal arithmetic",
    [amount],
    ([ex]) => {
      // ex × 10 % in tenths of a cent is ex; the cents are ex / 10 rounded half up.
      const whole = Math.floor(ex / 10);
      const tenth = ex % 10;
      expect(gstOnTop(ex)).toBe(tenth >= 5 ? whole + 1 : whole);
    },
    RUNS,
  );

  it.prop(
    "fee + agent net = total paid; total = subtotal + GST; the fee never exceeds the total",
    [amount, fc.boolean(), rate],
    ([ex, registered, bps]) => {
      const t = invoiceTotals({ subtotalCents: ex, gstRegistered: registered, feeBasisPoints: bps });
      expect(t.platformFeeCents + t.agentNetCents).toBe(t.totalCents);
      expect(t.totalCents).toBe(ex + t.gstCents);
      expect(t.gstCents).toBe(registered ? gstOnTop(ex) : 0);
      expect(t.platformFeeCents).toBe(platformFee(ex, bps));
      expect(t.agentNetCents).toBeGreaterThanOrEqual(0);
      expect(Number.isInteger(t.platformFeeCents) && Number.isInteger(t.gstCents)).toBe(true);
    },
    RUNS,
  );

  it.prop(
    "round-half-up matches the decimal rule for any fraction",
    [fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 1, max: 10_000 })],
    ([numerator, denominator]) => {
      const q = Math.floor(numerator / denominator);
      const r = numerator - q * denominator;
      expect(roundHalfUp(numerator, denominator)).toBe(2 * r >= denominator ? q + 1 : q);
    },
    RUNS,
  );

  it.prop(
    "refunds in parts: each splits into fee part + transfer reversal; all parts add up to the fee and GST",
    [amount, rate, fc.array(fc.integer({ min: 1, max: 1_000 }), { minLength: 1, maxLength: 6 })],
    ([ex, bps, weights]) => {
      const t = invoiceTotals({ subtotalCents: ex, gstRegistered: true, feeBasisPoints: bps });
      const sum = weights.reduce((a, b) => a + b, 0);
      let left: number = t.totalCents;
      let so = 0;
      let fee = 0;
      let gst = 0;
      weights.forEach((w, i) => {
        const part = i === weights.length - 1 ? left : Math.min(left, Math.floor((t.totalCents * w) / sum));
        if (part === 0) return;
        const split = refundSplit({
          amountCents: t.totalCents,
          feeCents: t.platformFeeCents,
          gstCents: t.gstCents,
          refundedSoFarCents: so,
          refundCents: part,
        });
        expect(split.feeRefundCents + split.transferReversalCents).toBe(part);
        expect(split.feeRefundCents).toBeGreaterThanOrEqual(0);
        expect(split.transferReversalCents).toBeGreaterThanOrEqual(0);
        so += part;
        left -= part;
        fee += split.feeRefundCents;
        gst += split.gstRefundCents;
      });
      expect(so).toBe(t.totalCents);
      expect(fee).toBe(t.platformFeeCents);
      expect(gst).toBe(t.gstCents);
    },
    RUNS,
  );
});
