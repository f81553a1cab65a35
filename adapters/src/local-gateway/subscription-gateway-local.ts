/**
 * SubscriptionGatewayLocal: the default subscription gateway (issue 13). Simulates Stripe Billing
 * in-process (https://docs.stripe.com/billing/subscriptions/overview) over PostgreSQL:
 * - create: an `incomplete` subscription whose first invoice waits for a card (default_incomplete);
 * - Stripe's test cards decide (testCardOutcome: 4242… pays, …0002 declines, …3155 asks for
 *   authentication); the number is never stored, only which of those it is and its last four;
 * - a test clock (the Clock plus an offset in local_billing_clock, moved by advanceClock) drives
 *   renewals at the period end, retries of a failed renewal (after 2, 4 and 7 days; the third
 *   failure cancels), cancel at period end, scheduled plan changes and the 23-hour expiry;
 * - every change writes its events (invoice.paid, invoice.payment_failed,
 *   customer.subscription.updated, customer.subscription.deleted) to local_billing_events in the
 *   same transaction; they are delivered through the same apply-once path as Stripe webhooks.
 */
import { randomBytes } from "node:crypto";
import { InvalidWebhook } from "@closr/core/payment";
import { Clock } from "@closr/core/shared";
import {
  addInterval,
  type GatewayInvoice,
  type GatewaySubscription,
  LocalBilling,
  type LocalSubscriptionPayment,
  type PaidPlanId,
  periodPriceCents,
  SubscriptionGateway,
  type SubscriptionGatewayEvent,
  SubscriptionPaymentNotFound,
  SubscriptionPaymentUnexpectedState,
} from "@closr/core/subscription";
import { Effect, Layer, Option } from "effect";
import { type Selectable, sql, type Transaction } from "kysely";
import type { Db } from "../postgres/database.ts";
import { PgDatabase } from "../postgres/database-service.ts";
import type {
  Database,
  LocalSubscriptionInvoicesTable,
  LocalSubscriptionsTable,
} from "../postgres/schema.ts";
import { joinAmbient, transact } from "../postgres/transaction-scope.ts";
import type { CardDetails } from "./local-card-network.ts";
import { testCardOutcome } from "./payment-gateway-local.ts";

const token = (bytes = 12) => randomBytes(bytes).toString("hex");
const DAY = 24 * 60 * 60 * 1000;
/** Retries of a failed renewal, in days after the first failure; the last failure cancels. */
export const LOCAL_RETRY_DAYS = [2, 4, 7] as const;
const EXPIRY_MS = 23 * 60 * 60 * 1000;

type SubRow = Selectable<LocalSubscriptionsTable>;
type InvoiceRow = Selectable<LocalSubscriptionInvoicesTable>;

const toGateway = (s: SubRow, open: InvoiceRow | undefined): GatewaySubscription => ({
  id: s.id,
  customerId: s.customerId,
  status: s.status,
  planId: s.planId,
  interval: s.billingInterval,
  currentPeriodStart: new Date(s.currentPeriodStart),
  currentPeriodEnd: new Date(s.currentPeriodEnd),
  cancelAtPeriodEnd: s.cancelAtPeriodEnd,
  scheduledPlanId: s.scheduledPlanId,
  payment:
    open && open.status === "open"
      ? { id: open.paymentId, clientSecret: open.clientSecret, amountCents: Number(open.amountCents) }
      : null,
});

const toInvoice = (i: InvoiceRow): GatewayInvoice => ({
  id: i.id,
  subscriptionId: i.subscriptionId,
  planId: i.planId,
  interval: i.billingInterval,
  amountCents: Number(i.amountCents),
  periodStart: new Date(i.periodStart),
  periodEnd: new Date(i.periodEnd),
  failureMessage: i.lastErrorMessage,
});

