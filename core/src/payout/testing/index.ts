/**
 * In-memory payout account store, a scripted payout gateway and an in-memory refund store for
 * unit tests. Like the adapters: one account per agent, `attachAccount` keeps an account already
 * attached, an event applies once per id and only to a known account; the gateway makes
 * `acct_local_<agent>` accounts once per idempotency key and answers a local onboarding link.
 */
import { Effect, Either, Layer, Option } from "effect";
import { sameInvoiceFacts } from "../../invoice/index.ts";
import type { AgentProfileId, BusinessProfileId, PaymentId } from "../../shared/ids.ts";
import { cents } from "../../shared/money.ts";
import type { ChargeAction, ChargeLedger, HoldTransfer } from "../charge-events.ts";
import { earningsByMonth } from "../earnings.ts";
import { type AppliedChargeEvent, ChargeLedgerRepository } from "../gateway-charges.ts";
import type { EarningEntry, PayoutAccount, PayoutRefund } from "../model.ts";
import { notStarted } from "../payout-account.ts";
import {
  PayoutAccountRepository,
  PayoutGateway,
  PayoutRefundRepository,
  type RefundablePayment,
} from "../ports.ts";

/** A payout account that has not started at the gateway (object mother: `notStarted` at time 0). */
export const aPayoutAccount = (
  agentId: AgentProfileId,
  overrides: Partial<PayoutAccount> = {},
): PayoutAccount => ({ ...notStarted(agentId, new Date(0)), ...overrides });

export function makePayoutMemory() {
  const accounts = new Map<AgentProfileId, PayoutAccount>();
  const seenEvents = new Set<string>();
  const created: string[] = [];
  const upsert = (agentId: AgentProfileId, change: Partial<PayoutAccount>) => {
    const next = { ...(accounts.get(agentId) ?? aPayoutAccount(agentId)), ...change };
    accounts.set(agentId, next);
    return next;
  };
  const repository = Layer.succeed(PayoutAccountRepository, {
    find: (agentId) => Effect.sync(() => Option.fromNullable(accounts.get(agentId))),
    attachAccount: (agentId, accountId) =>
      Effect.sync(() =>
        upsert(agentId, { gatewayAccountId: accounts.get(agentId)?.gatewayAccountId ?? accountId }),
      ),
    saveTaxDetails: (agentId, details) => Effect.sync(() => upsert(agentId, details)),
    applyAccountEvent: (event) =>
      Effect.sync(() => {
        if (seenEvents.has(event.id)) return "duplicate" as const;
        seenEvents.add(event.id);
        const account = [...accounts.values()].find((a) => a.gatewayAccountId === event.account.accountId);
        if (!account) return "unknown-account" as const;
        const { accountId: _, ...state } = event.account;
        upsert(account.agentId, { ...state, lastEventAt: event.createdAt });
        return "applied" as const;
      }),
    businessAbn: () => Effect.succeed(Option.none()),
  });
  const gateway = Layer.succeed(PayoutGateway, {
    kind: "local",
    createAccount: (request) =>
      Effect.sync(() => {
        if (!created.includes(request.idempotencyKey)) created.push(request.idempotencyKey);
        return { accountId: `acct_local_${request.agentId}` };
      }),
    onboardingLink: (request) =>
      Effect.succeed({ url: `/settings/payouts/local-onboarding?account=${request.accountId}` }),
    parseWebhook: () => Effect.succeed(undefined),
  });
  return { layer: Layer.merge(repository, gateway), accounts, created };
}

/**
 * In-memory PayoutRefundRepository over `payments` (live: `record` updates them as the Postgres
 * adapter does). `record` adds a refund only while the payment's refunded total still equals
 * `refundedBefore` and its invoice still has the facts of `transition.before` (else none), stores
 * `transition.invoice` on the payment's invoice, marks the payment refunded when fully refunded and keeps the
 * refund (ids from 1, created at time 0). Earnings are read from `earnings` with the rule of
 * `earningsByMonth` (the SQL's twin); `since` keeps payments paid at or after it. `businessAbns`
 * answers PayoutAccountRepository.businessAbn when merged with `abnLayer`.
 */
