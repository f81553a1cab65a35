/**
 * The ONE SQL mirror of core's invoice display state and overdue rule (ADR 0040;
 * core/src/invoice/model.ts `displayStateOn`). Every query that needs "overdue", "cancelled" or
 * "disputed" builds it here; invoice-state-sql.integration.test.ts pins this CASE to core's
 * function over generated cases. `today` is Sydney's calendar date (`yyyy-MM-dd`), as in core.
 */
import type { InvoiceDisplayState } from "@closr/core/invoice";
import { type RawBuilder, sql } from "kysely";

/** The facts the display state reads, as SQL expressions. Money in integer cents. */
export interface InvoiceStateFacts {
  readonly isPaid: RawBuilder<boolean>;
  readonly amountCents: RawBuilder<unknown>;
  /** Refunded so far: the sum of the invoice's payments' refunded cents. */
  readonly refundedCents: RawBuilder<unknown>;
  readonly cancelledAt: RawBuilder<unknown>;
  /**
   * True while a dispute on the invoice is open, in mediation or proposed, or a card dispute holds
   * the payout of one of its payments (ADR 0049).
   */
  readonly disputed: RawBuilder<boolean>;
  /** A `date`. */
  readonly dueDate: RawBuilder<unknown>;
}

/**
 * The facts of the invoices row aliased `alias` (refunds from payments, disputes from disputes and
 * held card-dispute payouts); the invoice repository reads `refundedCents` and `disputed` from here too.
 */
export const invoiceStateFacts = (alias: string): InvoiceStateFacts => {
  const col = (name: string) => sql.ref(`${alias}.${name}`);
  return {
    isPaid: sql<boolean>`${col("is_paid")}`,
    amountCents: sql`${col("amount_cents")}`,
    refundedCents: sql`(SELECT coalesce(sum(sp.refunded_cents), 0) FROM payments sp WHERE sp.invoice_id = ${col("id")})`,
    cancelledAt: sql`${col("cancelled_at")}`,
    disputed: sql<boolean>`(EXISTS (SELECT 1 FROM disputes sd WHERE sd.invoice_id = ${col("id")}
      AND sd.state IN ('open', 'in_mediation', 'proposed'))
      OR EXISTS (SELECT 1 FROM payout_holds sh JOIN payments shp ON shp.id = sh.payment_id
        WHERE shp.invoice_id = ${col("id")} AND sh.status = 'held'))`,
    dueDate: sql`${col("due_date")}`,
  };
};

/** Core's `displayStateOn` in SQL: a text value, one of InvoiceDisplayState. */
export const displayStateSql = (facts: InvoiceStateFacts, today: string) => sql<InvoiceDisplayState>`(CASE
    WHEN ${facts.cancelledAt} IS NOT NULL THEN 'cancelled'
    WHEN ${facts.disputed} THEN 'disputed'
    WHEN ${facts.isPaid} THEN (SELECT CASE WHEN r.cents <= 0 THEN 'paid'
                                         WHEN r.cents >= ${facts.amountCents} THEN 'refunded'
                                         ELSE 'partly_refunded' END
                               FROM (SELECT ${facts.refundedCents} AS cents) r)
    WHEN ${facts.dueDate} < ${today}::date THEN 'overdue'
    ELSE 'pending' END)`;

/** Core's `isOverdue` in SQL for the invoices row aliased `alias`, on Sydney's date `today`. */
export const isOverdueSql = (alias: string, today: string) =>
  sql<boolean>`(${displayStateSql(invoiceStateFacts(alias), today)} = 'overdue')`;

/** The display state of the invoices row aliased `alias` on `today`. */
export const invoiceDisplayStateSql = (alias: string, today: string) =>
  displayStateSql(invoiceStateFacts(alias), today);
