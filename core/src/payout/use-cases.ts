/**
 * Payout use cases (issue 14): an agent sets up payouts (a connected account at the gateway) and
 * records their ABN and GST registration; account events from the gateway move the account's
 * status; staff refund payments (transfer and fee reversed in proportion, a credit note each); the
 * agent reads their earnings by month. Errors: WrongAccountType, ProfileNotFound, InvalidTaxDetails,
 * InvalidBankDetails, PayoutGatewayUnavailable, StaffOnly, RefundPaymentNotFound, RefundNotAllowed.
 */
import { Effect, Either, Option } from "effect";
import type { User } from "../identity/index.ts";
import { businessMonth, callerProfile, displayState, getInvoice, isPartyTo } from "../invoice/index.ts";
import { PaymentGateway } from "../payment/index.ts";
import { ProfileNotFound, WrongAccountType } from "../profiles/index.ts";
import {
  type AgentProfileId,
  AuditLog,
  type Cents,
  Clock,
  cents,
  type InvoiceId,
  type PaymentId,
  type PayoutRefundId,
  parseAbn,
  refundSplit,
} from "../shared/index.ts";
import type { Paging } from "../shared/paging.ts";
import {
  InvalidBankDetails,
  InvalidTaxDetails,
  PayoutDocumentNotFound,
  RefundNotAllowed,
  RefundPaymentNotFound,
  StaffOnly,
} from "./errors.ts";
import {
  type AccountEvent,
  type EarningEntry,
  type EarningsMonth,
  type PayoutAccount,
  payoutStatus,
} from "./model.ts";
import { PayoutAccountRepository, PayoutGateway, PayoutRefundRepository } from "./ports.ts";

/** Days between a payment and its payout to the agent's bank (Stripe's standard AU schedule: 2 days). */
export const payoutDelayDays = 2;

/** The caller's agent profile id; WrongAccountType for a business. */
const callerAgent = Effect.fn("payout.callerAgent")(function* (user: User, action: string) {
  if (user.userType !== "agent") return yield* new WrongAccountType({ required: "agent", action });
  const caller = yield* callerProfile(user);
  if (caller.party !== "agent") return yield* new ProfileNotFound({ kind: "agent" });
  return { agentId: caller.profileId as AgentProfileId, name: caller.name };
});

/** The payout account of an agent who has not started: nothing at the gateway, no tax details. */
const notStarted = (agentId: AgentProfileId, now: Date): PayoutAccount => ({
  agentId,
  gatewayAccountId: null,
  chargesEnabled: false,
  payoutsEnabled: false,
  detailsSubmitted: false,
  requirements: [],
  disabledReason: null,
  bankLastFour: null,
  abn: null,
  gstRegistered: false,
  lastEventAt: null,
  updatedAt: now,
});

/** The caller's payout account and its status (not_started when they have none). */
export const getPayoutAccount = Effect.fn("payout.getPayoutAccount")(function* (user: User) {
  const { agentId } = yield* callerAgent(user, "set up payouts");
  const found = yield* (yield* PayoutAccountRepository).find(agentId);
  const account = Option.getOrElse(found, () => notStarted(agentId, new Date(0)));
  const gateway = yield* PayoutGateway;
  return { account, status: payoutStatus(account), gateway: gateway.kind };
});

/**
 * Starts or continues onboarding: opens the agent's connected account once (idempotency key per
 * agent) and answers where to give the details (Stripe's hosted onboarding, or the local form).
 */
export const startPayoutOnboarding = Effect.fn("payout.startPayoutOnboarding")(function* (
  user: User,
  urls: { readonly returnUrl: string; readonly refreshUrl: string },
) {
  const { agentId } = yield* callerAgent(user, "set up payouts");
  const accounts = yield* PayoutAccountRepository;
  const gateway = yield* PayoutGateway;
  const found = yield* accounts.find(agentId);
  let accountId = Option.isSome(found) ? found.value.gatewayAccountId : null;
  if (accountId === null) {
    const created = yield* gateway.createAccount({
      agentId,
      email: user.email,
      idempotencyKey: `closr-payout-account-agent-${agentId}`,
    });
    accountId =
      (yield* accounts.attachAccount(agentId, created.accountId)).gatewayAccountId ?? created.accountId;
  }
  const link = yield* gateway.onboardingLink({ accountId, ...urls });
  return { url: link.url, accountId };
});

/** Applies one `account.updated` event once; replays and events older than the last applied change nothing. */
export const applyAccountEvent = Effect.fn("payout.applyAccountEvent")(function* (event: AccountEvent) {
  return yield* (yield* PayoutAccountRepository).applyAccountEvent(event);
});

/** A Stripe Connect webhook: verified on the raw body, then applied once. InvalidWebhook → 400. */
export const handlePayoutWebhook = Effect.fn("payout.handlePayoutWebhook")(function* (
  rawBody: string,
  signature: string | undefined,
) {
  const event = yield* (yield* PayoutGateway).parseWebhook(rawBody, signature);
  if (!event) return { received: true, outcome: "ignored" as const };
  return { received: true, outcome: yield* applyAccountEvent(event) };
});