const toPayment = (i: InvoiceRow): LocalSubscriptionPayment => ({
  id: i.paymentId,
  clientSecret: i.clientSecret,
  status: i.paymentStatus === "canceled" ? "requires_payment_method" : i.paymentStatus,
  amountCents: Number(i.amountCents),
  lastError: i.lastErrorCode ? { code: i.lastErrorCode, message: i.lastErrorMessage ?? "" } : null,
  nextAction: i.paymentStatus === "requires_action" ? "local_authenticate" : null,
});

type Trx = Transaction<Database>;

const makeLocal = (db: Db, clockNow: Effect.Effect<Date>) => {
  const offset = async (q: Db | Trx) =>
    Number(
      (await q.selectFrom("localBillingClock").select("offsetMs").where("id", "=", 1).executeTakeFirst())
        ?.offsetMs ?? 0,
    );
  const nowAt = (q: Db | Trx) =>
    Effect.flatMap(clockNow, (now) =>
      Effect.promise(async () => new Date(now.getTime() + (await offset(q)))),
    );
  const run = <A>(f: (now: Date) => Promise<A>) =>
    Effect.flatMap(nowAt(db), (now) => Effect.promise(() => f(now)));

  const lockSub = (trx: Trx, id: string) =>
    trx.selectFrom("localSubscriptions").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();
  const invoiceOf = (trx: Trx, id: string | null) =>
    id
      ? trx.selectFrom("localSubscriptionInvoices").selectAll().where("id", "=", id).executeTakeFirst()
      : Promise.resolve(undefined);

  const emit = async (
    trx: Trx,
    now: Date,
    type: SubscriptionGatewayEvent["type"],
    sub: SubRow,
    invoice?: InvoiceRow,
  ) => {
    const open = await invoiceOf(trx, sub.latestInvoiceId);
    const event = {
      id: `evt_local_${token()}`,
      type,
      created: now.toISOString(),
      subscription: toGateway(sub, open),
      ...(invoice ? { invoice: toInvoice(invoice) } : {}),
    };
    await trx
      .insertInto("localBillingEvents")
      .values({ id: event.id, type, payload: JSON.stringify(event) })
      .execute();
  };

  const updateSub = (trx: Trx, id: string, set: Partial<Omit<SubRow, "id">>) =>
    trx
      .updateTable("localSubscriptions")
      .set(set)
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
  const updateInvoice = (trx: Trx, id: string, set: Partial<Omit<InvoiceRow, "id" | "amountCents">>) =>
    trx
      .updateTable("localSubscriptionInvoices")
      .set(set)
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();

  const newInvoice = (trx: Trx, sub: SubRow, planId: PaidPlanId, start: Date, end: Date, now: Date) => {
    const id = `in_local_${token()}`;
    const paymentId = `pi_sub_local_${token()}`;
    return trx
      .insertInto("localSubscriptionInvoices")
      .values({
        id,
        subscriptionId: sub.id,
        paymentId,
        clientSecret: `${paymentId}_secret_${token()}`,
        planId,
        billingInterval: sub.billingInterval,
        amountCents: periodPriceCents(planId, sub.billingInterval),
        periodStart: start,
        periodEnd: end,
        status: "open",
        createdAt: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  };

  /** Pays an open invoice: invoice.paid, and the subscription becomes active. */
  const pay = async (trx: Trx, sub: SubRow, invoice: InvoiceRow, now: Date) => {
    const paid = await updateInvoice(trx, invoice.id, {
      status: "paid",
      paymentStatus: "succeeded",
      lastErrorCode: null,
      lastErrorMessage: null,
    });
    const active = await updateSub(trx, sub.id, {
      status: "active",
      planId: paid.planId,
      currentPeriodStart: paid.periodStart,
      currentPeriodEnd: paid.periodEnd,
      scheduledPlanId: sub.scheduledPlanId === paid.planId ? null : sub.scheduledPlanId,
      retryCount: 0,
      nextRetryAt: null,
    });
    await emit(trx, now, "invoice.paid", active, paid);
    await emit(trx, now, "customer.subscription.updated", active);
    return paid;
  };

  /** A failed charge of an open invoice: invoice.payment_failed; a renewal makes it past_due. */
  const fail = async (
    trx: Trx,
    sub: SubRow,
    invoice: InvoiceRow,
    now: Date,
    code: string,
    message: string,
  ) => {
    const failed = await updateInvoice(trx, invoice.id, {
      paymentStatus: "requires_payment_method",
      lastErrorCode: code,
      lastErrorMessage: message,
    });
    if (sub.status === "incomplete") {
      await emit(trx, now, "invoice.payment_failed", sub, failed);
      return failed;
    }
    const retries = sub.status === "past_due" ? sub.retryCount : 0;
    const firstFailure =
      sub.status === "past_due" && sub.nextRetryAt
        ? new Date(new Date(sub.nextRetryAt).getTime() - (LOCAL_RETRY_DAYS[sub.retryCount - 1] ?? 0) * DAY)
        : now;
    if (retries >= LOCAL_RETRY_DAYS.length) {
      await updateInvoice(trx, invoice.id, { status: "void", paymentStatus: "canceled" });
      const canceled = await updateSub(trx, sub.id, { status: "canceled", nextRetryAt: null });
      await emit(trx, now, "invoice.payment_failed", canceled, failed);
      await emit(trx, now, "customer.subscription.deleted", canceled);
      return failed;
    }
    const pastDue = await updateSub(trx, sub.id, {
      status: "past_due",
      currentPeriodStart: failed.periodStart,
      currentPeriodEnd: failed.periodEnd,
      retryCount: retries + 1,
      nextRetryAt: new Date(firstFailure.getTime() + LOCAL_RETRY_DAYS[retries]! * DAY),
    });
    await emit(trx, now, "invoice.payment_failed", pastDue, failed);
    await emit(trx, now, "customer.subscription.updated", pastDue);
    return failed;
  };

  /** Charges the saved card (renewals and retries). */
  const charge = async (trx: Trx, sub: SubRow, invoice: InvoiceRow, now: Date) => {
    if (sub.cardOutcome === "succeed") return pay(trx, sub, invoice, now);
    const message =
      sub.cardOutcome === "authenticate"
        ? "This payment requires authentication: the customer must confirm it."
        : "Your card was declined.";
    return fail(
      trx,
      sub,
      invoice,
      now,
      sub.cardOutcome === "authenticate" ? "authentication_required" : "card_declined",
      message,
    );
  };

  /** One due step for a subscription (renewal, retry, cancellation, expiry); false when nothing is due. */
  const step = async (trx: Trx, sub: SubRow, now: Date): Promise<boolean> => {
    const end = new Date(sub.currentPeriodEnd);
    if (sub.status === "incomplete" && now.getTime() - new Date(sub.createdAt).getTime() >= EXPIRY_MS) {
      if (sub.latestInvoiceId)
        await updateInvoice(trx, sub.latestInvoiceId, { status: "void", paymentStatus: "canceled" });
      await emit(
        trx,
        now,
        "customer.subscription.updated",
        await updateSub(trx, sub.id, { status: "incomplete_expired" }),
      );
      return true;
    }
    if (sub.status === "active" && now >= end) {
      if (sub.cancelAtPeriodEnd) {
        await emit(
          trx,
          now,
          "customer.subscription.deleted",
          await updateSub(trx, sub.id, { status: "canceled" }),
        );
        return true;
      }
      const planId = sub.scheduledPlanId ?? sub.planId;
      const invoice = await newInvoice(trx, sub, planId, end, addInterval(end, sub.billingInterval), now);
      const withInvoice = await updateSub(trx, sub.id, { latestInvoiceId: invoice.id });
      await charge(trx, withInvoice, invoice, now);
      return true;
    }
    if (sub.status === "past_due" && sub.nextRetryAt && now >= new Date(sub.nextRetryAt)) {
      const invoice = await invoiceOf(trx, sub.latestInvoiceId);
      if (invoice?.status !== "open") return false;
      await charge(trx, sub, invoice, now);
      return true;
    }
    return false;
  };

  const lockPayment = async (trx: Trx, paymentId: string, clientSecret: string) => {
    const invoice = await trx
      .selectFrom("localSubscriptionInvoices")
      .selectAll()
      .where("paymentId", "=", paymentId)
      .forUpdate()
      .executeTakeFirst();
    if (!invoice || invoice.clientSecret !== clientSecret) return undefined;
    const sub = await lockSub(trx, invoice.subscriptionId);
    return sub ? { invoice, sub } : undefined;
  };

  type Confirmed = Effect.Effect<
    LocalSubscriptionPayment,
    SubscriptionPaymentNotFound | SubscriptionPaymentUnexpectedState
  >;
  const withPayment = (
    paymentId: string,
    clientSecret: string,
    f: (
      trx: Trx,
      found: { invoice: InvoiceRow; sub: SubRow },
      now: Date,
    ) => Promise<InvoiceRow | SubscriptionPaymentUnexpectedState>,
  ): Confirmed =>
    Effect.flatMap(
      run((now) =>
        transact(db, async (trx) => {
          const found = await lockPayment(trx, paymentId, clientSecret);
          return found ? f(trx, found, now) : new SubscriptionPaymentNotFound({ id: paymentId });
        }),
      ),
      (r) =>
        r instanceof SubscriptionPaymentNotFound || r instanceof SubscriptionPaymentUnexpectedState
          ? Effect.fail(r)
          : Effect.succeed(toPayment(r)),
    );

  const notOpen = (invoice: InvoiceRow) =>
    new SubscriptionPaymentUnexpectedState({
      id: invoice.paymentId,
      message:
        invoice.status === "paid"
          ? "This invoice has already been paid."
          : "This invoice can no longer be paid.",
    });

  const outcomeColumn = (type: "succeed" | "authenticate" | "decline") => type;

  const readSub = async (id: string) => {
    const sub = await db.selectFrom("localSubscriptions").selectAll().where("id", "=", id).executeTakeFirst();
    if (!sub) return undefined;
    return toGateway(
      sub,
      await db
        .selectFrom("localSubscriptionInvoices")
        .selectAll()
        .where("id", "=", sub.latestInvoiceId ?? "")
        .executeTakeFirst(),
    );
  };

  const gateway: SubscriptionGateway["Type"] = {
    kind: "local",
    publishableKey: null,
    createSubscription: (request) =>
      run((now) =>
        transact(db, async (trx) => {
          const existing = await trx
            .selectFrom("localSubscriptions")
            .select("id")
            .where("idempotencyKey", "=", request.idempotencyKey)
            .executeTakeFirst();
          if (!existing) {
            const id = `sub_local_${token()}`;
            const sub = await trx
              .insertInto("localSubscriptions")
              .values({
                id,
                customerId: request.customerId ?? `cus_local_${request.userId}`,
                idempotencyKey: request.idempotencyKey,
                userId: request.userId,
                planId: request.planId,
                billingInterval: request.interval,
                status: "incomplete",
                currentPeriodStart: now,
                currentPeriodEnd: addInterval(now, request.interval),
                createdAt: now,
              })
              .onConflict((oc) => oc.column("idempotencyKey").doNothing())
              .returningAll()
              .executeTakeFirst();
            if (sub) {
              const invoice = await newInvoice(
                trx,
                sub,
                sub.planId,
                now,
                addInterval(now, sub.billingInterval),
                now,
              );
              await updateSub(trx, id, { latestInvoiceId: invoice.id });
            }
          }
          const sub = await trx
            .selectFrom("localSubscriptions")
            .selectAll()
            .where("idempotencyKey", "=", request.idempotencyKey)
            .executeTakeFirstOrThrow();
          return toGateway(sub, await invoiceOf(trx, sub.latestInvoiceId));
        }),
      ),
    retrieveSubscription: (id) => Effect.promise(async () => Option.fromNullable(await readSub(id))),
    setCancelAtPeriodEnd: (id, cancel) =>
      run((now) =>
        transact(db, async (trx) => {
          const sub = await lockSub(trx, id);
          if (!sub) throw new Error(`local subscription ${id} missing`);
          if (sub.cancelAtPeriodEnd === cancel || (sub.status !== "active" && sub.status !== "past_due"))
            return toGateway(sub, await invoiceOf(trx, sub.latestInvoiceId));
          const updated = await updateSub(trx, id, { cancelAtPeriodEnd: cancel });
          await emit(trx, now, "customer.subscription.updated", updated);
          return toGateway(updated, await invoiceOf(trx, updated.latestInvoiceId));
        }),
      ),
    schedulePlanChange: (id, planId) =>
      run((now) =>
        transact(db, async (trx) => {
          const sub = await lockSub(trx, id);
          if (!sub) throw new Error(`local subscription ${id} missing`);
          const scheduled = planId === sub.planId ? null : planId;
          if (sub.scheduledPlanId === scheduled || sub.status !== "active")
            return toGateway(sub, await invoiceOf(trx, sub.latestInvoiceId));
          const updated = await updateSub(trx, id, { scheduledPlanId: scheduled });
          await emit(trx, now, "customer.subscription.updated", updated);
          return toGateway(updated, await invoiceOf(trx, updated.latestInvoiceId));
        }),
      ),
    parseWebhook: () =>
      Effect.fail(
        new InvalidWebhook({ message: "The local subscription gateway does not receive webhooks." }),
      ),
  };

  const billing: LocalBilling["Type"] = {
    confirm: (paymentId, clientSecret, card: CardDetails) =>
      withPayment(paymentId, clientSecret, async (trx, { invoice, sub }, now) => {
        if (invoice.status !== "open") return notOpen(invoice);
        const outcome = testCardOutcome(card, now);
        const lastFour = card.number.replace(/\D/g, "").slice(-4);
        const saved = await updateSub(trx, sub.id, {
          cardOutcome: outcomeColumn(outcome.type === "decline" ? "decline" : outcome.type),
          cardLastFour: lastFour.length === 4 ? lastFour : null,
        });
        if (outcome.type === "succeed") return pay(trx, saved, invoice, now);
        if (outcome.type === "authenticate")
          return updateInvoice(trx, invoice.id, {
            paymentStatus: "requires_action",
            lastErrorCode: null,
            lastErrorMessage: null,
          });
        return fail(trx, saved, invoice, now, outcome.code, outcome.message);
      }),
    authenticate: (paymentId, clientSecret, outcome) =>
      withPayment(paymentId, clientSecret, async (trx, { invoice, sub }, now) => {
        if (invoice.status !== "open" || invoice.paymentStatus !== "requires_action")
          return new SubscriptionPaymentUnexpectedState({
            id: paymentId,
            message: `This payment does not need authentication (status ${invoice.paymentStatus}).`,
          });
        if (outcome === "complete") {
          // An authenticated card keeps working for renewals (off-session, as with Stripe's mandates).
          return pay(trx, await updateSub(trx, sub.id, { cardOutcome: "succeed" }), invoice, now);
        }
        return fail(
          trx,
          sub,
          invoice,
          now,
          "payment_intent_authentication_failure",
          "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
        );
      }),
    updateCard: (subscriptionId, card) =>
      run(async (now) => {
        const outcome = testCardOutcome(card, now);
        await db
          .updateTable("localSubscriptions")
          .set({
            cardOutcome: outcome.type === "decline" ? "decline" : outcome.type,
            cardLastFour: card.number.replace(/\D/g, "").slice(-4),
          })
          .where("id", "=", subscriptionId)
          .execute();
      }),
    now: nowAt(db),
    advanceClock: (ms) =>
      Effect.flatMap(
        Effect.promise(() =>
          db
            .updateTable("localBillingClock")
            .set({ offsetMs: sql`offset_ms + ${Math.max(0, Math.round(ms))}` })
            .where("id", "=", 1)
            .execute(),
        ),
        () => nowAt(db),
      ),
    runDue: run(async (now) => {
      let steps = 0;
      for (let round = 0; round < 500; round++) {
        const due = await db
          .selectFrom("localSubscriptions")
          .select("id")
          .where((eb) =>
            eb.or([
              eb.and([eb("status", "=", "active"), eb("currentPeriodEnd", "<=", now)]),
              eb.and([eb("status", "=", "past_due"), eb("nextRetryAt", "<=", now)]),
              eb.and([
                eb("status", "=", "incomplete"),
                eb("createdAt", "<=", new Date(now.getTime() - EXPIRY_MS)),
              ]),
            ]),
          )
          .orderBy("id")
          .limit(50)
          .execute();
        let moved = 0;
        for (const { id } of due) {
          const stepped = await transact(db, async (trx) => {
            const sub = await trx
              .selectFrom("localSubscriptions")
              .selectAll()
              .where("id", "=", id)
              .forUpdate()
              .skipLocked()
              .executeTakeFirst();
            return sub ? step(trx, sub, now) : false;
          });
          if (stepped) moved++;
        }
        steps += moved;
        if (moved === 0) break;
      }
      return steps;
    }),
    undeliveredEvents: Effect.promise(async () => {
      const rows = await db
        .selectFrom("localBillingEvents")
        .select(["payload"])
        .where("deliveredAt", "is", null)
        .orderBy("seq")
        .limit(100)
        .execute();
      // The payload column holds what the event outbox above wrote: a JSON-stringified gateway event.
      return rows.map((r) =>
        parseLocalEvent(
          (typeof r.payload === "string"
            ? JSON.parse(r.payload)
            : r.payload) as Stored<SubscriptionGatewayEvent>,
        ),
      );
    }),
    markDelivered: (eventId) =>
      Effect.promise(async () => {
        await db
          .updateTable("localBillingEvents")
          .set({ deliveredAt: sql<Date>`now()` })
          .where("id", "=", eventId)
          .execute();
      }),
  };
  return { gateway, billing };
};

/** `T` as it reads back from JSON: every Date an ISO string. */
type Stored<T> = T extends Date
  ? string
  : T extends string | number | boolean | null | undefined
    ? T
    : { readonly [K in keyof T]: Stored<T[K]> };

/** A stored event payload (written with JSON.stringify) back as a gateway event with its dates. */
function parseLocalEvent(raw: Stored<SubscriptionGatewayEvent>): SubscriptionGatewayEvent {
  const subscription: GatewaySubscription = {
    ...raw.subscription,
    currentPeriodStart: new Date(raw.subscription.currentPeriodStart),
    currentPeriodEnd: new Date(raw.subscription.currentPeriodEnd),
  };
  const base = { id: raw.id, created: new Date(raw.created), subscription };
  if (raw.type === "invoice.paid" || raw.type === "invoice.payment_failed")
    return {
      ...base,
      type: raw.type,
      invoice: {
        ...raw.invoice,
        periodStart: new Date(raw.invoice.periodStart),
        periodEnd: new Date(raw.invoice.periodEnd),
      },
    };
  return { ...base, type: raw.type };
}

/** The local subscription gateway and its billing engine over the process's database and Clock. */
export const SubscriptionGatewayLocal = Layer.unwrapEffect(
  Effect.gen(function* () {
    const db = yield* PgDatabase;
    const clock = yield* Clock;
    // Each part joins an ambient transaction (ADR 0025), like the repositories.
    const gateway = joinAmbient((d) => makeLocal(d, clock.now).gateway)(db);
    const billing = joinAmbient((d) => makeLocal(d, clock.now).billing)(db);
    return Layer.merge(Layer.succeed(SubscriptionGateway, gateway), Layer.succeed(LocalBilling, billing));
  }),
);
