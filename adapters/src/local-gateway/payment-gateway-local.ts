/**
 * PaymentGatewayLocal: the default gateway. Follows Stripe's PaymentIntent life cycle in-process
 * (https://docs.stripe.com/payments/paymentintents/lifecycle) with Stripe's test cards
 * (https://docs.stripe.com/testing), so the whole payment flow runs offline:
 *   4242 4242 4242 4242 (and 5555 5555 5555 4444) succeed; 4000 0000 0000 0002 is declined;
 *   4000 0000 0000 9995 has insufficient funds; 4000 0000 0000 0069 is expired;
 *   4000 0000 0000 0127 fails the CVC check; 4000 0025 0000 3155 requires authentication
 *   (requires_action, completed or failed by the customer); any other number is declined as a
 *   non-test card. Intents and their events live in PostgreSQL (local_payment_intents and the
 *   local_gateway_events outbox), written in one transaction, so the gateway survives restarts
 *   and undelivered events are delivered later (deliverLocalGatewayEvents).
 * The card number is used to decide the outcome and never stored (only its last four).
 */
import { createHash, randomBytes } from "node:crypto";
import {
  type GatewayEvent,
  GatewayEventOutbox,
  type GatewayEventType,
  type GatewayIntent,
  type GatewayIntentStatus,
  InvalidWebhook,
  PaymentGateway,
  PaymentIntentNotFound,
  PaymentIntentUnexpectedState,
} from "@closr/core/payment";
import { cents, InvoiceId, PaymentId } from "@closr/core/shared";
import { Effect, Layer, Option } from "effect";
import { type Selectable, sql, type Transaction } from "kysely";
import type { Db } from "../postgres/database.ts";
import { PgDatabase } from "../postgres/database-service.ts";
import type { Database, LocalPaymentIntentsTable } from "../postgres/schema.ts";
import { joinAmbient, transact } from "../postgres/transaction-scope.ts";
import { type CardDetails, LocalCardNetwork } from "./local-card-network.ts";

const token = (bytes = 12) => randomBytes(bytes).toString("hex");

type Outcome =
  | { readonly type: "succeed" }
  | { readonly type: "authenticate" }
  | { readonly type: "decline"; readonly code: string; readonly message: string };

const declined = (code: string, message: string): Outcome => ({ type: "decline", code, message });

/** Luhn checksum (ISO/IEC 7812-1). */
const luhn = (digits: string) => {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
};

/** What Stripe's test mode does with a card (https://docs.stripe.com/testing#declined-payments). */
export function testCardOutcome(card: CardDetails, now: Date): Outcome {
  const number = card.number.replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(number) || !luhn(number))
    return declined("incorrect_number", "Your card number is incorrect.");
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const lastMonth = new Date(Date.UTC(year, card.expMonth, 1)); // first instant after the expiry month
  if (card.expMonth < 1 || card.expMonth > 12 || lastMonth <= now)
    return declined("expired_card", "Your card's expiration date is in the past.");
  if (!/^\d{3,4}$/.test(card.cvc))
    return declined("incorrect_cvc", "Your card's security code is incomplete.");
  switch (number) {
    case "4242424242424242":
    case "5555555555554444":
      return { type: "succeed" };
    case "4000002500003155":
      return { type: "authenticate" };
    case "4000000000000002":
      return declined("card_declined", "Your card was declined.");
    case "4000000000009995":
      return declined("card_declined", "Your card has insufficient funds.");
    case "4000000000000069":
      return declined("expired_card", "Your card has expired.");
    case "4000000000000127":
      return declined("incorrect_cvc", "Your card's security code is incorrect.");
    default:
      return declined(
        "card_declined",
        "Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.",
      );
  }
}

const authenticationFailed = declined(
  "payment_intent_authentication_failure",
  "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
);

const toIntent = (r: Selectable<LocalPaymentIntentsTable>): GatewayIntent => ({
  id: r.id,
  clientSecret: r.clientSecret,
  status: r.status as GatewayIntentStatus,
  amountCents: cents(Number(r.amountCents)),
  currency: "AUD",
  invoiceId: r.invoiceId === null ? null : InvoiceId.make(r.invoiceId),
  paymentId: r.paymentId === null ? null : PaymentId.make(r.paymentId),
  latestChargeId: r.latestChargeId ?? null,
  lastError: r.lastErrorCode ? { code: r.lastErrorCode, message: r.lastErrorMessage ?? "" } : null,
  nextAction: (r.nextAction ?? null) as GatewayIntent["nextAction"],
});

const record = async (trx: Transaction<Database>, type: GatewayEventType, intent: GatewayIntent) => {
  await trx
    .insertInto("localGatewayEvents")
    .values({ id: `evt_local_${token()}`, type, paymentIntentId: intent.id, intent: JSON.stringify(intent) })
    .execute();
};

