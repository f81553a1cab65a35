/**
 * Payment and payment-method repositories on PostgreSQL. Money is integer cents (bigint: a string
 * from postgres.js, a number from PGlite; mapped with Number()). Payment attempts lock the invoice
 * row, and gateway events are applied in one transaction that records the event id, locks the
 * payment and its invoice, and writes the decision (ADR 0008).
 */
import type { Invoice } from "@closr/core/invoice";
import { InvoiceNotFound } from "@closr/core/invoice";
import {
  type AppliedEvent,
  type AttemptPlan,
  type Payment,
  type PaymentMethod,
  PaymentMethodRepository,
  PaymentRepository,
  type PaymentStatus,
} from "@closr/core/payment";
import { AgentProfileId, BusinessProfileId, cents, InvoiceId, PaymentId } from "@closr/core/shared";
import { Effect, Either, Layer, Option } from "effect";
import { type Selectable, sql, type Transaction } from "kysely";
import { PgDatabase } from "../database-service.ts";
import type { Database, PaymentMethodsTable, PaymentsTable } from "../schema.ts";
import { joinAmbient, transact } from "../transaction-scope.ts";
import { recordGatewayEvent } from "./gateway-events.ts";
import { findInvoice, persistInvoiceTransition } from "./invoice.ts";

type BegunAttempt = { readonly payment: Payment; readonly cancel: readonly Payment[] };

export const paymentColumns = [
  "id",
  "invoiceId",
  "businessId",
  "agentId",
  "amountCents",
  "paymentMethodId",
  "status",
  "transactionId",
  "paymentIntentId",
  "attempt",
  "processingFeeCents",
  "applicationFeeCents",
  "refundedCents",
  "receiptUrl",
  "failureMessage",
  "createdAt",
  "updatedAt",
] as const;

/** A payments row as paymentColumns selects it. */
export type PaymentRow = Pick<Selectable<PaymentsTable>, (typeof paymentColumns)[number]>;

export const toPayment = (r: PaymentRow): Payment => ({
  id: PaymentId.make(r.id),
  invoiceId: InvoiceId.make(r.invoiceId),
  businessId: BusinessProfileId.make(r.businessId),
  agentId: AgentProfileId.make(r.agentId),
  amountCents: cents(Number(r.amountCents)),
  currency: "AUD",
  paymentMethodId: r.paymentMethodId,
  status: r.status as PaymentStatus,
  transactionId: r.transactionId,
  paymentIntentId: r.paymentIntentId,
  attempt: r.attempt,
  processingFeeCents: cents(Number(r.processingFeeCents)),
  applicationFeeCents: cents(Number(r.applicationFeeCents)),
  refundedCents: cents(Number(r.refundedCents)),
  receiptUrl: r.receiptUrl,
  failureMessage: r.failureMessage,
  createdAt: new Date(r.createdAt),
  updatedAt: new Date(r.updatedAt),
});

/** Locks the invoice row (FOR UPDATE) and reads it; the lock order is invoice → payment. */
export const lockInvoice = async (trx: Transaction<Database>, id: number): Promise<Invoice | undefined> => {
  const locked = await trx
    .selectFrom("invoices")
    .where("id", "=", id)
    .select("id")
    .forUpdate()
    .executeTakeFirst();
  return locked ? findInvoice(trx, id) : undefined;
};

