/**
 * The invoice repository on PostgreSQL. Money is integer cents (bigint: a string from
 * postgres.js, a number from PGlite; mapped with Number()). Payments have their own repository
 * (payment.ts), which locks invoice rows through `findInvoice`.
 */
import type { InvoiceLedger, InvoiceTransition, InvoiceView } from "@closr/core/invoice";
import { InvoiceRepository, sameInvoiceFacts } from "@closr/core/invoice";
import { AgentProfileId, BusinessProfileId, cents, InvoiceId, PartnershipId } from "@closr/core/shared";
import { Effect, Layer, Option } from "effect";
import { type InferResult, type Kysely, sql, type Transaction } from "kysely";
import { PgDatabase } from "../database-service.ts";
import { invoiceStateFacts } from "../invoice-state-sql.ts";
import type { Database } from "../schema.ts";
import { joinAmbient } from "../transaction-scope.ts";

/** A database handle or an open transaction. */
export type Executor = Kysely<Database> | Transaction<Database>;

const facts = invoiceStateFacts("i");

const invoiceSelect = (db: Executor) =>
  db
    .selectFrom("invoices as i")
    .leftJoin("businessProfiles as b", "b.id", "i.businessId")
    .leftJoin("agentProfiles as a", "a.id", "i.agentId")
    .select([
      "i.id",
      "i.partnershipId",
      "i.businessId",
      "i.agentId",
      "i.amountCents",
      "i.subtotalCents",
      "i.gstCents",
      "i.platformFeeCents",
      "i.agentAbn",
      "i.gstRegistered",
      sql<string>`${facts.refundedCents}`.as("refundedCents"),
      "i.description",
      sql<string>`to_char(i.due_date, 'YYYY-MM-DD')`.as("dueDate"),
      "i.isPaid",
      "i.createdAt",
      "i.paidAt",
      "i.cancelledAt",
      sql<boolean>`${facts.disputed}`.as("disputed"),
      "b.companyName as businessName",
      "a.fullName as agentName",
      sql<string | null>`(SELECT u.time_zone FROM users u WHERE u.id = a.user_id)`.as("agentTimeZone"),
    ]);

/** A row of invoiceSelect (typed by kysely from the tables' Selectable rows). */
type InvoiceRow = InferResult<ReturnType<typeof invoiceSelect>>[number];

const toInvoice = (r: InvoiceRow): InvoiceView => ({
  id: InvoiceId.make(r.id),
  partnershipId: PartnershipId.make(r.partnershipId),
  businessId: BusinessProfileId.make(r.businessId),
  agentId: AgentProfileId.make(r.agentId),
  amountCents: cents(Number(r.amountCents)),
  currency: "AUD",
  subtotalCents: cents(Number(r.subtotalCents)),
  gstCents: cents(Number(r.gstCents)),
  platformFeeCents: cents(Number(r.platformFeeCents)),
  agentAbn: r.agentAbn,
  gstRegistered: r.gstRegistered,
  refundedCents: cents(Number(r.refundedCents)),
  description: r.description,
  dueDate: r.dueDate,
  isPaid: r.isPaid,
  createdAt: new Date(r.createdAt),
  paidAt: r.paidAt ? new Date(r.paidAt) : null,
  cancelledAt: r.cancelledAt ? new Date(r.cancelledAt) : null,
  disputed: Boolean(r.disputed),
  businessName: r.businessName ?? null,
  agentName: r.agentName ?? null,
  agentTimeZone: r.agentTimeZone ?? undefined,
});

/** One invoice with its parties' names, read on `db` (a transaction when locking). */
export const findInvoice = async (db: Executor, id: number) => {
  const row = await invoiceSelect(db).where("i.id", "=", id).executeTakeFirst();
  return row ? toInvoice(row) : undefined;
};

/**
 * THE persistence of an invoice machine result (core's `transitionInvoice`, ADR 0040), inside the
 * caller's transaction: writes the state columns the machine owns (paid, paid at, cancelled at,
 * and the money a credit note reduces: total, subtotal, GST, fee, in cents). Refunds and disputes
 * are facts of their own rows (payments.refunded_cents, disputes), written by their repositories in
 * the same transaction. No other code updates these columns.
 */
