/**
 * Payout repositories on PostgreSQL (issue 14): payout accounts and tax details, account events
 * applied once and in order, staff refunds with their split, earnings, and the two small ports the
 * invoice and payment contexts read (InvoiceTerms, ChargeDestinations). Money is integer cents
 * (bigint: a string from postgres.js, a number from PGlite; mapped with Number()).
 */
import type { AgreementTerms } from "@closr/core/agreement";
import { InvoiceTerms } from "@closr/core/invoice";
import { ChargeDestinations } from "@closr/core/payment";
import {
  type EarningEntry,
  type EarningsMonth,
  type PayoutAccount,
  PayoutAccountRepository,
  type PayoutRefund,
  PayoutRefundRepository,
  payoutDelayDays,
  payoutStatus,
  type RefundablePayment,
} from "@closr/core/payout";
import {
  AgentProfileId,
  AgreementVersionId,
  cents,
  InvoiceId,
  PaymentId,
  PayoutRefundId,
  type RefundSplit,
} from "@closr/core/shared";
import { Effect, Layer, Option } from "effect";
import { type Selectable, sql } from "kysely";
import { PgDatabase } from "../database-service.ts";
import type { PayoutAccountsTable, PayoutRefundsTable } from "../schema.ts";
import { joinAmbient, transact } from "../transaction-scope.ts";
import { recordGatewayEvent } from "./gateway-events.ts";
import { type Executor, findInvoice, recordInvoiceTransition } from "./invoice.ts";
import { paymentColumns, toPayment } from "./payment.ts";

const toAccount = (r: Selectable<PayoutAccountsTable>): PayoutAccount => ({
  agentId: AgentProfileId.make(r.agentId),
  gatewayAccountId: r.gatewayAccountId,
  chargesEnabled: r.chargesEnabled,
  payoutsEnabled: r.payoutsEnabled,
  detailsSubmitted: r.detailsSubmitted,
  requirements: (typeof r.requirements === "string"
    ? JSON.parse(r.requirements)
    : r.requirements) as string[],
  disabledReason: r.disabledReason,
  bankLastFour: r.bankLastFour,
  abn: r.abn,
  gstRegistered: r.gstRegistered,
  lastEventAt: r.lastEventAt ? new Date(r.lastEventAt) : null,
  updatedAt: new Date(r.updatedAt),
});

const toRefund = (r: Selectable<PayoutRefundsTable> & { invoiceId: number }): PayoutRefund => ({
  id: PayoutRefundId.make(r.id),
  paymentId: PaymentId.make(r.paymentId),
  invoiceId: InvoiceId.make(r.invoiceId),
  amountCents: cents(Number(r.amountCents)),
  feeRefundCents: cents(Number(r.feeRefundCents)),
  transferReversalCents: cents(Number(r.transferReversalCents)),
  gstRefundCents: cents(Number(r.gstRefundCents)),
  gatewayRefundId: r.gatewayRefundId,
  reason: r.reason,
  createdAt: new Date(r.createdAt),
});

const findAccount = async (db: Executor, agentId: number) => {
  const row = await db
    .selectFrom("payoutAccounts")
    .selectAll()
    .where("agentId", "=", agentId)
    .executeTakeFirst();
  return row ? toAccount(row) : undefined;
};

const refundSelect = (db: Executor) =>
  db
    .selectFrom("payoutRefunds as r")
    .innerJoin("payments as p", "p.id", "r.paymentId")
    .selectAll("r")
    .select("p.invoiceId")
    // ADR 0041: a refund the gateway reported failed or canceled no longer counts.
    .where("r.reversedAt", "is", null);

