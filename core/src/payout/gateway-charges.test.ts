/**
 * Gateway refunds and card disputes through the use cases (ADR 0041, 0049) with the in-memory
 * layers (ADR 0045): the invoice machine decides every refund and dispute, a refusal is
 * acknowledged and recorded nowhere, and a card dispute's payout hold moves the agent's share at
 * the gateway once (a transfer reversal keyed by the dispute id; a won dispute pays it out again).
 */
import { Effect, Either, Layer } from "effect";
import { describe, expect, it } from "vitest";
import { displayState, type InvoiceLedger } from "../invoice/index.ts";
import { anInvoice } from "../invoice/testing/index.ts";
import { makeGatewayMemory } from "../payment/testing/index.ts";
import { makeTestClock } from "../shared/clock.ts";
import { cents } from "../shared/money.ts";
import type { ChargeEvent, ChargeLedger } from "./charge-events.ts";
import { ChargeEventGateway, handleChargeWebhook } from "./gateway-charges.ts";
import { makeChargeLedgerMemory } from "./testing/index.ts";

const now = new Date("2026-11-28T00:00:00Z");

/** The display state of the machine's facts (a paid invoice: its due date does not matter). */
const shown = (invoice: InvoiceLedger | undefined) =>
  invoice ? displayState({ ...invoice, dueDate: "2026-12-31" }, now) : undefined;

/** Payment pi_1 of a paid A$1,100 invoice (A$100 GST, A$50 fee), nothing refunded yet. */
const aLedger = (invoice: Partial<Parameters<typeof anInvoice>[0]> = {}): ChargeLedger => ({
  amountCents: cents(110_000),
  refundedCents: cents(0),
  applicationFeeCents: cents(5_000),
  gstCents: cents(10_000),
  recorded: [],
  terminal: new Set(),
  holds: [],
  invoice: anInvoice({
    amountCents: 110_000,
    subtotalCents: 100_000,
    gstCents: 10_000,
    platformFeeCents: 5_000,
    isPaid: true,
    paidAt: new Date("2026-11-05T00:00:00Z"),
    ...invoice,
  }),
});

/** The webhook's parsing is the adapter's: here the raw body is the event itself. */
const parsedAsIs = Layer.succeed(ChargeEventGateway, {
  parseChargeWebhook: (rawBody) => Effect.sync(() => JSON.parse(rawBody) as ChargeEvent),
});

const world = (ledger: ChargeLedger = aLedger()) => {
  const charges = makeChargeLedgerMemory([{ paymentIntentId: "pi_1", ledger }]);
  const gateway = makeGatewayMemory();
  const layer = Layer.mergeAll(charges.layer, gateway.layer, parsedAsIs, makeTestClock(now).layer);
  const deliver = async (event: ChargeEvent) =>
    Either.getOrThrow(
      await Effect.runPromise(
        Effect.either(Effect.provide(handleChargeWebhook(JSON.stringify(event), "sig"), layer)),
      ),
    )?.outcome;
  const invoice = () => charges.ledgers.get("pi_1")?.invoice;
  return { charges, gateway, deliver, invoice };
};

const dispute = (id: string, type: ChargeEvent["type"], status: string): ChargeEvent => ({
  id,
  type: type as "charge.dispute.created",
  paymentIntentId: "pi_1",
  dispute: { disputeId: "dp_1", amountCents: cents(110_000), status: status as "needs_response" },
});

describe("card disputes (ADR 0049)", () => {
  it("opening shows the invoice Disputed and reverses the agent's share once; won pays it out again once", async () => {
    const { deliver, invoice, gateway, charges } = world();
    expect(await deliver(dispute("evt_1", "charge.dispute.created", "needs_response"))).toBe("applied");
    expect(invoice()).toMatchObject({ disputed: true });
    expect(shown(invoice())).toBe("disputed");
    expect(gateway.transfers).toEqual([
      { type: "reversal", intentId: "pi_1", amountCents: 105_000, idempotencyKey: "closr-hold-dp_1-reverse" },
    ]);
    // A replay and an update change nothing, at the gateway neither.
    expect(await deliver(dispute("evt_1", "charge.dispute.created", "needs_response"))).toBe("duplicate");
    expect(await deliver(dispute("evt_2", "charge.dispute.updated", "under_review"))).toBe("ignored");
    expect(gateway.transfers).toHaveLength(1);
    expect(await deliver(dispute("evt_3", "charge.dispute.closed", "won"))).toBe("applied");
    expect(shown(invoice())).toBe("paid");
    expect(gateway.transfers.map((t) => [t.type, t.amountCents, t.idempotencyKey])).toEqual([
      ["reversal", 105_000, "closr-hold-dp_1-reverse"],
      ["transfer", 105_000, "closr-hold-dp_1-retransfer"],
    ]);
    expect(charges.transfers.get("dp_1")).toMatchObject({
      reversal: "trr_memory_1",
      retransfer: "tr_memory_2",
    });
    expect(await deliver(dispute("evt_3", "charge.dispute.closed", "won"))).toBe("duplicate");
    expect(gateway.transfers).toHaveLength(2);
  });

  it("lost: the invoice is refunded (DisputeResolved refunded), the share stays reversed, nothing paid out", async () => {
    const { deliver, invoice, gateway } = world();
    await deliver(dispute("evt_1", "charge.dispute.created", "needs_response"));
    expect(await deliver(dispute("evt_2", "charge.dispute.closed", "lost"))).toBe("applied");
    expect(invoice()).toMatchObject({ disputed: false, refundedCents: 110_000 });
    expect(shown(invoice())).toBe("refunded");
    expect(gateway.transfers.map((t) => t.type)).toEqual(["reversal"]);
  });

  it("refused by the machine on an invoice under an in-app dispute: acknowledged, nothing written, no money moved", async () => {
    const { deliver, invoice, gateway, charges } = world(aLedger({ disputed: true }));
    expect(await deliver(dispute("evt_1", "charge.dispute.created", "needs_response"))).toBe("refused");
    expect(charges.ledgers.get("pi_1")?.holds).toEqual([]);
    expect(gateway.transfers).toEqual([]);
    const dashboardRefund: ChargeEvent = {
      id: "evt_2",
      type: "charge.refunded",
      paymentIntentId: "pi_1",
      refunds: [{ refundId: "re_1", amountCents: cents(10_000), status: "succeeded", createdInApp: false }],
    };
    expect(await deliver(dashboardRefund)).toBe("refused");
    expect(invoice()).toMatchObject({ refundedCents: 0, disputed: true });
    expect(charges.ledgers.get("pi_1")?.recorded).toEqual([]);
    // The event id is kept: a replay is a duplicate.
    expect(await deliver(dashboardRefund)).toBe("duplicate");
  });
});