/** The intent's row, locked FOR UPDATE in `trx`; undefined when there is none. */
const lockIntentRow = (trx: Transaction<Database>, id: string) =>
  trx.selectFrom("localPaymentIntents").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();

/** Locks the intent and checks its client secret (what Stripe.js presents); none → not found. */
const lockIntent = async (trx: Transaction<Database>, id: string, clientSecret: string) => {
  const row = await lockIntentRow(trx, id);
  return row && row.clientSecret === clientSecret ? toIntent(row) : undefined;
};

/** Applies an outcome to a locked intent and records its events, in the caller's transaction. */
const settle = async (
  trx: Transaction<Database>,
  intent: GatewayIntent,
  outcome: Outcome,
  lastFour: string | null,
) => {
  const base = { updatedAt: sql<Date>`now()`, ...(lastFour ? { cardLastFour: lastFour } : {}) };
  let next: GatewayIntent;
  if (outcome.type === "succeed") {
    next = {
      ...intent,
      status: "succeeded",
      latestChargeId: `ch_local_${token()}`,
      lastError: null,
      nextAction: null,
    };
    await record(trx, "payment_intent.processing", { ...next, status: "processing", latestChargeId: null });
    await record(trx, "payment_intent.succeeded", next);
  } else if (outcome.type === "authenticate") {
    next = { ...intent, status: "requires_action", lastError: null, nextAction: "local_authenticate" };
  } else {
    next = {
      ...intent,
      status: "requires_payment_method",
      lastError: { code: outcome.code, message: outcome.message },
      nextAction: null,
    };
    await record(trx, "payment_intent.payment_failed", next);
  }
  await trx
    .updateTable("localPaymentIntents")
    .set({
      ...base,
      status: next.status,
      latestChargeId: next.latestChargeId,
      lastErrorCode: next.lastError?.code ?? null,
      lastErrorMessage: next.lastError?.message ?? null,
      nextAction: next.nextAction,
    })
    .where("id", "=", intent.id)
    .execute();
  return next;
};

const notConfirmable = (intent: GatewayIntent) =>
  new PaymentIntentUnexpectedState({
    id: intent.id,
    message:
      intent.status === "succeeded"
        ? "You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed."
        : `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`,
  });

type Locked<A> = Effect.Effect<A, PaymentIntentNotFound | PaymentIntentUnexpectedState>;

