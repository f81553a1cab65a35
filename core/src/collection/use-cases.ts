/**
 * Collection use cases (issue 45, ADR 0064): set up and revoke a mandate, apply the gateway's
 * mandate events, and the scheduled sweep that charges due invoices exactly once.
 */
import { Effect, Either, Option } from "effect";
import type { User } from "../identity/index.ts";
import { businessDate, callerProfile, getInvoice } from "../invoice/index.ts";
import { getPartnership } from "../partnership/index.ts";
import { ChargeDestinations, deliverLocalGatewayEvents, PaymentRepository } from "../payment/index.ts";
import { WrongAccountType } from "../profiles/index.ts";
import { addCalendarDays } from "../shared/calendar.ts";
import {
  atomically,
  type Cents,
  Clock,
  InvoiceId,
  type PartnershipId,
  publishEvent,
} from "../shared/index.ts";
import { collectionView, decideCollection, nextRetryOn, noticeDue } from "./collection-decision.ts";
import { DirectDebitRequestNotAccepted, MandateAlreadyExists, MandateNotFound } from "./errors.ts";
import { type MandateEvent, transitionMandate } from "./mandate-machine.ts";
import { collectionRules, type Mandate, type MandateId, type MandateMethod } from "./model.ts";
import {
  CollectionRepository,
  MandateGateway,
  type MandateGatewayEvent,
  MandateRepository,
} from "./ports.ts";

const facts = (m: Mandate) => ({
  id: m.id,
  partnershipId: m.partnershipId,
  businessId: m.businessId,
  agentId: m.agentId,
  method: m.method,
  status: m.status,
  reference: m.reference,
  lastFour: m.lastFour,
  inactiveReason: m.inactiveReason,
});

export interface SetUpMandateInput {
  readonly partnershipId: PartnershipId;
  readonly businessId: Mandate["businessId"];
  readonly agentId: Mandate["agentId"];
  readonly method: MandateMethod;
  readonly bsb?: string | undefined;
  readonly accountNumber?: string | undefined;
  readonly cardNumber?: string | undefined;
  readonly accountName: string;
  /** The payer ticked "I accept the Direct Debit Request and its service agreement" (BECS). */
  readonly acceptedDirectDebitRequest: boolean;
  readonly ip: string | null;
  readonly userAgent: string | null;
}

/**
 * The business authorises collection of one partnership's invoices (issue 45 item 1). The caller
 * must be the partnership's business (checked by the service before; ids from the session).
 * Errors: DirectDebitRequestNotAccepted, MandateAlreadyExists, MandateSetupRefused.
 */
export const setUpMandate = Effect.fn("collection.setUpMandate")(function* (
  user: User,
  input: SetUpMandateInput,
) {
  return (yield* setUpWithGateway(user, input)).mandate;
});

/** setUpMandate, answering the gateway's set-up too (its client secret for the browser). */
const setUpWithGateway = Effect.fnUntraced(function* (user: User, input: SetUpMandateInput) {
  if (input.method === "au_becs_debit" && !input.acceptedDirectDebitRequest)
    return yield* new DirectDebitRequestNotAccepted({ method: "au_becs_debit" });
  const mandates = yield* MandateRepository;
  if (Option.isSome(yield* mandates.liveFor(input.partnershipId)))
    return yield* new MandateAlreadyExists({ partnershipId: input.partnershipId });
  const now = yield* (yield* Clock).now;
  const setup = yield* (yield* MandateGateway).setUp({
    method: input.method,
    bsb: input.bsb,
    accountNumber: input.accountNumber,
    cardNumber: input.cardNumber,
    accountName: input.accountName,
    email: user.email,
    acceptance: { at: now, ip: input.ip, userAgent: input.userAgent },
  });
  const mandate = yield* atomically(
    Effect.gen(function* () {
      const created = yield* mandates.insert({
        partnershipId: input.partnershipId,
        businessId: input.businessId,
        agentId: input.agentId,
        method: input.method,
        reference: `CLOSR-${input.partnershipId}-${setup.setupIntentId.slice(-6).toUpperCase()}`,
        setupIntentId: setup.setupIntentId,
        paymentMethodId: setup.paymentMethodId,
        bsb: input.method === "au_becs_debit" ? (input.bsb?.replace(/\D/g, "") ?? null) : null,
        lastFour: setup.lastFour,
        acceptedAt: now,
        acceptedIp: input.ip,
        acceptedUserAgent: input.userAgent,
      });
      yield* publishEvent({ _tag: "MandateChanged", mandate: facts(created) });
      if (setup.status !== "succeeded") return created;
      return yield* applyToMandate(created.id, {
        type: "SetupSucceeded",
        gatewayMandateId: setup.gatewayMandateId,
        paymentMethodId: setup.paymentMethodId,
        at: now,
      });
    }),
  );
  return { mandate, setup };
});