export const PaymentRepositoryPg = Layer.effect(
  PaymentRepository,
  Effect.map(
    PgDatabase,
    joinAmbient((db) => ({
      beginAttempt: <E>(
        invoiceId: number,
        decide: (invoice: Invoice, payments: readonly Payment[]) => Either.Either<AttemptPlan, E>,
      ) =>
        Effect.flatten(
          Effect.promise(() =>
            transact(db, async (trx): Promise<Effect.Effect<BegunAttempt, E | InvoiceNotFound>> => {
              const invoice = await lockInvoice(trx, invoiceId);
              if (!invoice) return Effect.fail(new InvoiceNotFound({ id: invoiceId }));
              const rows = await trx
                .selectFrom("payments")
                .select(paymentColumns)
                .where("invoiceId", "=", invoiceId)
                .execute();
              const plan = decide(invoice, rows.map(toPayment));
              if (Either.isLeft(plan)) return Effect.fail(plan.left);
              if (plan.right.type === "reuse")
                return Effect.succeed({ payment: plan.right.payment, cancel: [] });
              const created = await trx
                .insertInto("payments")
                .values({
                  invoiceId,
                  businessId: invoice.businessId,
                  agentId: invoice.agentId,
                  amountCents: invoice.amountCents,
                  applicationFeeCents: invoice.platformFeeCents,
                  attempt: plan.right.attempt,
                })
                .returning(paymentColumns)
                .executeTakeFirstOrThrow();
              return Effect.succeed({ payment: toPayment(created), cancel: plan.right.cancel });
            }),
          ),
        ),
      setPaymentIntent: (paymentId, paymentIntentId) =>
        Effect.promise(async () => {
          await db
            .updateTable("payments")
            .set({ paymentIntentId, updatedAt: sql`now()` })
            .where("id", "=", paymentId)
            .where((eb) =>
              eb.or([eb("paymentIntentId", "is", null), eb("paymentIntentId", "=", paymentIntentId)]),
            )
            .execute();
        }),
      findByIntent: (paymentIntentId) =>
        Effect.promise(async () => {
          const row = await db
            .selectFrom("payments")
            .select(paymentColumns)
            .where("paymentIntentId", "=", paymentIntentId)
            .executeTakeFirst();
          return Option.map(Option.fromNullable(row), toPayment);
        }),
      applyGatewayEvent: (event, decide) =>
        Effect.promise(() =>
          transact(db, async (trx): Promise<AppliedEvent> => {
            const outcome = await recordGatewayEvent(trx, event, event.intent.id);
            if (!outcome) return { type: "duplicate" };
            // Find the payment without locking first (to learn its invoice), then lock invoice → payment,
            // the same order as beginAttempt, so the two never deadlock.
            const byIntent = await trx
              .selectFrom("payments")
              .select(["id", "invoiceId"])
              .where("paymentIntentId", "=", event.intent.id)
              .executeTakeFirst();
            const found =
              byIntent ??
              (event.intent.paymentId !== null
                ? await trx
                    .selectFrom("payments")
                    .select(["id", "invoiceId"])
                    .where("id", "=", event.intent.paymentId)
                    .where("paymentIntentId", "is", null)
                    .where("invoiceId", "=", event.intent.invoiceId ?? -1)
                    .executeTakeFirst()
                : undefined);
            if (!found) {
              await outcome("unknown payment");
              return { type: "unknown-payment" };
            }
            const invoice = await lockInvoice(trx, found.invoiceId);
            const row = await trx
              .selectFrom("payments")
              .select(paymentColumns)
              .where("id", "=", found.id)
              .forUpdate()
              .executeTakeFirstOrThrow();
            if (!invoice) throw new Error(`invoice ${found.invoiceId} of payment ${found.id} missing`);
            const current = { ...toPayment(row), paymentIntentId: event.intent.id };
            const decision = decide(current, invoice);
            const next = decision.payment ?? current;
            await trx
              .updateTable("payments")
              .set({
                paymentIntentId: next.paymentIntentId,
                status: next.status,
                transactionId: next.transactionId,
                failureMessage: next.failureMessage,
                updatedAt: next.updatedAt,
              })
              .where("id", "=", next.id)
              .execute();
            if (decision.invoice) await persistInvoiceTransition(trx, decision.invoice);
            await outcome(`${decision.outcome}: ${decision.reason}`);
            return { type: "decided", payment: next, decision };
          }),
        ),
      listForInvoice: (invoiceId) =>
        Effect.promise(async () =>
          (
            await db
              .selectFrom("payments")
              .select(paymentColumns)
              .where("invoiceId", "=", invoiceId)
              .orderBy("createdAt", "desc")
              .orderBy("id", "desc")
              .execute()
          ).map(toPayment),
        ),
      listFor: (party, profileId, page) =>
        Effect.promise(async () => {
          const column = party === "agent" ? "agentId" : "businessId";
          const [rows, count] = await Promise.all([
            db
              .selectFrom("payments")
              .select(paymentColumns)
              .where(column, "=", profileId)
              .orderBy("createdAt", "desc")
              .orderBy("id", "desc")
              .limit(page.pageSize)
              .offset((page.page - 1) * page.pageSize)
              .execute(),
            db
              .selectFrom("payments")
              .where(column, "=", profileId)
              .select(sql<number>`count(*)::int`.as("total"))
              .executeTakeFirstOrThrow(),
          ]);
          return { items: rows.map(toPayment), total: count.total };
        }),
    })),
  ),
);

const methodColumns = [
  "id",
  "userId",
  "type",
  "name",
  "lastFour",
  "expiryMonth",
  "expiryYear",
  "isDefault",
  "createdAt",
] as const;

/** A payment_methods row as methodColumns selects it. */
type MethodRow = Pick<Selectable<PaymentMethodsTable>, (typeof methodColumns)[number]>;

const toMethod = (r: MethodRow): PaymentMethod => ({
  ...r,
  lastFour: String(r.lastFour),
  createdAt: new Date(r.createdAt),
});

export const PaymentMethodRepositoryPg = Layer.effect(
  PaymentMethodRepository,
  Effect.map(
    PgDatabase,
    joinAmbient((db) => ({
      list: (userId) =>
        Effect.promise(async () =>
          (
            await db
              .selectFrom("paymentMethods")
              .select(methodColumns)
              .where("userId", "=", userId)
              .orderBy("isDefault", "desc")
              .orderBy("createdAt", "desc")
              .orderBy("id", "desc")
              .execute()
          ).map(toMethod),
        ),
      insert: (userId, fields) =>
        Effect.promise(() =>
          transact(db, async (trx) => {
            if (fields.isDefault)
              await trx
                .updateTable("paymentMethods")
                .set({ isDefault: false })
                .where("userId", "=", userId)
                .where("isDefault", "=", true)
                .execute();
            const row = await trx
              .insertInto("paymentMethods")
              .values({ userId, ...fields })
              .returning(methodColumns)
              .executeTakeFirstOrThrow();
            return toMethod(row);
          }),
        ),
      remove: (userId, id) =>
        Effect.promise(async () => {
          const result = await db
            .deleteFrom("paymentMethods")
            .where("id", "=", id)
            .where("userId", "=", userId)
            .executeTakeFirst();
          return Number(result.numDeletedRows) > 0;
        }),
      setDefault: (userId, id) =>
        Effect.promise(() =>
          transact(db, async (trx) => {
            const target = await trx
              .selectFrom("paymentMethods")
              .select("id")
              .where("id", "=", id)
              .where("userId", "=", userId)
              .forUpdate()
              .executeTakeFirst();
            if (!target) return Option.none();
            await trx
              .updateTable("paymentMethods")
              .set({ isDefault: false })
              .where("userId", "=", userId)
              .where("isDefault", "=", true)
              .where("id", "<>", id)
              .execute();
            const row = await trx
              .updateTable("paymentMethods")
              .set({ isDefault: true })
              .where("id", "=", id)
              .returning(methodColumns)
              .executeTakeFirstOrThrow();
            return Option.some(toMethod(row));
          }),
        ),
    })),
  ),
);