const makeLocal = (db: Db, clock: () => Date) => {
  const inTransaction = <A>(
    id: string,
    clientSecret: string,
    run: (trx: Transaction<Database>, intent: GatewayIntent) => Promise<A | PaymentIntentUnexpectedState>,
  ): Locked<A> =>
    Effect.flatMap(
      Effect.promise(() =>
        transact(db, async (trx) => {
          const intent = await lockIntent(trx, id, clientSecret);
          return intent ? run(trx, intent) : new PaymentIntentNotFound({ id });
        }),
      ),
      (result) =>
        result instanceof PaymentIntentNotFound || result instanceof PaymentIntentUnexpectedState
          ? Effect.fail(result)
          : Effect.succeed(result as A),
    );

  const gateway: PaymentGateway["Type"] = {
    kind: "local",
    publishableKey: null,
    createPaymentIntent: (request) =>
      Effect.promise(async () => {
        const id = `pi_local_${token()}`;
        await db
          .insertInto("localPaymentIntents")
          .values({
            id,
            clientSecret: `${id}_secret_${token()}`,
            idempotencyKey: request.idempotencyKey,
            amountCents: request.amountCents,
            status: "requires_payment_method",
            invoiceId: request.invoiceId,
            paymentId: request.paymentId,
            description: request.description,
            transferDestination: request.transfer?.destination ?? null,
            applicationFeeCents: request.transfer?.applicationFeeCents ?? null,
          })
          .onConflict((oc) => oc.column("idempotencyKey").doNothing())
          .execute();
        const row = await db
          .selectFrom("localPaymentIntents")
          .selectAll()
          .where("idempotencyKey", "=", request.idempotencyKey)
          .executeTakeFirstOrThrow();
        return toIntent(row);
      }),
    retrievePaymentIntent: (id) =>
      Effect.promise(async () => {
        const row = await db
          .selectFrom("localPaymentIntents")
          .selectAll()
          .where("id", "=", id)
          .executeTakeFirst();
        return Option.map(Option.fromNullable(row), toIntent);
      }),
    cancelPaymentIntent: (id) =>
      Effect.promise(() =>
        transact(db, async (trx) => {
          const row = await lockIntentRow(trx, id);
          if (!row || ["succeeded", "canceled", "processing"].includes(row.status)) return;
          const intent = { ...toIntent(row), status: "canceled" as const, nextAction: null };
          await trx
            .updateTable("localPaymentIntents")
            .set({ status: "canceled", nextAction: null, updatedAt: sql<Date>`now()` })
            .where("id", "=", id)
            .execute();
          await record(trx, "payment_intent.canceled", intent);
        }),
      ),
    // The local gateway has no connected-account transfers (ADR 0049): nothing to reverse or pay.
    reverseChargeTransfer: () => Effect.succeed({ reversalId: null }),
    transferToDestination: () => Effect.succeed({ transferId: null }),
    refundPaymentIntent: (id, idempotencyKey, partial) =>
      Effect.promise(() =>
        transact(db, async (trx) => {
          const row = await lockIntentRow(trx, id);
          if (row?.status !== "succeeded") return { refundId: null };
          // One refund per idempotency key, like Stripe: a repeated key answers the first refund.
          const refundId = `re_local_${createHash("sha256").update(idempotencyKey).digest("hex").slice(0, 24)}`;
          const known = await trx
            .selectFrom("localGatewayEvents")
            .select("id")
            .where("id", "=", `evt_${refundId}`)
            .executeTakeFirst();
          if (known) return { refundId };
          const amount = Number(row.amountCents);
          const refunded = Math.min(
            amount,
            Number(row.amountRefundedCents) + (partial?.amountCents ?? amount),
          );
          await trx
            .updateTable("localPaymentIntents")
            .set({ amountRefundedCents: refunded, updatedAt: sql<Date>`now()` })
            .where("id", "=", id)
            .execute();
          const intent = { ...toIntent(row), amountRefundedCents: cents(refunded) };
          await trx
            .insertInto("localGatewayEvents")
            .values({
              id: `evt_${refundId}`,
              type: "charge.refunded",
              paymentIntentId: id,
              intent: JSON.stringify(intent),
            })
            .execute();
          return { refundId };
        }),
      ),
    parseWebhook: () =>
      Effect.fail(new InvalidWebhook({ message: "The local payment gateway does not receive webhooks." })),
  };

  const network: LocalCardNetwork["Type"] = {
    confirm: (id, clientSecret, card) =>
      inTransaction(id, clientSecret, async (trx, intent) => {
        if (!["requires_payment_method", "requires_confirmation", "requires_action"].includes(intent.status))
          return notConfirmable(intent);
        const lastFour = card.number.replace(/\D/g, "").slice(-4);
        return settle(trx, intent, testCardOutcome(card, clock()), lastFour.length === 4 ? lastFour : null);
      }),
    authenticate: (id, clientSecret, outcome) =>
      inTransaction(id, clientSecret, async (trx, intent) => {
        if (intent.status !== "requires_action")
          return new PaymentIntentUnexpectedState({
            id,
            message: `This PaymentIntent does not need authentication (status ${intent.status}).`,
          });
        return settle(trx, intent, outcome === "complete" ? { type: "succeed" } : authenticationFailed, null);
      }),
  };
  const outbox: GatewayEventOutbox["Type"] = {
    undeliveredEvents: Effect.promise(async () => {
      const rows = await db
        .selectFrom("localGatewayEvents")
        .select(["id", "type", "intent"])
        .where("deliveredAt", "is", null)
        .orderBy("seq")
        .limit(100)
        .execute();
      return rows.map(
        (r): GatewayEvent => ({
          id: r.id,
          type: r.type as GatewayEventType,
          intent: (typeof r.intent === "string" ? JSON.parse(r.intent) : r.intent) as GatewayIntent,
        }),
      );
    }),
    markDelivered: (eventId) =>
      Effect.promise(async () => {
        await db
          .updateTable("localGatewayEvents")
          .set({ deliveredAt: sql<Date>`now()` })
          .where("id", "=", eventId)
          .execute();
      }),
  };
  return { gateway, network, outbox };
};

/** The local gateway, its event outbox and its card network over the process's database. */
export const PaymentGatewayLocal = Layer.unwrapEffect(
  Effect.map(PgDatabase, (db) => {
    // Each part joins an ambient transaction (ADR 0025), like the repositories.
    const local = (d: Db) => makeLocal(d, () => new Date());
    const gateway = joinAmbient((d) => local(d).gateway)(db);
    const network = joinAmbient((d) => local(d).network)(db);
    const outbox = joinAmbient((d) => local(d).outbox)(db);
    return Layer.mergeAll(
      Layer.succeed(PaymentGateway, gateway),
      Layer.succeed(GatewayEventOutbox, outbox),
      Layer.succeed(LocalCardNetwork, network),
    );
  }),
);

/** For the local mandate gateway (issue 45): the same outbox writes and row mapping. */
export { record as recordLocalGatewayEvent, toIntent as toLocalIntent };
