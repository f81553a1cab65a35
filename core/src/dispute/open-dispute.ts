/** Opening a dispute on an invoice (ADR 0018). */
import { Effect, Either } from "effect";
import type { User } from "../identity/index.ts";
import { callerProfile, decideInvoiceTransition, getInvoice } from "../invoice/index.ts";
import { atomically, Clock, cents, formatAud, type InvoiceId, publishEvent } from "../shared/index.ts";
import { openedStatus } from "./dispute-machine.ts";
import { formatDeadline, tellBoth } from "./dispute-steps.ts";
import { DisputeAlreadyOpen, InvalidDispute } from "./errors.ts";
import {
  type DisputeReason,
  disputeReasonLabels,
  disputeRules,
  isTerminal,
  paidDisputeReasons,
  unpaidDisputeReasons,
} from "./model.ts";
import { DisputeRepository } from "./ports.ts";

/**
 * Opens a dispute on an invoice the caller is a party to. Unpaid invoices take "amount not owed"
 * or "work not done"; paid ones "charged in error" or "services not delivered". `claimedCents`
 * is what the opener says the business owes in total (default 0). A paid invoice's payout is held.
 * The invoice machine decides (`DisputeOpened`, ADR 0049): an invoice with an active dispute fails
 * with DisputeAlreadyOpen; one the machine refuses otherwise (cancelled, or held by a card
 * dispute) with InvoiceTransitionRefused; the dispute is stored with the machine's result.
 */
export const openDispute = Effect.fn("dispute.open")(function* (
  user: User,
  invoiceId: InvoiceId,
  input: {
    readonly reason: DisputeReason;
    readonly description: string;
    readonly claimedCents?: number | undefined;
  },
) {
  const caller = yield* callerProfile(user);
  const invoice = yield* getInvoice(user, invoiceId);
  const now = yield* (yield* Clock).now;
  const errors: { field: string; message: string }[] = [];
  const allowed: readonly string[] = invoice.isPaid ? paidDisputeReasons : unpaidDisputeReasons;
  if (!allowed.includes(input.reason))
    errors.push({
      field: "reason",
      message: invoice.isPaid
        ? "For a paid invoice choose “Charged in error” or “Services not delivered”."
        : "For an unpaid invoice choose “Amount not owed” or “Work not done”.",
    });
  const description = input.description.trim();
  if (description.length < disputeRules.minDescriptionLength)
    errors.push({ field: "description", message: "Describe the problem in at least 10 characters." });
  if (description.length > disputeRules.maxDescriptionLength)
    errors.push({ field: "description", message: "The description is at most 5,000 characters." });
  const amount = invoice.amountCents - invoice.refundedCents;
  const claimed = input.claimedCents ?? 0;
  if (!Number.isInteger(claimed) || claimed < 0 || claimed >= amount)
    errors.push({
      field: "claimedAmount",
      message: `The amount owed is from $0.00 to less than ${formatAud(cents(amount))}.`,
    });
  if (amount <= 0) errors.push({ field: "invoiceId", message: "This invoice has been refunded in full." });
  if (errors.length) return yield* new InvalidDispute({ errors });
  const repository = yield* DisputeRepository;
  const decided = decideInvoiceTransition(invoice, [{ type: "DisputeOpened", at: now }]);
  if (Either.isLeft(decided)) {
    const refusal = decided.left;
    if (refusal._tag === "InvoiceTransitionRefused" && refusal.from === "disputed") {
      const active = (yield* repository.listForInvoice(invoice.id)).find((d) => !isTerminal(d.state));
      if (active) return yield* new DisputeAlreadyOpen({ invoiceId: invoice.id, disputeId: active.id });
    }
    return yield* refusal;
  }
  const dispute = yield* repository.open({
    transition: decided.right,
    invoiceId: invoice.id,
    openedBy: user.id,
    reason: input.reason,
    description,
    status: openedStatus({
      opener: caller.party,
      invoicePaid: invoice.isPaid,
      invoiceAmountCents: amount,
      claimedCents: claimed,
      at: now,
    }),
  });
  yield* publishEvent({ _tag: "DisputeOpened", dispute, by: caller.party });
  yield* tellBoth(
    dispute,
    "a dispute was opened",
    `The ${caller.party} opened a dispute on invoice #${invoice.id} (${formatAud(invoice.amountCents)}): ${disputeReasonLabels[input.reason]}.\n\n${description}\n\nThey say ${formatAud(cents(claimed))} is owed. The other party has until ${formatDeadline(dispute.deadline)} to accept, make a counter-offer or reject; after that staff mediate.${invoice.isPaid ? "\n\nThe agent's payout for this invoice is on hold until the dispute is resolved." : "\n\nThe invoice cannot be paid until the dispute is resolved."}`,
  );
  return dispute;
}, atomically);
