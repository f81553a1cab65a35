/**
 * Dispute use cases (issue 17, ADR 0018): open, negotiate, mediate, withdraw, evidence, the
 * deadline sweep and the one-time money settlement. Only the invoice's two parties and staff
 * (role admin) see a dispute; anyone else gets DisputeNotFound (404) so ids reveal nothing.
 * Every step emails both parties (Mailer port, best effort) and leaves a notification (the bell,
 * issue 18) for each party that did not take the step.
 */
import { Effect, Either, Option } from "effect";
import type { User } from "../identity/index.ts";
import { callerProfile, getInvoice, InvoiceRepository } from "../invoice/index.ts";
import { PaymentGateway, PaymentRepository } from "../payment/index.ts";
import {
  AppUrl,
  AuditLog,
  atomically,
  Clock,
  cents,
  FileStorage,
  formatAud,
  type InvoiceId,
  Mailer,
  publishEvent,
  refundSplit,
} from "../shared/index.ts";
import { type DisputeEvent, openedStatus, transitionDispute } from "./dispute-machine.ts";
import { DisputeNotFound, DisputeTransitionRefused, InvalidDispute, NotMediator } from "./errors.ts";
import {
  type Dispute,
  type DisputeEvidence,
  type DisputeEvidenceId,
  type DisputeId,
  type DisputeParty,
  type DisputeReason,
  disputeReasonLabels,
  disputeRules,
  paidDisputeReasons,
  unpaidDisputeReasons,
} from "./model.ts";
import { DisputeRepository, type NewTimelineEntry, type SettlementPlan } from "./ports.ts";

type Caller = { readonly kind: "party"; readonly party: DisputeParty } | { readonly kind: "staff" };

const isStaff = (user: User) => user.role === "admin";

/** The dispute if the caller is one of its parties or staff; DisputeNotFound otherwise. */
const visibleDispute = Effect.fn("dispute.visible")(function* (user: User, id: DisputeId) {
  const found = yield* (yield* DisputeRepository).findById(id);
  if (Option.isNone(found)) return yield* new DisputeNotFound({ id });
  const dispute = found.value;
  if (isStaff(user)) return { dispute, caller: { kind: "staff" } as Caller };
  const profile = yield* callerProfile(user).pipe(Effect.catchAll(() => new DisputeNotFound({ id })));
  const mine =
    profile.party === "agent"
      ? dispute.agentId === profile.profileId
      : dispute.businessId === profile.profileId;
  if (!mine) return yield* new DisputeNotFound({ id });
  return { dispute, caller: { kind: "party", party: profile.party } as Caller };
});

const partyOf = (caller: Caller, id: DisputeId) =>
  caller.kind === "party" ? Effect.succeed(caller.party) : Effect.fail(new DisputeNotFound({ id }));

/** Emails both parties about one step (best effort: a mail failure never undoes the step). */
const tellBoth = Effect.fn("dispute.tellBoth")(function* (dispute: Dispute, subject: string, text: string) {
  const mailer = yield* Mailer;
  const { origin } = yield* AppUrl;
  const contacts = yield* (yield* DisputeRepository).contacts(dispute);
  const pages = { business: "/business/payments", agent: "/agent/invoices" } as const;
  for (const side of ["business", "agent"] as const)
    yield* mailer
      .send({
        to: contacts[side],
        subject: `Dispute #${dispute.id} (invoice #${dispute.invoiceId}): ${subject}`,
        text,
        action: { label: "View the dispute", url: `${origin}${pages[side]}/disputes/${dispute.id}` },
      })
      .pipe(Effect.catchAllCause(() => Effect.void));
});

/** Who took a dispute step: a party, staff (mediation) or the deadline sweep. */
type StepActor = DisputeParty | "staff" | "system";