/**
 * The agent's ABN (ATO checksum; spaces or dashes allowed; empty = none) and GST registration. Registering
 * for GST needs an ABN (ATO: an entity registers for GST under its ABN).
 */
export const saveTaxDetails = Effect.fn("payout.saveTaxDetails")(function* (
  user: User,
  input: { readonly abn: string | null; readonly gstRegistered: boolean },
) {
  const { agentId } = yield* callerAgent(user, "record tax details");
  let abn: string | null = null;
  if (input.abn !== null && input.abn.trim() !== "") {
    const parsed = parseAbn(input.abn);
    if (Either.isLeft(parsed))
      return yield* new InvalidTaxDetails({ field: "abn", message: parsed.left.message });
    abn = parsed.right;
  }
  if (input.gstRegistered && abn === null)
    return yield* new InvalidTaxDetails({
      field: "gstRegistered",
      message: "Enter your ABN to invoice as registered for GST",
    });
  yield* (yield* PayoutAccountRepository).saveTaxDetails(agentId, {
    abn,
    gstRegistered: input.gstRegistered,
  });
  return yield* getPayoutAccount(user);
});

/** Bank details as the local onboarding form takes them. */
export interface BankDetails {
  readonly accountName: string;
  readonly bsb: string;
  readonly accountNumber: string;
}

/**
 * Checks the local form's bank details by format only (issue 14): BSB 6 digits (`000-000` or
 * `000000`), account number 5 to 9 digits, account name at least 2 characters. Returns them
 * normalised (digits only).
 */
export const parseBankDetails = (input: BankDetails): Either.Either<BankDetails, InvalidBankDetails> => {
  const accountName = input.accountName.trim();
  const bsb = input.bsb.trim();
  const accountNumber = input.accountNumber.replace(/\s+/g, "");
  if (accountName.length < 2)
    return Either.left(new InvalidBankDetails({ field: "accountName", message: "Enter the account name" }));
  if (!/^\d{3}-?\d{3}$/.test(bsb))
    return Either.left(new InvalidBankDetails({ field: "bsb", message: "A BSB is 6 digits, like 062-000" }));
  if (!/^\d{5,9}$/.test(accountNumber))
    return Either.left(
      new InvalidBankDetails({ field: "accountNumber", message: "An account number is 5 to 9 digits" }),
    );
  return Either.right({ accountName, bsb: bsb.replace("-", ""), accountNumber });
};

/**
 * Staff refund of `amountCents` of a completed payment (issue 14): the gateway refunds the charge,
 * reversing the transfer and the platform fee in proportion (idempotency key per payment and
 * running total, so a double click refunds once); the refund is recorded with its split, the
 * payment becomes refunded when fully refunded, and the action is audit-logged.
 */
export const refundPayment = Effect.fn("payout.refundPayment")(function* (
  staff: User,
  paymentId: PaymentId,
  input: { readonly amountCents: Cents; readonly reason: string },
) {
  if (staff.role !== "admin") return yield* new StaffOnly({ action: "refund payments" });
  const refunds = yield* PayoutRefundRepository;
  const found = yield* refunds.findPayment(paymentId);
  if (Option.isNone(found)) return yield* new RefundPaymentNotFound({ id: paymentId });
  const { payment, invoice } = found.value;
  if (payment.status !== "completed" || payment.paymentIntentId === null)
    return yield* new RefundNotAllowed({
      reason: "not-completed",
      message: `Only a completed payment can be refunded (this one is ${payment.status}).`,
    });
  const left = payment.amountCents - payment.refundedCents;
  if (!Number.isInteger(input.amountCents) || input.amountCents < 1)
    return yield* new RefundNotAllowed({
      reason: "not-positive",
      message: "Amount must be a positive number",
    });
  if (input.amountCents > left)
    return yield* new RefundNotAllowed({
      reason: "too-much",
      message: `At most ${(left / 100).toFixed(2)} AUD is left to refund on this payment.`,
    });
  const split = refundSplit({
    amountCents: payment.amountCents,
    feeCents: payment.applicationFeeCents,
    gstCents: invoice.gstCents,
    refundedSoFarCents: payment.refundedCents,
    refundCents: input.amountCents,
  });
  const refunded = yield* (yield* PaymentGateway).refundPaymentIntent(
    payment.paymentIntentId,
    `closr-refund-${payment.id}-${payment.refundedCents}-${input.amountCents}`,
    { amountCents: split.refundCents, reverseTransfer: true, refundApplicationFee: true },
  );
  const recorded = yield* refunds.record({
    paymentId: payment.id,
    refundedBefore: payment.refundedCents,
    split,
    gatewayRefundId: refunded.refundId,
    reason: input.reason.trim() || "Refund",
    actorUserId: staff.id,
  });
  if (Option.isNone(recorded))
    return yield* new RefundNotAllowed({
      reason: "too-much",
      message: "This payment changed while you were refunding it. Reload and try again.",
    });
  yield* (yield* AuditLog).record({
    actorUserId: staff.id,
    action: "payment.refunded",
    subjectType: "payment",
    subjectId: String(payment.id),
    before: { status: payment.status, refundedCents: payment.refundedCents },
    after: {
      refundedCents: payment.refundedCents + split.refundCents,
      refundId: recorded.value.id,
      feeRefundCents: split.feeRefundCents,
      transferReversalCents: split.transferReversalCents,
      reason: recorded.value.reason,
    },
  });
  return recorded.value;
});

