/**
 * MandateGatewayLocal (issue 45, ADR 0064): the local stand-in for Stripe's SetupIntents, Mandates
 * and off-session PaymentIntents, so automatic collection runs offline. Stripe's documented BECS
 * test accounts (BSB 000-000; docs.stripe.com/payments/au-becs-debit/accept-a-payment#testing):
 *   000123456 succeeds; 900123456 succeeds a business day later than usual;
 *   111111113 fails with account_closed (the mandate becomes inactive);
 *   111111116 fails with no_account (the mandate becomes inactive);
 *   222222227 fails with refer_to_customer (the mandate stays active);
 *   922222227 fails with refer_to_customer a business day later ("fails later").
 * A BECS debit is `processing` until it clears on the 2nd NSW business day after the charge
 * (3rd for the delayed accounts), on the shared business-day calendar (core dispute/deadlines).
 * Cards (off-session): 4242 4242 4242 4242 succeeds; 4000 0000 0000 0341 attaches but every
 * charge is declined; 4000 0000 0000 0002 is declined at set-up. Account and card numbers decide
 * the outcome and are never stored (only their last four).
 */
import { randomBytes } from "node:crypto";
import { MandateGateway, type MandateGatewayEvent, MandateSetupRefused } from "@closr/core/collection";
import { addBusinessDays } from "@closr/core/dispute";
import { Effect, Layer } from "effect";
import { sql } from "kysely";
import type { Db } from "../postgres/database.ts";
import { PgDatabase } from "../postgres/database-service.ts";
import { joinAmbient, transact } from "../postgres/transaction-scope.ts";
import { recordLocalGatewayEvent, toLocalIntent } from "./payment-gateway-local.ts";

const token = (bytes = 12) => randomBytes(bytes).toString("hex");

type Planned = {
  readonly outcome: "succeed" | "fail";
  readonly code?: string;
  readonly message?: string;
  readonly extraDays: number;
  readonly closesMandate: boolean;
};

/** What each test account does when debited. */
export const becsTestAccounts: Readonly<Record<string, Planned>> = {
  "000123456": { outcome: "succeed", extraDays: 0, closesMandate: false },
  "900123456": { outcome: "succeed", extraDays: 1, closesMandate: false },
  "111111113": {
    outcome: "fail",
    code: "account_closed",
    message: "The bank account has been closed.",
    extraDays: 0,
    closesMandate: true,
  },
  "111111116": {
    outcome: "fail",
    code: "no_account",
    message: "The bank account could not be found.",
    extraDays: 0,
    closesMandate: true,
  },
  "222222227": {
    outcome: "fail",
    code: "refer_to_customer",
    message: "The bank refused the debit (insufficient funds); the customer should contact their bank.",
    extraDays: 0,
    closesMandate: false,
  },
  "922222227": {
    outcome: "fail",
    code: "refer_to_customer",
    message: "The bank refused the debit (insufficient funds); the customer should contact their bank.",
    extraDays: 1,
    closesMandate: false,
  },
};
const cardOutcomes: Readonly<Record<string, Planned>> = {
  "4242424242424242": { outcome: "succeed", extraDays: 0, closesMandate: false },
  "4000000000000341": {
    outcome: "fail",
    code: "card_declined",
    message: "Your card was declined.",
    extraDays: 0,
    closesMandate: false,
  },
};