/**
 * Opens a dispute on an invoice the caller is a party to. Unpaid invoices take "amount not owed"
 * or "work not done"; paid ones "charged in error" or "services not delivered". `claimedCents`
 * is what the opener says the business owes in total (default 0). A paid invoice's payout is held.
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
  const dispute = yield* (yield* DisputeRepository).open({
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

const deadlineFormat = new Intl.DateTimeFormat("en-AU", {
  timeZone: "Australia/Sydney",
  dateStyle: "full",
  timeStyle: "short",
});
const formatDeadline = (at: Date | null) => (at ? `${deadlineFormat.format(at)} (Sydney time)` : "—");

/** The timeline line each party event writes (a tick writes none). */
const timelineKind: { readonly [T in DisputeEvent["type"]]: NewTimelineEntry["kind"] } = {
  accept: "accepted",
  counter: "counter_offer",
  reject: "rejected",
  propose: "proposed",
  accept_proposal: "proposal_accepted",
  reject_proposal: "proposal_rejected",
  withdraw: "withdrawn",
  tick: "escalated",
};

const lineFor = (
  event: DisputeEvent,
  actor: NewTimelineEntry["actor"],
  message: string | null,
): NewTimelineEntry => {
  const kind = timelineKind[event.type];
  const amount = event.type === "counter" || event.type === "propose" ? cents(event.amountCents) : null;
  return { kind, actor, message, amountCents: amount, evidenceId: null };
};

/** Applies one event under the row lock, with the timeline lines the change implies. */
const applyEvent = Effect.fn("dispute.applyEvent")(function* (
  id: DisputeId,
  event: DisputeEvent,
  actor: NewTimelineEntry["actor"],
  message: string | null,
) {
  return yield* (yield* DisputeRepository).update(id, (dispute) =>
    Either.map(transitionDispute(dispute, event), (status) => {
      const lines: NewTimelineEntry[] = [];
      if (
        dispute.state === "open" &&
        status.state !== "open" &&
        event.type !== "reject" &&
        event.type !== "accept" &&
        event.type !== "withdraw"
      )
        lines.push({
          kind: "mediation_started",
          actor: "system",
          message: "No answer within 7 days.",
          amountCents: null,
          evidenceId: null,
        });
      if (dispute.state === "proposed" && status.state === "resolved" && event.type !== "accept_proposal")
        lines.push({
          kind: "proposal_accepted",
          actor: "system",
          message: "No answer within 2 days: accepted.",
          amountCents: null,
          evidenceId: null,
        });
      if (event.type !== "tick") lines.push(lineFor(event, actor, message));
      if (status.state === "in_mediation" && dispute.state !== "in_mediation" && event.type !== "tick")
        lines.push({
          kind: "mediation_started",
          actor: "system",
          message: null,
          amountCents: null,
          evidenceId: null,
        });
      if (status.state === "resolved")
        lines.push({
          kind: "resolved",
          actor: "system",
          message: status.outcome,
          amountCents: status.settledAmountCents,
          evidenceId: null,
        });
      return { status, lines };
    }),
  );
});

/**
 * After a step: notifies the parties other than `actor`, emails both parties, and settles the
 * money when the dispute ended.
 */
