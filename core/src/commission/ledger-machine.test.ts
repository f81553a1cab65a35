/** The commission line machine (issue 43): each listed step, every other pair refused; invoices never net ≤ 0. */
import { describe, expect, it } from "@effect/vitest";
import { Either, FastCheck as fc } from "effect";
import { InvoiceId } from "../shared/ids.ts";
import { cents } from "../shared/money.ts";
import { invoiceable, type LineEvent, transition } from "./ledger-machine.ts";
import { type LineState, lineStates } from "./model.ts";

const aLine = (state: LineState, payableOn = "2027-02-01") => ({
  state,
  payableOn,
  invoiceId: null,
  invoicedOn: null,
  paidOn: null,
});
const events: LineEvent[] = [
  { type: "release", today: "2027-02-01" },
  { type: "invoice", invoiceId: InvoiceId.make(7), on: "2027-02-02" },
  { type: "pay", on: "2027-02-03" },
];
const allowed: Record<string, LineState> = {
  "earned/release": "payable",
  "payable/invoice": "invoiced",
  "invoiced/pay": "paid",
};

describe("commission line machine", () => {
  for (const state of lineStates)
    for (const event of events)
      it(`${state} + ${event.type}`, () => {
        const result = transition(aLine(state), event);
        const expected = allowed[`${state}/${event.type}`];
        if (expected === undefined) expect(Either.isLeft(result)).toBe(true);
        else expect(Either.getOrThrow(result).state).toBe(expected);
      });

  it("a line is not released before its payable day", () => {
    expect(
      Either.isLeft(transition(aLine("earned", "2027-02-02"), { type: "release", today: "2027-02-01" })),
    ).toBe(true);
  });

  it.prop(
    "an invoice takes every payable line and only when they net above zero",
    [
      fc.array(
        fc.record({
          state: fc.constantFrom(...lineStates),
          amountCents: fc.integer({ min: -50_000, max: 50_000 }),
        }),
      ),
    ],
    ([raw]) => {
      const lines = raw.map((l) => ({ ...l, amountCents: cents(l.amountCents) }));
      const payable = lines.filter((l) => l.state === "payable");
      const net = payable.reduce((s, l) => s + l.amountCents, 0);
      const result = invoiceable(lines);
      if (net > 0) {
        expect(Either.getOrThrow(result).netCents).toBe(net);
        expect(Either.getOrThrow(result).lines).toHaveLength(payable.length);
      } else expect(Either.isLeft(result)).toBe(true);
    },
    { fastCheck: { numRuns: 500 } },
  );
});
