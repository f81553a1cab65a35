/**
 * ChargeLedgerRepository on PostgreSQL (ADR 0041): gateway refunds and card disputes of a payment,
 * applied once. One transaction per event: the gateway_events row (a duplicate id stops), the
 * invoice then the payment locked (the lock order of the payment repository), the ledger read,
 * core's decision written with the invoice machine's result through `recordInvoiceTransition`
 * (ADR 0049; a refused event writes nothing but its gateway_events outcome). Refund rows go
 * through `writePaymentRefund`, the write staff refunds and dispute settlements use, so the
 * payment's and invoice's refunded amounts and the credit note follow the same path. Money is
 * integer cents.
 */
import { type Invoice, invoiceLedgerOf } from "@closr/core/invoice";
import {
  type ChargeAction,
  type ChargeLedger,
  ChargeLedgerRepository,
  type HoldTransfer,
  type PayoutHold,
  type RecordedGatewayRefund,
} from "@closr/core/payout";
import { cents } from "@closr/core/shared";
import { Effect, Either, Layer, Option } from "effect";
import { sql, type Transaction } from "kysely";
import { PgDatabase } from "../database-service.ts";
import type { Database } from "../schema.ts";
import { joinAmbient, transact } from "../transaction-scope.ts";
import { recordGatewayEvent } from "./gateway-events.ts";
import { recordInvoiceTransition } from "./invoice.ts";
import { lockInvoice, paymentColumns, toPayment } from "./payment.ts";
import { writePaymentRefund } from "./payout.ts";

const readLedger = async (
  trx: Transaction<Database>,
  paymentId: number,
  payment: { amountCents: number; refundedCents: number; applicationFeeCents: number },
  invoice: Invoice,
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
    gstCents: invoice.gstCents,
    invoice: invoiceLedgerOf(invoice),
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

/** Writes a charge decision's actions in order (inside the event's transaction, payment locked). */
const writeActions = async (
  trx: Transaction<Database>,
  paymentId: number,
  actions: readonly ChargeAction[],
): Promise<true> => {
  const payment = { id: paymentId };
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
        if (!written) throw new Error(`refund ${action.refundId} of payment ${payment.id} not written`);
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
            transferReversalCents: action.transferReversalCents,
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
              transferReversalCents: action.transferReversalCents,
            })
            .onConflict((oc) => oc.column("disputeId").doNothing())
            .execute();
        break;
    }
  }
  return true;
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
            const decided = decide(await readLedger(trx, payment.id, payment, invoice));
            if (Either.isLeft(decided)) {
              const error = decided.left;
              await outcome(
                `refused: ${error._tag === "InvoiceTransitionRefused" ? `${error.event} on a ${error.from} invoice (${error.reason})` : error._tag}`,
              );
              return { type: "refused" as const, error };
            }
            const { actions, transition } = decided.right;
            const write = () => writeActions(trx, payment.id, actions);
            if (transition) {
              // Under the invoice's lock the decision read the stored invoice: a miss is a bug.
              if (!(await recordInvoiceTransition(trx, transition, write)))
                throw new Error(`invoice ${transition.before.id} moved on under its lock`);
            } else await write();
            await outcome(
              actions.length > 0 ? `applied: ${actions.map((a) => a.type).join(", ")}` : "ignored",
            );
            return { type: "decided" as const, actions };
          }),
        ),
      holdTransfer: (disputeId) =>
        Effect.promise(async () => {
          const row = await db
            .selectFrom("payoutHolds as h")
            .innerJoin("payments as p", "p.id", "h.paymentId")
            .select([
              "h.disputeId",
              "p.paymentIntentId",
              "h.status",
              "h.transferReversalCents",
              "h.transferReversal",
              "h.retransfer",
            ])
            .where("h.disputeId", "=", disputeId)
            .executeTakeFirst();
          if (!row?.paymentIntentId) return Option.none();
          return Option.some<HoldTransfer>({
            disputeId: row.disputeId,
            paymentIntentId: row.paymentIntentId,
            status: row.status,
            transferReversalCents: cents(Number(row.transferReversalCents)),
            reversal: row.transferReversal,
            retransfer: row.retransfer,
          });
        }),
      markHoldTransfer: (disputeId, done) =>
        Effect.promise(async () => {
          await ("reversal" in done
            ? db
                .updateTable("payoutHolds")
                .set({ transferReversal: done.reversal })
                .where("disputeId", "=", disputeId)
                .where("transferReversal", "is", null)
            : db
                .updateTable("payoutHolds")
                .set({ retransfer: done.retransfer })
                .where("disputeId", "=", disputeId)
                .where("retransfer", "is", null)
          ).execute();
        }),
    })),
  ),
);