export const PayoutAccountRepositoryPg = Layer.effect(
  PayoutAccountRepository,
  Effect.map(
    PgDatabase,
    joinAmbient((db) => ({
      find: (agentId) => Effect.promise(async () => Option.fromNullable(await findAccount(db, agentId))),
      attachAccount: (agentId, accountId) =>
        Effect.promise(async () => {
          await db
            .insertInto("payoutAccounts")
            .values({ agentId, gatewayAccountId: accountId })
            .onConflict((oc) =>
              oc.column("agentId").doUpdateSet({
                gatewayAccountId: sql`coalesce(payout_accounts.gateway_account_id, excluded.gateway_account_id)`,
                updatedAt: sql`now()`,
              }),
            )
            .execute();
          return (await findAccount(db, agentId)) as PayoutAccount;
        }),
      saveTaxDetails: (agentId, details) =>
        Effect.promise(async () => {
          await db
            .insertInto("payoutAccounts")
            .values({ agentId, abn: details.abn, gstRegistered: details.gstRegistered })
            .onConflict((oc) =>
              oc.column("agentId").doUpdateSet({
                abn: details.abn,
                gstRegistered: details.gstRegistered,
                updatedAt: sql`now()`,
              }),
            )
            .execute();
          return (await findAccount(db, agentId)) as PayoutAccount;
        }),
      applyAccountEvent: (event) =>
        Effect.promise(() =>
          transact(db, async (trx) => {
            const outcome = await recordGatewayEvent(trx, { id: event.id, type: "account.updated" }, null);
            if (!outcome) return "duplicate" as const;
            const row = await trx
              .selectFrom("payoutAccounts")
              .selectAll()
              .where("gatewayAccountId", "=", event.account.accountId)
              .forUpdate()
              .executeTakeFirst();
            if (!row) return outcome("unknown-account" as const);
            if (row.lastEventAt && new Date(row.lastEventAt).getTime() > event.createdAt.getTime())
              return outcome("stale" as const);
            const a = event.account;
            await trx
              .updateTable("payoutAccounts")
              .set({
                chargesEnabled: a.chargesEnabled,
                payoutsEnabled: a.payoutsEnabled,
                detailsSubmitted: a.detailsSubmitted,
                requirements: JSON.stringify(a.requirements),
                disabledReason: a.disabledReason,
                bankLastFour: a.bankLastFour ?? row.bankLastFour,
                lastEventAt: event.createdAt,
                updatedAt: sql`now()`,
              })
              .where("agentId", "=", row.agentId)
              .execute();
            return outcome("applied" as const);
          }),
        ),
      businessAbn: (businessId) =>
        Effect.promise(async () => {
          const row = await db
            .selectFrom("verificationRequests as v")
            .innerJoin("businessProfiles as b", "b.userId", "v.userId")
            .where("b.id", "=", businessId)
            .where(sql<string>`v.additional_info->>'abnNumber'`, "is not", null)
            .select(sql<string>`regexp_replace(v.additional_info->>'abnNumber', '\\s', '', 'g')`.as("abn"))
            .orderBy("v.submittedAt", "desc")
            .limit(1)
            .executeTakeFirst();
          return Option.fromNullable(row?.abn && /^\d{11}$/.test(row.abn) ? row.abn : null);
        }),
    })),
  ),
);

const refundable = async (db: Executor, rows: readonly Parameters<typeof toPayment>[0][]) => {
  const out: RefundablePayment[] = [];
  for (const row of rows) {
    const invoice = await findInvoice(db, row.invoiceId);
    if (invoice) out.push({ payment: toPayment(row), invoice });
  }
  return out;
};

/**
 * The conditional refund write of a staff refund and of a dispute's refund resolution, inside the
 * caller's transaction: adds `split.refundCents` to `payments.refunded_cents` only while that still
 * equals `refundedBefore` and the payment is completed or refunded (with `withinAmount`, also only
 * while the total stays within the payment's amount), marks the payment refunded once fully
 * refunded, and inserts the payout_refunds row (reason cut to 500 characters). Money in cents.
 * Returns the inserted row and the payment's invoice id, or undefined when the payment changed.
 */