const applyToMandate = (id: MandateId, event: MandateEvent) =>
  Effect.gen(function* () {
    const changed = yield* (yield* MandateRepository).change(id, (m) => transitionMandate(m, event));
    yield* publishEvent({ _tag: "MandateChanged", mandate: facts(changed) });
    return changed;
  });

/** The business revokes its mandate at any time (the agent is told). Another party's → MandateNotFound. */
export const revokeMandate = Effect.fn("collection.revokeMandate")(function* (user: User, id: MandateId) {
  const caller = yield* callerProfile(user);
  const mandate = yield* (yield* MandateRepository).findById(id);
  if (Option.isNone(mandate) || caller.party !== "business" || mandate.value.businessId !== caller.profileId)
    return yield* new MandateNotFound({ id });
  const now = yield* (yield* Clock).now;
  return yield* applyToMandate(id, { type: "Revoked", at: now });
}, atomically);

/** The caller's mandates (a business's own; empty for an agent). */
export const listMandates = Effect.fn("collection.listMandates")(function* (user: User) {
  const caller = yield* Effect.option(callerProfile(user));
  if (Option.isNone(caller) || caller.value.party !== "business") return [] as readonly Mandate[];
  return yield* (yield* MandateRepository).listForBusiness(caller.value.profileId as Mandate["businessId"]);
});

/**
 * A gateway mandate event (setup_intent.succeeded / setup_failed, mandate.updated), applied once:
 * an event that does not fit the mandate's state (a replay) changes nothing. Unknown → ignored.
 */
export const applyMandateEvent = Effect.fn("collection.applyMandateEvent")(function* (
  event: MandateGatewayEvent,
) {
  const repository = yield* MandateRepository;
  const mandate = event.setupIntentId
    ? yield* repository.findBySetupIntent(event.setupIntentId)
    : event.gatewayMandateId
      ? yield* repository.findByGatewayMandate(event.gatewayMandateId)
      : Option.none<Mandate>();
  if (Option.isNone(mandate)) return "unknown" as const;
  const now = yield* (yield* Clock).now;
  const machineEvent: MandateEvent | null =
    event.type === "setup_intent.succeeded" || (event.type === "mandate.updated" && event.status === "active")
      ? {
          type: "SetupSucceeded",
          gatewayMandateId: event.gatewayMandateId,
          paymentMethodId: event.paymentMethodId,
          at: now,
        }
      : event.type === "setup_intent.setup_failed"
        ? { type: "SetupFailed", reason: event.reason ?? "setup_failed", at: now }
        : event.status === "inactive"
          ? { type: "GatewayInactive", reason: event.reason ?? "inactive", at: now }
          : null;
  if (!machineEvent) return "ignored" as const;
  if (Either.isLeft(transitionMandate(mandate.value, machineEvent))) return "ignored" as const;
  yield* applyToMandate(mandate.value.id, machineEvent);
  return "applied" as const;
}, atomically);

/** What the browser needs after starting a mandate: the mandate, and the client secret to confirm (or null). */
export interface StartedMandate {
  readonly mandate: Mandate;
  readonly clientSecret: string | null;
  readonly gateway: "local" | "stripe";
}

/**
 * The business starts a mandate for one of its partnerships (POST /api/partnerships/{id}/mandates):
 * the partnership must be the caller's own as its business (else PartnershipNotFound → 404, or
 * WrongAccountType for an agent). Then as `setUpMandate`. The answer carries the SetupIntent's
 * client secret when the browser must confirm it (a card in Stripe mode), else null.
 */