export function makePayoutRefundMemory(
  payments: RefundablePayment[] = [],
  earnings: readonly (EarningEntry & { readonly agentId: AgentProfileId })[] = [],
) {
  const refunds: PayoutRefund[] = [];
  const layer = Layer.succeed(PayoutRefundRepository, {
    findPayment: (paymentId) =>
      Effect.sync(() => Option.fromNullable(payments.find((p) => p.payment.id === paymentId))),
    record: (input) =>
      Effect.sync(() => {
        const index = payments.findIndex((p) => p.payment.id === input.paymentId);
        const found = payments[index];
        if (!found || found.payment.refundedCents !== input.refundedBefore) return Option.none();
        if (!sameInvoiceFacts(found.invoice, input.transition.before)) return Option.none();
        const refundedCents = cents(found.payment.refundedCents + input.split.refundCents);
        payments[index] = {
          ...found,
          payment: {
            ...found.payment,
            refundedCents,
            status: refundedCents >= found.payment.amountCents ? "refunded" : found.payment.status,
          },
          invoice: { ...found.invoice, ...input.transition.invoice },
        };
        const refund: PayoutRefund = {
          id: (refunds.length + 1) as PayoutRefund["id"],
          paymentId: input.paymentId,
          invoiceId: found.invoice.id,
          amountCents: input.split.refundCents,
          feeRefundCents: input.split.feeRefundCents,
          transferReversalCents: input.split.transferReversalCents,
          gstRefundCents: input.split.gstRefundCents,
          gatewayRefundId: input.gatewayRefundId,
          reason: input.reason,
          createdAt: new Date(0),
        };
        refunds.push(refund);
        return Option.some(refund);
      }),
    findRefund: (id) => Effect.sync(() => Option.fromNullable(refunds.find((r) => r.id === id))),
    listForInvoice: (invoiceId) => Effect.sync(() => refunds.filter((r) => r.invoiceId === invoiceId)),
    listPayments: (page) =>
      Effect.sync(() => {
        const all = payments
          .filter((p) => p.payment.status === "completed" || p.payment.status === "refunded")
          .sort((a, b) => b.payment.id - a.payment.id);
        const start = (page.page - 1) * page.pageSize;
        return { items: all.slice(start, start + page.pageSize), total: all.length };
      }),
    earnings: (agentId) =>
      Effect.sync(() => earnings.filter((e) => e.agentId === agentId).map(({ agentId: _, ...e }) => e)),
    earningsPerMonth: (agentId, now, since) =>
      Effect.sync(() =>
        earningsByMonth(
          earnings.filter(
            (e) => e.agentId === agentId && (since === undefined || e.paidAt.getTime() >= since.getTime()),
          ),
          now,
        ),
      ),
  });
  return { layer, payments, refunds };
}

/** PayoutAccountRepository answering only `businessAbn` from `abns` (documents); other methods die. */
export const businessAbnStub = (abns: Readonly<Record<number, string>> = {}) =>
  Layer.succeed(PayoutAccountRepository, {
    find: () => Effect.die("businessAbnStub: find is not stubbed"),
    attachAccount: () => Effect.die("businessAbnStub: attachAccount is not stubbed"),
    saveTaxDetails: () => Effect.die("businessAbnStub: saveTaxDetails is not stubbed"),
    applyAccountEvent: () => Effect.die("businessAbnStub: applyAccountEvent is not stubbed"),
    businessAbn: (businessId: BusinessProfileId) => Effect.sync(() => Option.fromNullable(abns[businessId])),
  });

/** An earning entry of agent profile 1: `amount` paid at `paidAt` with fee `fee` (cents). */
export const anEarning = (
  paidAt: string,
  amount: number,
  fee: number,
  overrides: Partial<{ agentId: number; paymentId: number; refunded: number; feeRefunded: number }> = {},
): EarningEntry & { readonly agentId: AgentProfileId } => ({
  agentId: (overrides.agentId ?? 1) as AgentProfileId,
  paymentId: (overrides.paymentId ?? 1) as PaymentId,
  invoiceId: (overrides.paymentId ?? 1) as EarningEntry["invoiceId"],
  paidAt: new Date(paidAt),
  amountCents: cents(amount),
  feeCents: cents(fee),
  refundedCents: cents(overrides.refunded ?? 0),
  feeRefundedCents: cents(overrides.feeRefunded ?? 0),
});

/** One payment the charge ledger memory knows, by its gateway PaymentIntent id. */
/**
 * Applies decided charge actions to a ledger as the PostgreSQL repository writes them: refund rows
 * recorded or reversed (refunded total follows), terminal refund ids remembered, card-dispute
 * holds opened or closed. `nextRefundId` numbers each new payout refund row. Pure; the invoice
 * is left as it was (the caller stores the transition's invoice).
 */