const afterStep = Effect.fn("dispute.afterStep")(function* (
  before: Dispute,
  after: Dispute,
  what: string,
  actorUserId: User["id"],
  actor: StepActor,
) {
  yield* publishEvent({ _tag: "DisputeStepTaken", before, dispute: after, by: actor, what });
  const lines: string[] = [what];
  if (after.state === "open" && after.deadline)
    lines.push(
      `The ${after.offer.by === "business" ? "agent" : "business"} has until ${formatDeadline(after.deadline)} to answer ${formatAud(after.offer.amountCents)}.`,
    );
  if (after.state === "in_mediation" && before.state !== "in_mediation")
    lines.push(
      `The dispute is now with Closr's mediation team, who will propose a resolution by ${formatDeadline(after.deadline)}.`,
    );
  if (after.state === "proposed" && after.proposal)
    lines.push(
      `Proposed resolution: the business pays ${formatAud(after.proposal.amountCents)} in total. ${after.proposal.note}\n\nAccept or reject it by ${formatDeadline(after.deadline)}; if you do not answer, it counts as accepted.`,
    );
  if (after.state === "resolved")
    lines.push(
      `Resolved: the business pays ${formatAud(after.settledAmountCents ?? cents(0))} in total (${after.outcome?.replaceAll("_", " ")}).`,
    );
  if (after.state === "withdrawn") lines.push("The dispute was withdrawn; the invoice stands as issued.");
  yield* tellBoth(
    after,
    after.state === before.state ? "an update" : after.state.replace("_", " "),
    lines.join("\n\n"),
  );
  if (after.state === "resolved" || after.state === "withdrawn") yield* settleDispute(after.id, actorUserId);
});

/**
 * A party answers the offer on the table: accept it, counter with `amountCents` (what the business
 * would pay in total), or reject it (straight to mediation). Optional message on the timeline.
 */
export const respondToDispute = Effect.fn("dispute.respond")(function* (
  user: User,
  id: DisputeId,
  input: {
    readonly action: "accept" | "counter" | "reject";
    readonly amountCents?: number | undefined;
    readonly message?: string | undefined;
  },
) {
  const { dispute, caller } = yield* visibleDispute(user, id);
  const by = yield* partyOf(caller, id);
  const at = yield* (yield* Clock).now;
  if (input.action === "counter" && input.amountCents === undefined)
    return yield* new InvalidDispute({
      errors: [{ field: "amount", message: "Enter the amount you offer." }],
    });
  const event: DisputeEvent =
    input.action === "counter"
      ? { type: "counter", by, amountCents: input.amountCents ?? 0, at }
      : { type: input.action, by, at };
  const after = yield* applyEvent(id, event, by, input.message?.trim() || null);
  const words =
    input.action === "accept"
      ? `The ${by} accepted ${formatAud(dispute.offer.amountCents)}.`
      : input.action === "counter"
        ? `The ${by} offered ${formatAud(cents(input.amountCents ?? 0))}.`
        : `The ${by} rejected the offer.`;
  yield* afterStep(dispute, after, words, user.id, by);
  return after;
}, atomically);

/** The opener withdraws the dispute (any time before it is resolved); the invoice stands. */
export const withdrawDispute = Effect.fn("dispute.withdraw")(function* (user: User, id: DisputeId) {
  const { dispute, caller } = yield* visibleDispute(user, id);
  const by = yield* partyOf(caller, id);
  const after = yield* applyEvent(id, { type: "withdraw", by, at: yield* (yield* Clock).now }, by, null);
  yield* afterStep(dispute, after, `The ${by} withdrew the dispute.`, user.id, by);
  return after;
}, atomically);

/** A party accepts or rejects staff's proposed resolution (both accepting, or silence, resolves). */
export const answerProposal = Effect.fn("dispute.answerProposal")(function* (
  user: User,
  id: DisputeId,
  accept: boolean,
) {
  const { dispute, caller } = yield* visibleDispute(user, id);
  const by = yield* partyOf(caller, id);
  const at = yield* (yield* Clock).now;
  const after = yield* applyEvent(
    id,
    { type: accept ? "accept_proposal" : "reject_proposal", by, at },
    by,
    null,
  );
  yield* afterStep(
    dispute,
    after,
    `The ${by} ${accept ? "accepted" : "rejected"} the proposed resolution.`,
    user.id,
    by,
  );
  return after;
}, atomically);