export const startMandate = Effect.fn("collection.startMandate")(function* (
  user: User,
  input: Omit<SetUpMandateInput, "businessId" | "agentId">,
) {
  if (user.userType !== "business")
    return yield* new WrongAccountType({ required: "business", action: "set up a payment mandate" });
  const partnership = yield* getPartnership(user, input.partnershipId);
  const { mandate, setup } = yield* setUpWithGateway(user, {
    ...input,
    businessId: partnership.businessId as Mandate["businessId"],
    agentId: partnership.agentId as Mandate["agentId"],
  }).pipe(
    // Activating the mandate just inserted cannot be refused: a refusal here is a bug.
    Effect.catchTags({ MandateTransitionRefused: Effect.die, MandateNotFound: Effect.die }),
  );
  const gateway = yield* MandateGateway;
  return { mandate, clientSecret: setup.clientSecret, gateway: gateway.kind } satisfies StartedMandate;
});

/** One of the caller's mandates (the business's own; anyone else's → MandateNotFound, 404). */
export const getMandate = Effect.fn("collection.getMandate")(function* (user: User, id: MandateId) {
  const caller = yield* Effect.option(callerProfile(user));
  const mandate = yield* (yield* MandateRepository).findById(id);
  if (
    Option.isNone(mandate) ||
    Option.isNone(caller) ||
    caller.value.party !== "business" ||
    mandate.value.businessId !== caller.value.profileId
  )
    return yield* new MandateNotFound({ id });
  return mandate.value;
});

/** One attempt as the invoice's collection schedule shows it. */
export interface CollectionScheduleAttempt {
  readonly attempt: number;
  readonly status: "pending" | "processing" | "completed" | "failed" | "refunded";
  readonly chargedOn: string;
  readonly failureMessage: string | null;
}

/** An invoice's automatic collection (issue 45 item 3): the view, the mandate, the attempts. */
export interface InvoiceCollection {
  readonly invoiceId: InvoiceId;
  /** The invoice's amount, integer cents (AUD). */
  readonly amountCents: Cents;
  readonly view: ReturnType<typeof collectionView>;
  readonly mandate: Mandate | null;
  readonly attempts: readonly CollectionScheduleAttempt[];
}

/**
 * The collection schedule of one invoice for either of its parties (GET /api/invoices/{id}/collection):
 * scheduled for (the due date, Sydney), processing, paid, or failed with the reason and the retry date,
 * from the same facts the sweep decides on. Anyone else → InvoiceNotFound (404).
 */
export const getInvoiceCollection = Effect.fn("collection.getInvoiceCollection")(function* (
  user: User,
  invoiceId: InvoiceId,
) {
  const { amountCents } = yield* getInvoice(user, invoiceId);
  const today = businessDate(yield* (yield* Clock).now);
  const row = yield* (yield* CollectionRepository).forInvoice(invoiceId);
  if (Option.isNone(row))
    return { invoiceId, amountCents, view: null, mandate: null, attempts: [] } satisfies InvoiceCollection;
  return {
    invoiceId,
    amountCents,
    view: collectionView(row.value.candidate, today),
    mandate: row.value.mandate,
    attempts: [...row.value.candidate.attempts].sort((a, b) => a.attempt - b.attempt),
  } satisfies InvoiceCollection;
});

/**
 * A signed Stripe webhook, if it is a mandate event (setup_intent.*, mandate.updated): verified and
 * applied once (replays change nothing). Undefined for any other event, which the payment and
 * subscription paths take; undefined too when no mandate gateway is wired.
 */
export const handleMandateWebhook = Effect.fn("collection.handleMandateWebhook")(function* (
  rawBody: string,
  signature: string | undefined,
) {
  const gateway = yield* Effect.serviceOption(MandateGateway);
  if (Option.isNone(gateway)) return undefined;
  const event = yield* gateway.value.parseWebhook(rawBody, signature);
  if (!event) return undefined;
  const outcome = yield* applyMandateEvent(event).pipe(
    // The mandate changed between the read and the lock (a concurrent delivery): as a replay.
    Effect.catchTags({
      MandateTransitionRefused: () => Effect.succeed("ignored" as const),
      MandateNotFound: () => Effect.succeed("unknown" as const),
    }),
  );
  // A SetupIntent that is not a mandate's (a subscription's card update, ADR 0042) is not ours.
  if (outcome === "unknown" && event.type !== "mandate.updated") return undefined;
  return { received: true as const, outcome };
});

/** What one sweep did. */
export interface SweepReport {
  readonly today: string;
  readonly charged: number;
  readonly noticed: number;
  readonly failuresTold: number;
  readonly skipped: Readonly<Record<string, number>>;
}