export const applyChargeActions = (
  ledger: ChargeLedger,
  actions: readonly ChargeAction[],
  nextRefundId: () => number,
): ChargeLedger => {
  let refundedCents: number = ledger.refundedCents;
  const recorded = [...ledger.recorded];
  const terminal = new Set(ledger.terminal);
  const holds = new Map(ledger.holds.map((h) => [h.disputeId, h]));
  for (const a of actions) {
    if (a.type === "record-refund") {
      refundedCents += a.split.refundCents;
      recorded.push({
        refundId: a.refundId,
        payoutRefundId: nextRefundId(),
        split: a.split,
        reversed: false,
      });
    } else if (a.type === "reverse-refund") {
      refundedCents -= a.split.refundCents;
      const i = recorded.findIndex((r) => r.refundId === a.refundId);
      const found = recorded[i];
      if (found) recorded[i] = { ...found, reversed: true };
    } else if (a.type === "remember-terminal") terminal.add(a.refundId);
    else {
      const status = a.type === "open-hold" ? ("held" as const) : a.status;
      holds.set(a.disputeId, { disputeId: a.disputeId, amountCents: a.amountCents, status });
    }
  }
  return { ...ledger, refundedCents: cents(refundedCents), recorded, terminal, holds: [...holds.values()] };
};

export interface ChargeLedgerSeed {
  readonly paymentIntentId: string;
  readonly ledger: ChargeLedger;
}

/**
 * In-memory ChargeLedgerRepository (ADR 0041, 0049) keeping the adapter's rules: an event id
 * applies once (a duplicate changes nothing); an unknown intent is unknown-payment; a refusal of
 * `decide` writes nothing but the event id; a decision's actions change the payment's ledger
 * (refunded total, recorded and reversed refunds, terminal ids, holds with their transfer share)
 * and its invoice becomes the machine's result, only while the stored invoice still has the facts
 * of `transition.before`. A hold's gateway transfer state is set once per kind (`markHoldTransfer`).
 * Leaves out: credit notes and refund row ids (1, 2, … per memory).
 */
export function makeChargeLedgerMemory(seeds: readonly ChargeLedgerSeed[] = []) {
  const ledgers = new Map(seeds.map((s) => [s.paymentIntentId, s.ledger]));
  const seen = new Set<string>();
  const transfers = new Map<
    string,
    {
      paymentIntentId: string;
      transferReversalCents: number;
      reversal: string | null;
      retransfer: string | null;
    }
  >();
  let refundIds = 0;
  const layer = Layer.succeed(ChargeLedgerRepository, {
    applyChargeEvent: (event, decide) =>
      Effect.sync((): AppliedChargeEvent => {
        if (seen.has(event.id)) return { type: "duplicate" };
        seen.add(event.id);
        const ledger = ledgers.get(event.paymentIntentId);
        if (!ledger) return { type: "unknown-payment" };
        const decided = decide(ledger);
        if (Either.isLeft(decided)) return { type: "refused", error: decided.left };
        const { actions, transition } = decided.right;
        if (transition && !sameInvoiceFacts(ledger.invoice, transition.before))
          throw new Error("the stored invoice moved on under its lock");
        for (const a of actions)
          if (a.type === "open-hold" || (a.type === "close-hold" && !a.existed))
            transfers.set(a.disputeId, {
              paymentIntentId: event.paymentIntentId,
              transferReversalCents: a.transferReversalCents,
              reversal: null,
              retransfer: null,
            });
        ledgers.set(event.paymentIntentId, {
          ...applyChargeActions(ledger, actions, () => ++refundIds),
          invoice: transition ? transition.invoice : ledger.invoice,
        });
        return { type: "decided", actions };
      }),
    holdTransfer: (disputeId) =>
      Effect.sync(() => {
        const transfer = transfers.get(disputeId);
        const hold =
          transfer && ledgers.get(transfer.paymentIntentId)?.holds.find((h) => h.disputeId === disputeId);
        if (!transfer || !hold) return Option.none();
        return Option.some<HoldTransfer>({
          disputeId,
          paymentIntentId: transfer.paymentIntentId,
          status: hold.status,
          transferReversalCents: cents(transfer.transferReversalCents),
          reversal: transfer.reversal,
          retransfer: transfer.retransfer,
        });
      }),
    markHoldTransfer: (disputeId, done) =>
      Effect.sync(() => {
        const transfer = transfers.get(disputeId);
        if (!transfer) return;
        if ("reversal" in done) transfer.reversal ??= done.reversal;
        else transfer.retransfer ??= done.retransfer;
      }),
  });
  return { layer, ledgers, seen, transfers };
}
