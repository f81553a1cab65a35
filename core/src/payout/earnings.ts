/** The agent's earnings per month (ADR 0011, 0019). */
import { Effect } from "effect";
import type { User } from "../identity/index.ts";
import { businessMonth } from "../invoice/index.ts";
import { Clock, cents } from "../shared/index.ts";
import type { EarningEntry, EarningsMonth } from "./model.ts";
import { callerAgent } from "./payout-access.ts";
import { payoutDelayDays } from "./payout-account.ts";
import { PayoutRefundRepository } from "./ports.ts";

/**
 * An agent's earnings by Sydney month, newest first: paid (gross), platform fees, refunds, net,
 * and of the net what is still pending payout (paid within `payoutDelayDays`), held by an open
 * card dispute (ADR 0041), or paid out.
 * The rule in TypeScript; PayoutRefundRepository.earningsPerMonth aggregates the same in SQL
 * for /api/earnings and /performance (the payouts integration test checks its figures).
 */
export const earningsByMonth = (entries: readonly EarningEntry[], now: Date): EarningsMonth[] => {
  const months = new Map<
    string,
    { paid: number; fees: number; refunded: number; net: number; pending: number; held: number }
  >();
  const cutoff = now.getTime() - payoutDelayDays * 24 * 60 * 60 * 1000;
  for (const e of entries) {
    const key = businessMonth(e.paidAt);
    const m = months.get(key) ?? { paid: 0, fees: 0, refunded: 0, net: 0, pending: 0, held: 0 };
    const fee = e.feeCents - e.feeRefundedCents;
    const net = e.amountCents - e.refundedCents - fee;
    m.paid += e.amountCents;
    m.fees += fee;
    m.refunded += e.refundedCents;
    m.net += net;
    if (e.payoutHeld) m.held += net;
    else if (e.paidAt.getTime() > cutoff) m.pending += net;
    months.set(key, m);
  }
  return [...months.entries()]
    .sort(([a], [b]) => (a < b ? 1 : -1))
    .map(([month, m]) => ({
      month,
      paidCents: cents(m.paid),
      platformFeesCents: cents(m.fees),
      refundedCents: cents(m.refunded),
      netCents: cents(m.net),
      pendingPayoutCents: cents(m.pending),
      heldPayoutCents: cents(m.held),
      paidOutCents: cents(m.net - m.pending - m.held),
    }));
};

/** The caller's earnings (agents): months and the payments behind them. */
export const getEarnings = Effect.fn("payout.getEarnings")(function* (user: User) {
  const { agentId } = yield* callerAgent(user, "see earnings");
  const repository = yield* PayoutRefundRepository;
  const now = yield* (yield* Clock).now;
  const [months, entries] = yield* Effect.all([
    repository.earningsPerMonth(agentId, now),
    repository.earnings(agentId),
  ]);
  return { months, entries };
});