/** Staff propose a resolution (audit-logged): the total the business pays, with a note to both. */
export const proposeResolution = Effect.fn("dispute.propose")(function* (
  staff: User,
  id: DisputeId,
  input: { readonly amountCents: number; readonly note: string },
) {
  if (!isStaff(staff)) return yield* new NotMediator();
  const { dispute } = yield* visibleDispute(staff, id);
  const note = input.note.trim();
  if (note.length < 10)
    return yield* new InvalidDispute({
      errors: [
        { field: "note", message: "Explain the resolution to both parties (at least 10 characters)." },
      ],
    });
  const at = yield* (yield* Clock).now;
  const after = yield* applyEvent(
    id,
    { type: "propose", amountCents: input.amountCents, note, at },
    "staff",
    note,
  );
  yield* (yield* AuditLog).record({
    actorUserId: staff.id,
    action: "dispute.resolution_proposed",
    subjectType: "dispute",
    subjectId: String(id),
    before: { state: dispute.state },
    after: { state: after.state, amountCents: input.amountCents, note },
  });
  yield* afterStep(dispute, after, "Closr's mediation team proposed a resolution.", staff.id, "staff");
  return after;
}, atomically);

/** A message on the timeline from a party or staff (not on a terminal dispute). */
export const postDisputeMessage = Effect.fn("dispute.message")(function* (
  user: User,
  id: DisputeId,
  text: string,
) {
  const { dispute, caller } = yield* visibleDispute(user, id);
  const message = text.trim();
  if (message.length < 1 || message.length > disputeRules.maxMessageLength)
    return yield* new InvalidDispute({
      errors: [{ field: "message", message: "A message is 1 to 2,000 characters." }],
    });
  if (dispute.state === "resolved" || dispute.state === "withdrawn")
    return yield* new DisputeTransitionRefused({
      state: dispute.state,
      event: "message",
      message: `This dispute is already ${dispute.state}.`,
    });
  const actor = caller.kind === "staff" ? "staff" : caller.party;
  yield* (yield* DisputeRepository).appendLine(id, {
    kind: "message",
    actor,
    message,
    amountCents: null,
    evidenceId: null,
  });
  yield* tellBoth(
    dispute,
    "a new message",
    `${actor === "staff" ? "Closr's mediation team" : `The ${actor}`} wrote:\n\n${message}`,
  );
}, atomically);

/**
 * Stores an evidence file of a party: PDF, JPEG or PNG by magic bytes (`detectedType`, sniffed
 * at the edge), at most 10 MB, at most 10 per dispute side. Invalid → InvalidDispute (422).
 */
export const addDisputeEvidence = Effect.fn("dispute.addEvidence")(function* (
  user: User,
  id: DisputeId,
  file: { readonly fileName: string; readonly bytes: Uint8Array; readonly detectedType: string | undefined },
) {
  const { dispute, caller } = yield* visibleDispute(user, id);
  const party = yield* partyOf(caller, id);
  if (dispute.state === "resolved" || dispute.state === "withdrawn")
    return yield* new DisputeTransitionRefused({
      state: dispute.state,
      event: "evidence",
      message: `This dispute is already ${dispute.state}.`,
    });
  const type = disputeRules.evidenceTypes.find((t) => t === file.detectedType);
  if (!type)
    return yield* new InvalidDispute({
      errors: [{ field: "file", message: "Evidence must be a PDF, JPEG or PNG file." }],
    });
  if (file.bytes.length > disputeRules.maxEvidenceBytes)
    return yield* new InvalidDispute({
      errors: [{ field: "file", message: "Each file can be at most 10 MB." }],
    });
  const repository = yield* DisputeRepository;
  const detail = yield* repository.detail(id);
  const count = Option.match(detail, {
    onNone: () => 0,
    onSome: (d) => d.evidence.filter((e) => e.party === party).length,
  });
  if (count >= disputeRules.maxEvidenceFiles)
    return yield* new InvalidDispute({
      errors: [{ field: "file", message: "Each party can add at most 10 files." }],
    });
  const stored = yield* (yield* FileStorage).put("dispute-evidence", file.bytes, type);
  const fileName = file.fileName.replace(/[/\\]/g, "_").slice(0, 200) || "evidence";
  const evidence = yield* repository.addEvidence({
    disputeId: id,
    party,
    fileName,
    contentType: type,
    size: stored.size,
    storageKey: stored.key,
  });
  yield* repository.appendLine(id, {
    kind: "evidence",
    actor: party,
    message: fileName,
    amountCents: null,
    evidenceId: evidence.id,
  });
  return evidence;
});