/** Payments for the staff refund page, newest first. */
export const listRefundablePayments = Effect.fn("payout.listRefundablePayments")(function* (
  staff: User,
  page: Paging,
) {
  if (staff.role !== "admin") return yield* new StaffOnly({ action: "see payments" });
  const { items, total } = yield* (yield* PayoutRefundRepository).listPayments(page);
  const now = yield* (yield* Clock).now;
  return {
    items: items.map((row) => ({
      payment: row.payment,
      invoice: { ...row.invoice, state: displayState(row.invoice, now) },
    })),
    total,
  };
});

/**
 * An agent's earnings by Sydney month, newest first: paid (gross), platform fees, refunds, net,
 * and of the net what is still pending payout (paid within `payoutDelayDays`) or paid out.
 * The rule in TypeScript; PayoutRefundRepository.earningsPerMonth aggregates the same in SQL
 * for /api/earnings and /performance (the payouts integration test checks its figures).
 */
export const earningsByMonth = (entries: readonly EarningEntry[], now: Date): EarningsMonth[] => {
  const months = new Map<
    string,
    { paid: number; fees: number; refunded: number; net: number; pending: number }
  >();
  const cutoff = now.getTime() - payoutDelayDays * 24 * 60 * 60 * 1000;
  for (const e of entries) {
    const key = businessMonth(e.paidAt);
    const m = months.get(key) ?? { paid: 0, fees: 0, refunded: 0, net: 0, pending: 0 };
    const fee = e.feeCents - e.feeRefundedCents;
    const net = e.amountCents - e.refundedCents - fee;
    m.paid += e.amountCents;
    m.fees += fee;
    m.refunded += e.refundedCents;
    m.net += net;
    if (e.paidAt.getTime() > cutoff) m.pending += net;
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
      paidOutCents: cents(m.net - m.pending),
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

/** A paid invoice the caller is a party to, with its refunds and the buyer's ABN (for its PDFs). */
export const getInvoiceDocument = Effect.fn("payout.getInvoiceDocument")(function* (
  user: User,
  invoiceId: InvoiceId,
) {
  const invoice = yield* Effect.catchTag(getInvoice(user, invoiceId), "InvoiceNotFound", () =>
    Effect.fail(new PayoutDocumentNotFound({ id: invoiceId })),
  );
  if (!invoice.isPaid || invoice.paidAt === null) return yield* new PayoutDocumentNotFound({ id: invoiceId });
  const buyerAbn = yield* (yield* PayoutAccountRepository).businessAbn(invoice.businessId);
  return { invoice, buyerAbn: Option.getOrNull(buyerAbn) };
});

/** The platform's tax invoice for its fee on a paid invoice: the agent's only. */
export const getFeeDocument = Effect.fn("payout.getFeeDocument")(function* (
  user: User,
  invoiceId: InvoiceId,
) {
  yield* callerAgent(user, "see platform fee tax invoices");
  return yield* getInvoiceDocument(user, invoiceId);
});

/** One refund's credit note, for the invoice's parties and staff. */
export const getCreditNote = Effect.fn("payout.getCreditNote")(function* (
  user: User,
  refundId: PayoutRefundId,
) {
  const refund = yield* (yield* PayoutRefundRepository).findRefund(refundId);
  if (Option.isNone(refund)) return yield* new PayoutDocumentNotFound({ id: refundId });
  const found = yield* (yield* PayoutRefundRepository).findPayment(refund.value.paymentId);
  if (Option.isNone(found)) return yield* new PayoutDocumentNotFound({ id: refundId });
  if (user.role !== "admin") {
    const caller = yield* Effect.catchTag(callerProfile(user), "ProfileNotFound", () =>
      Effect.fail(new PayoutDocumentNotFound({ id: refundId })),
    );
    if (!isPartyTo(found.value.invoice, caller)) return yield* new PayoutDocumentNotFound({ id: refundId });
  }
  const buyerAbn = yield* (yield* PayoutAccountRepository).businessAbn(found.value.invoice.businessId);
  return { refund: refund.value, invoice: found.value.invoice, buyerAbn: Option.getOrNull(buyerAbn) };
});

/** Refunds of an invoice the caller is a party to (for the credit note links). */
export const listInvoiceRefunds = Effect.fn("payout.listInvoiceRefunds")(function* (
  user: User,
  invoiceId: InvoiceId,
) {
  const invoice = yield* getInvoice(user, invoiceId);
  return yield* (yield* PayoutRefundRepository).listForInvoice(invoice.id);
});