export const writePaymentRefund = async (
  trx: Executor,
  input: {
    readonly paymentId: number;
    readonly refundedBefore: number;
    readonly split: RefundSplit;
    readonly gatewayRefundId: string | null;
    readonly reason: string;
    /** Null for a refund made at the gateway (ADR 0041). */
    readonly actorUserId: number | null;
  },
  options: { readonly withinAmount: boolean },
) => {
  let update = trx
    .updateTable("payments")
    .set({
      refundedCents: sql`refunded_cents + ${input.split.refundCents}`,
      status: sql`CASE WHEN refunded_cents + ${input.split.refundCents} >= amount_cents THEN 'refunded' ELSE status END`,
      updatedAt: sql`now()`,
    })
    .where("id", "=", input.paymentId)
    .where("refundedCents", "=", input.refundedBefore)
    .where("status", "in", ["completed", "refunded"]);
  if (options.withinAmount)
    update = update.where(sql<boolean>`refunded_cents + ${input.split.refundCents} <= amount_cents`);
  const updated = await update.returning("invoiceId").executeTakeFirst();
  if (!updated) return undefined;
  const refund = await trx
    .insertInto("payoutRefunds")
    .values({
      paymentId: input.paymentId,
      amountCents: input.split.refundCents,
      feeRefundCents: input.split.feeRefundCents,
      transferReversalCents: input.split.transferReversalCents,
      gstRefundCents: input.split.gstRefundCents,
      gatewayRefundId: input.gatewayRefundId,
      reason: input.reason.slice(0, 500),
      actorUserId: input.actorUserId,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { invoiceId: updated.invoiceId, refund };
};

export const PayoutRefundRepositoryPg = Layer.effect(
  PayoutRefundRepository,
  Effect.map(
    PgDatabase,
    joinAmbient((db) => ({
      findPayment: (paymentId) =>
        Effect.promise(async () => {
          const row = await db
            .selectFrom("payments")
            .select(paymentColumns)
            .where("id", "=", paymentId)
            .executeTakeFirst();
          return Option.fromNullable(row ? (await refundable(db, [row]))[0] : undefined);
        }),
      record: ({ transition, ...input }) =>
        Effect.promise(() =>
          transact(db, async (trx) => {
            // The invoice machine decided in core (RefundRecorded, ADR 0049): stored with it.
            const written = await recordInvoiceTransition(trx, transition, () =>
              writePaymentRefund(trx, input, { withinAmount: true }),
            );
            return written
              ? Option.some(toRefund({ ...written.refund, invoiceId: written.invoiceId }))
              : Option.none();
          }),
        ),
      findRefund: (id) =>
        Effect.promise(async () => {
          const row = await refundSelect(db).where("r.id", "=", id).executeTakeFirst();
          return Option.map(Option.fromNullable(row), toRefund);
        }),
      listForInvoice: (invoiceId) =>
        Effect.promise(async () =>
          (await refundSelect(db).where("p.invoiceId", "=", invoiceId).orderBy("r.id").execute()).map(
            toRefund,
          ),
        ),
      listPayments: (page) =>
        Effect.promise(async () => {
          const [rows, count] = await Promise.all([
            db
              .selectFrom("payments")
              .select(paymentColumns)
              .where("status", "in", ["completed", "refunded"])
              .orderBy("updatedAt", "desc")
              .orderBy("id", "desc")
              .limit(page.pageSize)
              .offset((page.page - 1) * page.pageSize)
              .execute(),
            db
              .selectFrom("payments")
              .where("status", "in", ["completed", "refunded"])
              .select(sql<number>`count(*)::int`.as("total"))
              .executeTakeFirstOrThrow(),
          ]);
          return { items: await refundable(db, rows), total: count.total };
        }),
      earnings: (agentId) =>
        Effect.promise(async () => {
          // Fee refunds summed once per payment of the agent (a hash join), not probed per row.
          const feeRefunds = db
            .selectFrom("payoutRefunds as r")
            .innerJoin("payments as rp", "rp.id", "r.paymentId")
            .where("rp.agentId", "=", agentId)
            .where("r.reversedAt", "is", null)
            .groupBy("r.paymentId")
            .select(["r.paymentId", sql<string>`sum(r.fee_refund_cents)`.as("feeRefunded")]);
          const rows = await db
            .selectFrom("payments as p")
            .innerJoin("invoices as i", "i.id", "p.invoiceId")
            .leftJoin(feeRefunds.as("fr"), "fr.paymentId", "p.id")
            .where("p.agentId", "=", agentId)
            .where("p.status", "in", ["completed", "refunded"])
            .where("i.paidAt", "is not", null)
            .select([
              "p.id",
              "p.invoiceId",
              "i.paidAt",
              "p.amountCents",
              "p.applicationFeeCents",
              "p.refundedCents",
              sql<string>`coalesce(fr.fee_refunded, 0)`.as("feeRefunded"),
              sql<boolean>`EXISTS (SELECT 1 FROM payout_holds h WHERE h.payment_id = p.id AND h.status = 'held')`.as(
                "payoutHeld",
              ),
            ])
            .orderBy("i.paidAt", "desc")
            .execute();
          return rows.map(
            (r): EarningEntry => ({
              paymentId: PaymentId.make(r.id),
              invoiceId: InvoiceId.make(r.invoiceId),
              paidAt: new Date(r.paidAt as Date),
              amountCents: cents(Number(r.amountCents)),
              feeCents: cents(Number(r.applicationFeeCents)),
              refundedCents: cents(Number(r.refundedCents)),
              feeRefundedCents: cents(Number(r.feeRefunded)),
              payoutHeld: Boolean(r.payoutHeld),
            }),
          );
        }),
      earningsPerMonth: (agentId, now, since) =>
        Effect.promise(async () => {
          const cutoff = new Date(now.getTime() - payoutDelayDays * 24 * 60 * 60 * 1000);
          const rows = (
            await sql<{
              month: string;
              paid: string;
              fees: string;
              refunded: string;
              net: string;
              pending: string;
              held: string;
            }>`
            WITH e AS (
              SELECT i.paid_at, p.amount_cents AS paid, p.refunded_cents AS refunded,
                     p.application_fee_cents - coalesce(fr.fee_refunded, 0) AS fee,
                     EXISTS (SELECT 1 FROM payout_holds h WHERE h.payment_id = p.id AND h.status = 'held') AS held
              FROM payments p
              JOIN invoices i ON i.id = p.invoice_id
              LEFT JOIN (
                SELECT r.payment_id, sum(r.fee_refund_cents) AS fee_refunded
                FROM payout_refunds r JOIN payments rp ON rp.id = r.payment_id
                WHERE rp.agent_id = ${agentId} AND r.reversed_at IS NULL GROUP BY r.payment_id
              ) fr ON fr.payment_id = p.id
              WHERE p.agent_id = ${agentId} AND p.status IN ('completed', 'refunded') AND i.paid_at IS NOT NULL
                ${since ? sql`AND i.paid_at >= ${since}` : sql``}
            )
            SELECT to_char(paid_at AT TIME ZONE 'Australia/Sydney', 'YYYY-MM') AS month,
                   sum(paid) AS paid, sum(fee) AS fees, sum(refunded) AS refunded,
                   sum(paid - refunded - fee) AS net,
                   coalesce(sum(paid - refunded - fee) FILTER (WHERE paid_at > ${cutoff} AND NOT held), 0) AS pending,
                   coalesce(sum(paid - refunded - fee) FILTER (WHERE held), 0) AS held
            FROM e GROUP BY 1 ORDER BY 1 DESC`.execute(db)
          ).rows;
          return rows.map(
            (r): EarningsMonth => ({
              month: r.month,
              paidCents: cents(Number(r.paid)),
              platformFeesCents: cents(Number(r.fees)),
              refundedCents: cents(Number(r.refunded)),
              netCents: cents(Number(r.net)),
              pendingPayoutCents: cents(Number(r.pending)),
              heldPayoutCents: cents(Number(r.held)),
              paidOutCents: cents(Number(r.net) - Number(r.pending) - Number(r.held)),
            }),
          );
        }),
    })),
  ),
);

/**
 * InvoiceTerms over payout_accounts: the agent's payout status and tax details, with the platform
 * fee rate from configuration (basis points of the ex-GST amount).
 */
export const InvoiceTermsPg = (feeBasisPoints: number) =>
  Layer.effect(
    InvoiceTerms,
    Effect.map(
      PgDatabase,
      joinAmbient((db) => ({
        // Issue 17: the signed version in force (at most one per agreement: a partial unique index).
        agreementFor: (partnershipId) =>
          Effect.promise(async () => {
            const row = await db
              .selectFrom("agreementVersions as v")
              .innerJoin("agreements as a", "a.id", "v.agreementId")
              .select(["v.id", "v.number", "v.terms"])
              .where("a.partnershipId", "=", partnershipId)
              .where("v.status", "=", "signed")
              .executeTakeFirst();
            return Option.fromNullable(
              row
                ? {
                    versionId: AgreementVersionId.make(row.id),
                    number: row.number,
                    terms: (typeof row.terms === "string"
                      ? JSON.parse(row.terms)
                      : row.terms) as AgreementTerms,
                  }
                : null,
            );
          }),
        forAgent: (agentId) =>
          Effect.promise(async () => {
            const account = await findAccount(db, agentId);
            return {
              payoutStatus: account ? payoutStatus(account) : "not_started",
              abn: account?.abn ?? null,
              gstRegistered: account?.gstRegistered ?? false,
              feeBasisPoints,
            };
          }),
      })),
    ),
  );

/** ChargeDestinations over payout_accounts: the agent's connected account once it can take charges. */
export const ChargeDestinationsPg = Layer.effect(
  ChargeDestinations,
  Effect.map(
    PgDatabase,
    joinAmbient((db) => ({
      destinationFor: (agentId) =>
        Effect.promise(async () => {
          const account = await findAccount(db, agentId);
          return Option.fromNullable(account?.chargesEnabled ? account.gatewayAccountId : null);
        }),
    })),
  ),
);