const makeLocal = (db: Db): MandateGateway["Type"] => ({
  kind: "local",
  setUp: (request) =>
    Effect.gen(function* () {
      const setupIntentId = `seti_local_${token()}`;
      let key: string;
      if (request.method === "au_becs_debit") {
        const bsb = (request.bsb ?? "").replace(/\D/g, "");
        const account = (request.accountNumber ?? "").replace(/\D/g, "");
        if (!/^\d{6}$/.test(bsb))
          return yield* new MandateSetupRefused({ field: "bsb", reason: "Enter a 6-digit BSB" });
        if (bsb !== "000000" || !becsTestAccounts[account])
          return yield* new MandateSetupRefused({
            field: "accountNumber",
            reason: "Use a BECS test account (BSB 000-000, e.g. 000123456) on the local gateway",
          });
        key = account;
      } else {
        const number = (request.cardNumber ?? "").replace(/\D/g, "");
        if (!cardOutcomes[number])
          return yield* new MandateSetupRefused({ field: "cardNumber", reason: "Your card was declined." });
        key = number;
      }
      const paymentMethodId = `pm_local_${token()}`;
      yield* Effect.promise(() =>
        db
          .insertInto("localMandateMethods")
          .values({ paymentMethodId, method: request.method, outcome: key, setupIntentId })
          .execute(),
      );
      return {
        setupIntentId,
        status: "succeeded" as const,
        gatewayMandateId: `mandate_local_${token()}`,
        paymentMethodId,
        lastFour: key.slice(-4),
        clientSecret: null,
      };
    }),
  charge: (request) =>
    Effect.promise(() =>
      transact(db, async (trx) => {
        const method = await trx
          .selectFrom("localMandateMethods")
          .selectAll()
          .where("paymentMethodId", "=", request.mandate.paymentMethodId ?? "")
          .executeTakeFirst();
        const planned = method
          ? (method.method === "card" ? cardOutcomes : becsTestAccounts)[method.outcome]
          : undefined;
        const id = `pi_local_${token()}`;
        const inserted = await trx
          .insertInto("localPaymentIntents")
          .values({
            id,
            clientSecret: `${id}_secret_${token()}`,
            idempotencyKey: request.idempotencyKey,
            amountCents: request.amountCents,
            status: "processing",
            invoiceId: request.invoiceId,
            paymentId: request.paymentId,
            description: request.description,
            transferDestination: request.transfer?.destination ?? null,
            applicationFeeCents: request.transfer?.applicationFeeCents ?? null,
            plannedOutcome: method ? `${method.method}:${method.outcome}` : "fail",
            clearsOn:
              method?.method === "au_becs_debit" && planned
                ? addBusinessDays(request.chargedOn, 2 + planned.extraDays)
                : null,
          })
          .onConflict((oc) => oc.column("idempotencyKey").doNothing())
          .returning("id")
          .executeTakeFirst();
        const row = await trx
          .selectFrom("localPaymentIntents")
          .selectAll()
          .where("idempotencyKey", "=", request.idempotencyKey)
          .executeTakeFirstOrThrow();
        if (!inserted) return toLocalIntent(row); // the same key: the first intent, charged once
        const intent = toLocalIntent(row);
        if (method?.method === "au_becs_debit" && planned) {
          // BECS: processing until it clears on its clearing date (clearDue).
          await recordLocalGatewayEvent(trx, "payment_intent.processing", intent);
          return intent;
        }
        const succeeded = planned?.outcome === "succeed";
        const next = succeeded
          ? { ...intent, status: "succeeded" as const, latestChargeId: `ch_local_${token()}` }
          : {
              ...intent,
              status: "requires_payment_method" as const,
              lastError: {
                code: planned?.code ?? "card_declined",
                message: planned?.message ?? "Your card was declined.",
              },
            };
        await trx
          .updateTable("localPaymentIntents")
          .set({
            status: next.status,
            latestChargeId: next.latestChargeId,
            lastErrorCode: next.lastError?.code ?? null,
            lastErrorMessage: next.lastError?.message ?? null,
          })
          .where("id", "=", intent.id)
          .execute();
        await recordLocalGatewayEvent(
          trx,
          succeeded ? "payment_intent.succeeded" : "payment_intent.payment_failed",
          next,
        );
        return next;
      }),
    ),
  clearDue: (today) =>
    Effect.promise(() =>
      transact(db, async (trx) => {
        const due = await trx
          .selectFrom("localPaymentIntents")
          .selectAll()
          .where("status", "=", "processing")
          .where("clearsOn", "<=", today)
          .forUpdate()
          .skipLocked()
          .execute();
        const events: MandateGatewayEvent[] = [];
        for (const row of due) {
          const planned = becsTestAccounts[row.plannedOutcome?.split(":")[1] ?? ""];
          const intent = toLocalIntent(row);
          const succeeded = planned?.outcome === "succeed";
          const next = succeeded
            ? { ...intent, status: "succeeded" as const, latestChargeId: `ch_local_${token()}` }
            : {
                ...intent,
                status: "requires_payment_method" as const,
                lastError: {
                  code: planned?.code ?? "debit_not_authorized",
                  message: planned?.message ?? "The debit was refused.",
                },
              };
          await trx
            .updateTable("localPaymentIntents")
            .set({
              status: next.status,
              latestChargeId: next.latestChargeId,
              lastErrorCode: next.lastError?.code ?? null,
              lastErrorMessage: next.lastError?.message ?? null,
              updatedAt: sql`now()`,
            })
            .where("id", "=", row.id)
            .execute();
          await recordLocalGatewayEvent(
            trx,
            succeeded ? "payment_intent.succeeded" : "payment_intent.payment_failed",
            next,
          );
          if (planned?.closesMandate) {
            const mandate = await trx
              .selectFrom("payments as p")
              .innerJoin("paymentMandates as m", "m.id", "p.mandateId")
              .select(["m.setupIntentId"])
              .where("p.id", "=", row.paymentId ?? -1)
              .executeTakeFirst();
            if (mandate)
              events.push({
                id: `evt_local_${token()}`,
                type: "mandate.updated",
                setupIntentId: mandate.setupIntentId,
                status: "inactive",
                gatewayMandateId: null,
                paymentMethodId: null,
                reason: planned.code ?? "inactive",
              });
          }
        }
        return events;
      }),
    ),
  // The local gateway sends no webhooks: its events come from clearDue.
  parseWebhook: () => Effect.succeed(undefined),
});

/** The local mandate gateway over the process's database. */
export const MandateGatewayLocal = Layer.effect(
  MandateGateway,
  Effect.map(PgDatabase, joinAmbient(makeLocal)),
);