export const persistInvoiceTransition = async (db: Executor, next: InvoiceLedger): Promise<void> => {
  await db
    .updateTable("invoices")
    .set({
      isPaid: next.isPaid,
      paidAt: next.paidAt,
      cancelledAt: next.cancelledAt,
      amountCents: next.amountCents,
      subtotalCents: next.subtotalCents,
      gstCents: next.gstCents,
      platformFeeCents: next.platformFeeCents,
    })
    .where("id", "=", next.id)
    .execute();
};

/**
 * THE way a machine decision on an invoice is stored (ADR 0049), inside the caller's transaction:
 * locks the invoice row; answers undefined (nothing written) when its stored facts no longer
 * equal `transition.before` (another writer moved it on: decide again); runs `writeFacts`, the
 * rows the decision rests on (a refund row, a dispute, a payout hold), whose undefined also stops
 * it; writes the state columns (`persistInvoiceTransition`); then re-reads the invoice and throws
 * when its derived facts (refunded cents, disputed) differ from `transition.invoice` — a bug,
 * rolled back with the transaction.
 */
export const recordInvoiceTransition = async <A>(
  trx: Transaction<Database>,
  transition: InvoiceTransition,
  writeFacts: () => Promise<A | undefined>,
): Promise<A | undefined> => {
  const id = transition.before.id;
  await trx.selectFrom("invoices").select("id").where("id", "=", id).forUpdate().execute();
  const stored = await findInvoice(trx, id);
  if (!stored || !sameInvoiceFacts(stored, transition.before)) return undefined;
  const written = await writeFacts();
  if (written === undefined) return undefined;
  await persistInvoiceTransition(trx, transition.invoice);
  const after = await findInvoice(trx, id);
  if (!after || !sameInvoiceFacts(after, transition.invoice))
    throw new Error(`invoice ${id}: the stored facts differ from the machine's result`);
  return written;
};

export const InvoiceRepositoryPg = Layer.effect(
  InvoiceRepository,
  Effect.map(
    PgDatabase,
    joinAmbient((db) => ({
      insert: (invoice) =>
        Effect.promise(async () => {
          const { id } = await db
            .insertInto("invoices")
            .values({ ...invoice })
            .returning("id")
            .executeTakeFirstOrThrow();
          return (await findInvoice(db, id)) as InvoiceView;
        }),
      findById: (id) => Effect.promise(async () => Option.fromNullable(await findInvoice(db, id))),
      listFor: (party, profileId, page) =>
        Effect.promise(async () => {
          const column = party === "agent" ? "i.agentId" : "i.businessId";
          const [rows, count] = await Promise.all([
            invoiceSelect(db)
              .where(column, "=", profileId)
              .orderBy("i.createdAt", "desc")
              .orderBy("i.id", "desc")
              .limit(page.pageSize)
              .offset((page.page - 1) * page.pageSize)
              .execute(),
            db
              .selectFrom("invoices as i")
              .where(column, "=", profileId)
              .select(sql<number>`count(*)::int`.as("total"))
              .executeTakeFirstOrThrow(),
          ]);
          return { items: rows.map(toInvoice), total: count.total };
        }),
      paidTotalForAgent: (agentId, month) =>
        Effect.promise(async () => {
          // Net (issue 14): what reached the agent, less the transfers reversed by refunds.
          const row = await db
            .selectFrom("invoices as i")
            .where("i.agentId", "=", agentId)
            .where("i.isPaid", "=", true)
            .where(sql<string>`to_char(i.paid_at AT TIME ZONE 'Australia/Sydney', 'YYYY-MM')`, "=", month)
            .select([
              sql<string>`coalesce(sum(i.amount_cents), 0)::bigint`.as("paid"),
              sql<string>`coalesce(sum(i.amount_cents - i.platform_fee_cents - (
              SELECT coalesce(sum(r.transfer_reversal_cents), 0) FROM payout_refunds r
              JOIN payments p ON p.id = r.payment_id WHERE p.invoice_id = i.id AND r.reversed_at IS NULL)), 0)::bigint`.as(
                "net",
              ),
            ])
            .executeTakeFirstOrThrow();
          return { paidCents: cents(Number(row.paid)), netCents: cents(Number(row.net)) };
        }),
    })),
  ),
);