/** One evidence file's record and bytes, for the parties and staff; DisputeNotFound otherwise. */
export const getDisputeEvidence = Effect.fn("dispute.getEvidence")(function* (
  user: User,
  evidenceId: DisputeEvidenceId,
) {
  const found = yield* (yield* DisputeRepository).findEvidence(evidenceId);
  if (Option.isNone(found)) return yield* new DisputeNotFound({ id: evidenceId });
  yield* visibleDispute(user, found.value.disputeId).pipe(
    Effect.mapError(() => new DisputeNotFound({ id: evidenceId })),
  );
  const bytes = yield* (yield* FileStorage).get(found.value.storageKey);
  if (Option.isNone(bytes)) return yield* new DisputeNotFound({ id: evidenceId });
  return { evidence: found.value as DisputeEvidence, bytes: bytes.value };
});

/** A dispute with its timeline and evidence, for its parties and staff. */
export const getDispute = Effect.fn("dispute.get")(function* (user: User, id: DisputeId) {
  const { caller } = yield* visibleDispute(user, id);
  const detail = yield* (yield* DisputeRepository).detail(id);
  if (Option.isNone(detail)) return yield* new DisputeNotFound({ id });
  return {
    ...detail.value,
    viewer: caller.kind === "staff" ? ("staff" as const) : caller.party,
    now: yield* (yield* Clock).now,
  };
});

/** The caller's disputes (as business or agent), newest first. */
export const listMyDisputes = Effect.fn("dispute.listMine")(function* (user: User) {
  const caller = yield* callerProfile(user);
  const items = yield* (yield* DisputeRepository).listFor(caller.party, caller.profileId);
  return { items, now: yield* (yield* Clock).now };
});

/** Disputes of one invoice the caller is a party to (for the invoice card's actions). */
export const listInvoiceDisputes = Effect.fn("dispute.listForInvoice")(function* (
  user: User,
  invoiceId: InvoiceId,
) {
  const invoice = yield* getInvoice(user, invoiceId);
  return yield* (yield* DisputeRepository).listForInvoice(invoice.id);
});

/** Staff's mediation queue: in mediation or proposed, oldest first. */
export const mediationQueue = Effect.fn("dispute.mediationQueue")(function* (staff: User) {
  if (!isStaff(staff)) return yield* new NotMediator();
  return { items: yield* (yield* DisputeRepository).mediationQueue(), now: yield* (yield* Clock).now };
});

/**
 * The scheduled job (ADR 0018): every dispute whose deadline passed at the Clock's now advances
 * (unanswered → mediation; unanswered proposal → resolved and settled). Returns how many moved.
 * Safe to run concurrently and repeatedly: each advance is a locked, refused-if-not-due update.
 */
export const sweepDisputeDeadlines = Effect.fn("dispute.sweepDeadlines")(function* () {
  const now = yield* (yield* Clock).now;
  const repository = yield* DisputeRepository;
  const due = yield* repository.due(now);
  let moved = 0;
  for (const id of due) {
    const before = yield* repository.findById(id);
    const result = yield* Effect.either(applyEvent(id, { type: "tick", at: now }, "system", null));
    if (Either.isLeft(result) || Option.isNone(before)) continue;
    moved++;
    const after = result.right;
    yield* afterStep(
      before.value,
      after,
      after.state === "in_mediation" ? "No agreement was reached in time." : "The answer period ended.",
      before.value.businessUserId,
      "system",
    );
  }
  return moved;
}, atomically);

