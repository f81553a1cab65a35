/**
 * ChargeLedgerRepository on PostgreSQL (ADR 0041): gateway refunds and card disputes of a payment,
 * applied once. One transaction per event: the gateway_events row (a duplicate id stops), the
 * invoice then the payment locked (the lock order of the payment repository), the ledger read,
 * core's decision written. Refund rows go through `writePaymentRefund`, the write staff refunds
 * and dispute settlements use, so the payment's and invoice's refunded amounts and the credit
 * note follow the same path. Money is integer cents.
 */
import {
  type ChargeLedger,
  ChargeLedgerRepository,
  type PayoutHold,
  type RecordedGatewayRefund,
} from "@closr/core/payout";
import { cents } from "@closr/core/shared";
import { Effect, Layer } from "effect";
import { sql, type Transaction } from "kysely";
import { PgDatabase } from "../database-service.ts";
import type { Database } from "../schema.ts";
import { joinAmbient, transact } from "../transaction-scope.ts";
import { recordGatewayEvent } from "./gateway-events.ts";
import { lockInvoice, paymentColumns, toPayment } from "./payment.ts";
import { writePaymentRefund } from "./payout.ts";

const readLedger = async (
  trx: Transaction<Database>,
  paymentId: number,
  payment: { amountCents: number; refundedCents: number; applicationFeeCents: number },
  gstCents: number,
): Promise<ChargeLedger> => {
  const [refunds, failures, holds] = await Promise.all([
    trx
      .selectFrom("payoutRefunds")
      .select([
        "id",
        "gatewayRefundId",
        "amountCents",
        "feeRefundCents",
        "transferReversalCents",
        "gstRefundCents",
        "reversedAt",
      ])
      .where("paymentId", "=", paymentId)
      .where("gatewayRefundId", "is not", null)
      .execute(),
    trx.selectFrom("gatewayRefundFailures").select("refundId").where("paymentId", "=", paymentId).execute(),
    trx
      .selectFrom("payoutHolds")
      .select(["disputeId", "amountCents", "status"])
      .where("paymentId", "=", paymentId)
      .execute(),
  ]);
  return {
    amountCents: cents(payment.amountCents),
    refundedCents: cents(payment.refundedCents),
    applicationFeeCents: cents(payment.applicationFeeCents),
    gstCents: cents(gstCents),
    recorded: refunds.map(
      (r): RecordedGatewayRefund => ({
        refundId: r.gatewayRefundId ?? "",
        payoutRefundId: r.id,
        split: {
          refundCents: cents(Number(r.amountCents)),
          feeRefundCents: cents(Number(r.feeRefundCents)),
          transferReversalCents: cents(Number(r.transferReversalCents)),
          gstRefundCents: cents(Number(r.gstRefundCents)),
        },
        reversed: r.reversedAt !== null,
      }),
    ),
    terminal: new Set(failures.map((f) => f.refundId)),
    holds: holds.map(
      (h): PayoutHold => ({
        disputeId: h.disputeId,
        amountCents: cents(Number(h.amountCents)),
        status: h.status,
      }),
    ),
  };
};

export const ChargeLedgerRepositoryPg = Layer.effect(
  ChargeLedgerRepository,
  Effect.map(
    PgDatabase,
    joinAmbient((db) => ({
      applyChargeEvent: (event, decide) =>
        Effect.promise(() =>
          transact(db, async (trx) => {
            const outcome = await recordGatewayEvent(trx, event, event.paymentIntentId);
            if (!outcome) return { type: "duplicate" as const };
            const found = await trx
              .selectFrom("payments")
              .select(["id", "invoiceId"])
              .where("paymentIntentId", "=", event.paymentIntentId)
              .where("status", "in", ["completed", "refunded"])
              .executeTakeFirst();
            const invoice = found ? await lockInvoice(trx, found.invoiceId) : undefined;
            if (!found || !invoice) {
              await outcome("unknown payment");
              return { type: "unknown-payment" as const };
            }
            const row = await trx
              .selectFrom("payments")
              .select(paymentColumns)
              .where("id", "=", found.id)
              .forUpdate()
              .executeTakeFirstOrThrow();
            const payment = toPayment(row);
            const actions = decide(await readLedger(trx, payment.id, payment, invoice.gstCents));
            for (const action of actions) {
              switch (action.type) {
                case "record-refund": {
                  const written = await writePaymentRefund(
                    trx,
                    {
                      paymentId: payment.id,
                      refundedBefore: action.refundedBefore,
                      split: action.split,
                      gatewayRefundId: action.refundId,
                      reason: action.reason,
                      actorUserId: null,
                    },
                    { withinAmount: true },
                  );
                  // Under the payment's lock the decision read the current total: a miss is a bug.
                  if (!written)
                    throw new Error(`refund ${action.refundId} of payment ${payment.id} not written`);
                  break;
                }
                case "reverse-refund": {
                  await trx
                    .updateTable("payments")
                    .set({
                      refundedCents: sql`refunded_cents - ${action.split.refundCents}`,
                      status: sql`CASE WHEN status = 'refunded' THEN 'completed' ELSE status END`,
                      updatedAt: sql`now()`,
                    })
                    .where("id", "=", payment.id)
                    .where("refundedCents", "=", action.refundedBefore)
                    .executeTakeFirstOrThrow();
                  await trx
                    .updateTable("payoutRefunds")
                    .set({ reversedAt: sql`now()` })
                    .where("id", "=", action.payoutRefundId)
                    .where("reversedAt", "is", null)
                    .execute();
                  break;
                }
                case "remember-terminal":
                  await trx
                    .insertInto("gatewayRefundFailures")
                    .values({ refundId: action.refundId, paymentId: payment.id, status: action.status })
                    .onConflict((oc) => oc.column("refundId").doNothing())
                    .execute();
                  break;
                case "open-hold":
                  await trx
                    .insertInto("payoutHolds")
                    .values({
                      disputeId: action.disputeId,
                      paymentId: payment.id,
                      amountCents: action.amountCents,
                      status: "held",
                    })
                    .onConflict((oc) => oc.column("disputeId").doNothing())
                    .execute();
                  break;
                case "close-hold":
                  if (action.existed)
                    await trx
                      .updateTable("payoutHolds")
                      .set({ status: action.status, closedAt: sql`now()` })
                      .where("disputeId", "=", action.disputeId)
                      .where("status", "=", "held")
                      .execute();
                  else
                    await trx
                      .insertInto("payoutHolds")
                      .values({
                        disputeId: action.disputeId,
                        paymentId: payment.id,
                        amountCents: action.amountCents,
                        status: action.status,
                        closedAt: sql`now()`,
                      })
                      .onConflict((oc) => oc.column("disputeId").doNothing())
                      .execute();
                  break;
              }
            }
            await outcome(
              actions.length > 0 ? `applied: ${actions.map((a) => a.type).join(", ")}` : "ignored",
            );
            return { type: "decided" as const, actions };
          }),
        ),
    })),
  ),
);