/**
 * The collection sweep (issue 45 item 2), run by the scheduled `collection-sweep` job: on Sydney's
 * date at the Clock's now, (1) the local gateway clears what is due and its events are applied,
 * (2) each unpaid invoice due within 3 days with a mandate gets its advance notice once, each
 * failed attempt is told once (both sides), and each invoice `decideCollection` says to charge is
 * charged — the attempt recorded under the invoice's lock first, then sent with the idempotency
 * key of the invoice and attempt, so a crash or a second process never charges twice.
 */
export const runCollectionSweep = Effect.fn("collection.runCollectionSweep")(function* (batchSize = 500) {
  const now = yield* (yield* Clock).now;
  const today = businessDate(now);
  const gatewayOption = yield* Effect.serviceOption(MandateGateway);
  // Stripe mode without a mandate gateway wired (ADR 0064: the Stripe adapter is still to come).
  if (Option.isNone(gatewayOption))
    return { today, charged: 0, noticed: 0, failuresTold: 0, skipped: {} } satisfies SweepReport;
  const gateway = gatewayOption.value;
  const repository = yield* CollectionRepository;
  const payments = yield* PaymentRepository;
  const destinations = yield* Effect.serviceOption(ChargeDestinations);
  for (const event of yield* gateway.clearDue(today)) yield* applyMandateEvent(event);
  yield* deliverLocalGatewayEvents();

  let charged = 0;
  let noticed = 0;
  let failuresTold = 0;
  const skipped: Record<string, number> = {};
  let afterId = 0;
  const through = addCalendarDays(today, collectionRules.advanceNoticeDays);
  for (;;) {
    const rows = yield* repository.dueRows(through, afterId, batchSize);
    if (rows.length === 0) break;
    afterId = rows[rows.length - 1]!.invoice.id;
    for (const row of rows) {
      const invoiceId = InvoiceId.make(row.invoice.id);
      const notice = noticeDue(row.candidate, row.noticeSentOn, today);
      if (notice && row.mandate) {
        yield* atomically(
          Effect.gen(function* () {
            yield* repository.markNoticeSent(invoiceId, today);
            yield* publishEvent({
              _tag: "InvoiceCollectionScheduled",
              invoice: row.invoice,
              chargeOn: notice.chargeOn,
              method: row.mandate!.method,
            });
          }),
        );
        noticed++;
      }
      const failed = row.candidate.attempts
        .filter((a) => a.status === "failed" && a.attempt > row.failureNotifiedAttempt)
        .sort((a, b) => b.attempt - a.attempt)[0];
      if (failed) {
        yield* atomically(
          Effect.gen(function* () {
            yield* repository.markFailureNotified(invoiceId, failed.attempt);
            yield* publishEvent({
              _tag: "InvoiceCollectionFailed",
              invoice: row.invoice,
              attempt: failed.attempt,
              reason: failed.failureMessage ?? "The payment failed.",
              retryOn: row.mandate?.status === "active" ? nextRetryOn(row.candidate.attempts) : null,
            });
          }),
        );
        failuresTold++;
      }
      const first = decideCollection(row.candidate, today);
      if (first.type === "skip") {
        skipped[first.reason] = (skipped[first.reason] ?? 0) + 1;
        continue;
      }
      const begun = yield* repository.beginAttempt(invoiceId, (locked) =>
        decideCollection(locked.candidate, today),
      );
      const decision = begun.decision;
      if (decision.type === "skip" || begun.paymentId === null || !begun.row?.mandate) continue;
      const destination = Option.isSome(destinations)
        ? yield* destinations.value.destinationFor(row.invoice.agentId)
        : Option.none<string>();
      const intent = yield* gateway.charge({
        amountCents: row.invoice.amountCents,
        idempotencyKey: decision.idempotencyKey,
        invoiceId,
        paymentId: begun.paymentId,
        mandate: begun.row.mandate,
        chargedOn: today,
        description: `Closr invoice #${row.invoice.id} (collection attempt ${decision.attempt})`,
        ...(Option.isSome(destination)
          ? {
              transfer: { destination: destination.value, applicationFeeCents: row.invoice.platformFeeCents },
            }
          : {}),
      });
      yield* payments.setPaymentIntent(begun.paymentId, intent.id);
      charged++;
    }
  }
  yield* deliverLocalGatewayEvents();
  return { today, charged, noticed, failuresTold, skipped } satisfies SweepReport;
});