/**
 * Executes a terminal dispute's money outcome exactly once (ADR 0018). Safe to replay and to run
 * concurrently: the gateway refund carries one idempotency key per dispute, and the database
 * part (`settle`) runs once under the dispute's lock, guarded by `executed_at`.
 */
export const settleDispute = Effect.fn("dispute.settle")(function* (id: DisputeId, actorUserId: User["id"]) {
  const repository = yield* DisputeRepository;
  const found = yield* repository.findById(id);
  if (Option.isNone(found)) return false;
  const dispute = found.value;
  if (dispute.executedAt || (dispute.state !== "resolved" && dispute.state !== "withdrawn")) return false;
  const now = yield* (yield* Clock).now;
  const outcome = dispute.outcome;
  const settled = dispute.settledAmountCents ?? dispute.invoiceAmountCents;
  const difference = dispute.invoiceAmountCents - settled;
  let plan: SettlementPlan = { kind: "release" };
  if (outcome === "invoice_cancelled") plan = { kind: "cancel" };
  if (outcome === "amount_reduced") {
    const terms = yield* invoiceTerms(dispute);
    plan = {
      kind: "reduce",
      split: refundSplit({
        amountCents: terms.amountCents,
        feeCents: terms.platformFeeCents,
        gstCents: terms.gstCents,
        refundedSoFarCents: 0,
        refundCents: difference,
      }),
    };
  }
  if (outcome === "full_refund" || outcome === "partial_refund") {
    const payments = yield* (yield* PaymentRepository).listForInvoice(dispute.invoiceId);
    const payment = payments.find((p) => p.status === "completed" || p.status === "refunded");
    if (!payment?.paymentIntentId)
      return yield* Effect.die(new Error(`Dispute ${id}: no completed payment to refund`));
    const refunded = yield* (yield* PaymentGateway)
      .refundPaymentIntent(payment.paymentIntentId, `closr-dispute-${id}-refund`, {
        amountCents: cents(difference),
        reverseTransfer: true,
        refundApplicationFee: true,
      })
      .pipe(Effect.orDie);
    plan = {
      kind: "refund",
      paymentId: payment.id,
      refundedBefore: payment.refundedCents,
      split: refundSplit({
        amountCents: payment.amountCents,
        feeCents: payment.applicationFeeCents,
        gstCents: (yield* invoiceTerms(dispute)).gstCents,
        refundedSoFarCents: payment.refundedCents,
        refundCents: difference,
      }),
      gatewayRefundId: refunded.refundId,
      actorUserId,
    };
  }
  return yield* repository.settle(id, plan, now);
}, atomically);

/** The invoice's money terms for a dispute (read without the caller check: the dispute was checked). */
const invoiceTerms = Effect.fn("dispute.invoiceTerms")(function* (dispute: Dispute) {
  const found = yield* (yield* InvoiceRepository).findById(dispute.invoiceId);
  if (Option.isNone(found)) return yield* Effect.die(new Error(`Dispute ${dispute.id}: invoice gone`));
  return found.value;
});

/**
 * The credit note of an unpaid invoice a resolution reduced, with the invoice as it stands now,
 * for the parties and staff (DisputeNotFound when the dispute has none).
 */
export const getDisputeCreditNote = Effect.fn("dispute.getCreditNote")(function* (user: User, id: DisputeId) {
  yield* visibleDispute(user, id);
  const detail = yield* (yield* DisputeRepository).detail(id);
  if (Option.isNone(detail) || !detail.value.creditNote) return yield* new DisputeNotFound({ id });
  const invoice = yield* (yield* InvoiceRepository).findById(detail.value.dispute.invoiceId);
  if (Option.isNone(invoice)) return yield* new DisputeNotFound({ id });
  return { note: detail.value.creditNote, invoice: invoice.value, dispute: detail.value.dispute };
});
