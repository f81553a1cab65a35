/**
 * CommissionLedger on PostgreSQL (issue 43 part B, ADR 0063): `commission_sales` and
 * `commission_lines` (migration 2026-12-02-43-commission-ledger). `lock` takes the partnership row
 * FOR UPDATE inside the use case's unit of work, so two sales of one tiered period are serialised.
 * The statement is answered with SQL aggregates over the lines (the same figures as core's
 * `statementFrom`; the integration test holds them together). Dates are `date` columns read as
 * `yyyy-MM-dd` text; cents are bigint read as numbers.
 */
import type { AgreementTerms } from "@closr/core/agreement";
import {
  type CommissionInvoiceRecord,
  CommissionLedger,
  type CommissionLine,
  CommissionLineId,
  CommissionRecords,
  type CommissionStatement,
  type LedgerParties,
  type LedgerSale,
  statementModels,
  type TermsVersion,
} from "@closr/core/commission";
import {
  AgentProfileId,
  BusinessProfileId,
  cents,
  InvoiceId,
  PartnershipId,
  sydneyIsoDate,
  UserId,
} from "@closr/core/shared";
import { Effect, Option } from "effect";
import { sql } from "kysely";
import type { Db } from "../database.ts";
import { ambientLayer } from "../transaction-scope.ts";

const parseJson = <T>(value: unknown): T => (typeof value === "string" ? JSON.parse(value) : value) as T;

interface LineRow {
  id: number;
  partnershipId: number;
  saleId: string | number;
  agreementVersion: number;
  model: CommissionLine["model"];
  kind: CommissionLine["kind"];
  amountCents: string | number;
  earnedOn: string;
  payableOn: string;
  state: CommissionLine["state"];
  invoiceId: number | null;
  invoicedOn: string | null;
  paidOn: string | null;
  reason: string | null;
}

const lineColumns = sql.raw(`id, partnership_id AS "partnershipId", sale_id AS "saleId",
  agreement_version AS "agreementVersion", model, kind, amount_cents AS "amountCents",
  earned_on::text AS "earnedOn", payable_on::text AS "payableOn", state, invoice_id AS "invoiceId",
  invoiced_on::text AS "invoicedOn", paid_on::text AS "paidOn", reason`);

const toLine = (r: LineRow): CommissionLine => ({
  id: CommissionLineId.make(r.id),
  partnershipId: PartnershipId.make(r.partnershipId),
  saleId: Number(r.saleId),
  agreementVersion: r.agreementVersion,
  model: r.model,
  kind: r.kind,
  amountCents: cents(Number(r.amountCents)),
  earnedOn: r.earnedOn,
  payableOn: r.payableOn,
  state: r.state,
  invoiceId: r.invoiceId === null ? null : InvoiceId.make(r.invoiceId),
  invoicedOn: r.invoicedOn,
  paidOn: r.paidOn,
  reason: r.reason,
});

/** The last day (`yyyy-MM-dd`) of a `yyyy-MM` month. */
const monthEnd = (month: string) => {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, "0")}`;
};

export const makeCommissionLedger = (db: Db): typeof CommissionLedger.Service => ({
  partiesOf: (partnershipId) =>
    Effect.promise(async (): Promise<Option.Option<LedgerParties>> => {
      const { rows } = await sql<{
        id: number;
        businessId: number;
        agentId: number;
        businessUserId: number;
        agentUserId: number;
        companyName: string;
        fullName: string;
        businessGst: boolean;
        agentGst: boolean | null;
        agentAbn: string | null;
        businessAbn: string | null;
      }>`SELECT p.id, p.business_id AS "businessId", p.agent_id AS "agentId", b.user_id AS "businessUserId",
            a.user_id AS "agentUserId", b.company_name AS "companyName", a.full_name AS "fullName",
            b.gst_registered AS "businessGst", pa.gst_registered AS "agentGst", pa.abn AS "agentAbn",
            (SELECT regexp_replace(v.additional_info->>'abnNumber', '\\s', '', 'g') FROM verification_requests v
              WHERE v.user_id = b.user_id AND v.additional_info->>'abnNumber' IS NOT NULL
              ORDER BY v.submitted_at DESC LIMIT 1) AS "businessAbn"
          FROM partnerships p JOIN business_profiles b ON b.id = p.business_id
          JOIN agent_profiles a ON a.id = p.agent_id LEFT JOIN payout_accounts pa ON pa.agent_id = a.id
          WHERE p.id = ${partnershipId}`.execute(db);
      const row = rows[0];
      if (!row) return Option.none();
      return Option.some({
        partnershipId: PartnershipId.make(row.id),
        businessId: BusinessProfileId.make(row.businessId),
        agentId: AgentProfileId.make(row.agentId),
        businessUserId: UserId.make(row.businessUserId),
        agentUserId: UserId.make(row.agentUserId),
        businessName: row.companyName,
        agentName: row.fullName,
        businessGstRegistered: row.businessGst,
        agentGstRegistered: row.agentGst ?? false,
        businessAbn: row.businessAbn && /^\d{11}$/.test(row.businessAbn) ? row.businessAbn : null,
        agentAbn: row.agentAbn ?? null,
      });
    }),

  termsVersions: (partnershipId) =>
    Effect.promise(async (): Promise<TermsVersion[]> => {
      const { rows } = await sql<{ number: number; terms: unknown; signedAt: Date | string }>`
        SELECT v.number, v.terms, v.signed_at AS "signedAt" FROM agreement_versions v
          JOIN agreements a ON a.id = v.agreement_id
         WHERE a.partnership_id = ${partnershipId} AND v.signed_at IS NOT NULL
           AND v.status IN ('signed', 'superseded', 'ended')
         ORDER BY v.number`.execute(db);
      return rows.map((row, i) => {
        const terms = parseJson<AgreementTerms>(row.terms);
        const signedOn = sydneyIsoDate(new Date(row.signedAt));
        return {
          number: row.number,
          effectiveFrom: i === 0 && terms.startDate < signedOn ? terms.startDate : signedOn,
          terms,
        };
      });
    }),

  lock: (partnershipId) =>
    Effect.promise(() =>
      sql`SELECT id FROM partnerships WHERE id = ${partnershipId} FOR UPDATE`.execute(db),
    ).pipe(Effect.asVoid),

  findSale: (partnershipId, saleId) =>
    Effect.promise(async () => {
      const { rows } = await sql<{
        amountCents: string | number;
        saleDate: string;
        kind: LedgerSale["kind"];
        agreementVersion: number;
        refundedCents: string | number;
      }>`SELECT amount_cents AS "amountCents", sale_date::text AS "saleDate", kind,
            agreement_version AS "agreementVersion", refunded_cents AS "refundedCents"
           FROM commission_sales WHERE partnership_id = ${partnershipId} AND sale_id = ${saleId}`.execute(db);
      const row = rows[0];
      return row
        ? Option.some<LedgerSale>({
            saleId,
            partnershipId,
            amountCents: cents(Number(row.amountCents)),
            saleDate: row.saleDate,
            kind: row.kind,
            agreementVersion: row.agreementVersion,
            refundedCents: cents(Number(row.refundedCents)),
          })
        : Option.none();
    }),

  periodNet: (partnershipId, version, from, to) =>
    Effect.promise(async () => {
      const { rows } = await sql<{ net: string | number }>`
        SELECT coalesce(sum(amount_cents - refunded_cents), 0) AS net FROM commission_sales
         WHERE partnership_id = ${partnershipId} AND agreement_version = ${version}
           AND sale_date BETWEEN ${from}::date AND ${to}::date`.execute(db);
      return Number(rows[0]?.net ?? 0);
    }),

  monthHasBase: (partnershipId, month) =>
    Effect.promise(async () => {
      const { rows } = await sql`SELECT 1 FROM commission_lines WHERE partnership_id = ${partnershipId}
        AND model = 'base_plus' AND kind <> 'clawback' AND earned_on BETWEEN ${`${month}-01`}::date AND ${monthEnd(month)}::date LIMIT 1`.execute(
        db,
      );
      return rows.length > 0;
    }),

  saveSale: (sale) =>
    Effect.promise(() =>
      sql`INSERT INTO commission_sales (partnership_id, sale_id, amount_cents, sale_date, kind, agreement_version, refunded_cents)
          VALUES (${sale.partnershipId}, ${sale.saleId}, ${sale.amountCents}, ${sale.saleDate}::date, ${sale.kind},
                  ${sale.agreementVersion}, ${sale.refundedCents})`.execute(db),
    ).pipe(Effect.asVoid),

  addRefund: (partnershipId, saleId, applied) =>
    Effect.promise(() =>
      sql`UPDATE commission_sales SET refunded_cents = refunded_cents + ${applied}
           WHERE partnership_id = ${partnershipId} AND sale_id = ${saleId}`.execute(db),
    ).pipe(Effect.asVoid),

  insertLines: (lines, today) =>
    Effect.promise(async () => {
      if (lines.length === 0) return [];
      const values = sql.join(
        lines.map(
          (l) =>
            sql`(${l.partnershipId}, ${l.saleId}, ${l.agreementVersion}, ${l.model}, ${l.kind}, ${l.amountCents},
                 ${l.earnedOn}::date, ${l.payableOn}::date, ${l.payableOn <= today ? "payable" : "earned"}, ${l.reason})`,
        ),
      );
      const { rows } = await sql<LineRow>`INSERT INTO commission_lines
          (partnership_id, sale_id, agreement_version, model, kind, amount_cents, earned_on, payable_on, state, reason)
          VALUES ${values} RETURNING ${lineColumns}`.execute(db);
      return rows.map(toLine);
    }),

  findLine: (id) =>
    Effect.promise(async () => {
      const { rows } =
        await sql<LineRow>`SELECT ${lineColumns} FROM commission_lines WHERE id = ${id}`.execute(db);
      return Option.fromNullable(rows[0]).pipe(Option.map(toLine));
    }),

  lines: (partnershipId, query) =>
    Effect.promise(async () => {
      const month =
        query.month === undefined
          ? sql``
          : sql`AND earned_on BETWEEN ${`${query.month}-01`}::date AND ${monthEnd(query.month)}::date`;
      const states =
        query.states === undefined || query.states.length === 0
          ? sql``
          : sql`AND state IN (${sql.join(query.states)})`;
      // The page by the (partnership, earned_on, id) index, and the count apart: a window count
      // would read every matching row of a long ledger for each page (bench:ledger).
      const { rows } = await sql<LineRow>`
        SELECT ${lineColumns} FROM commission_lines
         WHERE partnership_id = ${partnershipId} ${month} ${states}
         ORDER BY earned_on DESC, id DESC LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`.execute(
        db,
      );
      const counted = await sql<{ n: number }>`SELECT count(*)::int AS n FROM commission_lines
        WHERE partnership_id = ${partnershipId} ${month} ${states}`.execute(db);
      const total = counted.rows[0]?.n ?? 0;
      return { items: rows.map(toLine), total };
    }),

  releaseDue: (today) =>
    Effect.promise(async () => {
      const result = await sql`UPDATE commission_lines SET state = 'payable'
        WHERE state = 'earned' AND payable_on <= ${today}::date`.execute(db);
      return Number(result.numAffectedRows ?? 0);
    }),

  markInvoiced: (ids, invoiceId, on) =>
    Effect.promise(async () => {
      if (ids.length === 0) return;
      await sql`UPDATE commission_lines SET state = 'invoiced', invoice_id = ${invoiceId}, invoiced_on = ${on}::date
              WHERE state = 'payable' AND id IN (${sql.join(ids)})`.execute(db);
    }),

  markPaid: (invoiceId, on) =>
    Effect.promise(async () => {
      const result = await sql`UPDATE commission_lines SET state = 'paid', paid_on = ${on}::date
        WHERE state = 'invoiced' AND invoice_id = ${invoiceId}`.execute(db);
      return Number(result.numAffectedRows ?? 0);
    }),

  statement: (partnershipId, month) =>
    Effect.promise(async (): Promise<CommissionStatement> => {
      const from = `${month}-01`;
      const to = monthEnd(month);
      const { rows } = await sql<Record<string, string | number>>`
        SELECT
          coalesce(sum(amount_cents) FILTER (WHERE earned_on < ${from}::date), 0)
            - coalesce(sum(amount_cents) FILTER (WHERE paid_on < ${from}::date), 0) AS opening,
          coalesce(sum(amount_cents) FILTER (WHERE earned_on BETWEEN ${from}::date AND ${to}::date), 0) AS earned,
          coalesce(sum(amount_cents) FILTER (WHERE kind = 'clawback' AND earned_on BETWEEN ${from}::date AND ${to}::date), 0) AS clawbacks,
          coalesce(sum(amount_cents) FILTER (WHERE state <> 'earned' AND payable_on BETWEEN ${from}::date AND ${to}::date), 0) AS payable,
          coalesce(sum(amount_cents) FILTER (WHERE invoiced_on BETWEEN ${from}::date AND ${to}::date), 0) AS invoiced,
          coalesce(sum(amount_cents) FILTER (WHERE paid_on BETWEEN ${from}::date AND ${to}::date), 0) AS paid
        FROM commission_lines WHERE partnership_id = ${partnershipId}`.execute(db);
      const byModel = await sql<{ model: CommissionLine["model"]; count: number; amount: string | number }>`
        SELECT model, count(*)::int AS count, sum(amount_cents) AS amount FROM commission_lines
         WHERE partnership_id = ${partnershipId} AND kind <> 'clawback' AND earned_on BETWEEN ${from}::date AND ${to}::date
         GROUP BY model`.execute(db);
      const sales = await sql<{ count: number; total: string | number }>`
        SELECT count(*)::int AS count, coalesce(sum(amount_cents), 0) AS total FROM commission_sales
         WHERE partnership_id = ${partnershipId} AND sale_date BETWEEN ${from}::date AND ${to}::date`.execute(
        db,
      );
      const n = (key: string) => Number(rows[0]?.[key] ?? 0);
      return {
        partnershipId,
        month,
        openingBalanceCents: cents(n("opening")),
        sales: { count: sales.rows[0]?.count ?? 0, totalCents: cents(Number(sales.rows[0]?.total ?? 0)) },
        linesByModel: statementModels.flatMap((model) => {
          const row = byModel.rows.find((r) => r.model === model);
          return row ? [{ model, count: row.count, amountCents: cents(Number(row.amount)) }] : [];
        }),
        clawbacksCents: cents(n("clawbacks")),
        earnedCents: cents(n("earned")),
        payableCents: cents(n("payable")),
        invoicedCents: cents(n("invoiced")),
        paidCents: cents(n("paid")),
        closingBalanceCents: cents(n("opening") + n("earned") - n("paid")),
      };
    }),
});

export const CommissionLedgerPg = ambientLayer(CommissionLedger, makeCommissionLedger);

export const makeCommissionRecords = (db: Db): typeof CommissionRecords.Service => ({
  claimRefund: (partnershipId, saleId, refundCents) =>
    Effect.promise(async () => {
      // The refunds told so far plus this one stay within the deal context's refunded total
      // (updated before SaleRefunded is published, in the same transaction): else a repeat.
      const result =
        await sql`UPDATE commission_sales cs SET refunds_seen_cents = cs.refunds_seen_cents + ${refundCents}
          FROM sales s WHERE s.id = cs.sale_id AND cs.partnership_id = ${partnershipId} AND cs.sale_id = ${saleId}
           AND cs.refunds_seen_cents + ${refundCents} <= s.refunded_amount_cents`.execute(db);
      return Number(result.numAffectedRows ?? 0) > 0;
    }),

  payableLines: (partnershipId) =>
    Effect.promise(async () => {
      const { rows } = await sql<LineRow>`SELECT ${lineColumns} FROM commission_lines
        WHERE partnership_id = ${partnershipId} AND state = 'payable' ORDER BY earned_on, id`.execute(db);
      return rows.map(toLine);
    }),

  invoiceLines: (invoiceId) =>
    Effect.promise(async () => {
      const { rows } = await sql<LineRow>`SELECT ${lineColumns} FROM commission_lines
        WHERE invoice_id = ${invoiceId} ORDER BY earned_on, id`.execute(db);
      return rows.map(toLine);
    }),

  recordInvoice: (record) =>
    Effect.promise(() =>
      sql`INSERT INTO commission_invoices (invoice_id, partnership_id, kind, issued_by)
          VALUES (${record.invoiceId}, ${record.partnershipId}, ${record.kind}, ${record.issuedBy})`.execute(
        db,
      ),
    ).pipe(Effect.asVoid),

  findInvoice: (invoiceId) =>
    Effect.promise(async () => {
      const { rows } = await sql<{
        partnershipId: number;
        kind: CommissionInvoiceRecord["kind"];
        issuedBy: number;
        issuedAt: Date | string;
      }>`SELECT partnership_id AS "partnershipId", kind, issued_by AS "issuedBy", issued_at AS "issuedAt"
           FROM commission_invoices WHERE invoice_id = ${invoiceId}`.execute(db);
      const row = rows[0];
      return row
        ? Option.some<CommissionInvoiceRecord>({
            invoiceId,
            partnershipId: PartnershipId.make(row.partnershipId),
            kind: row.kind,
            issuedBy: UserId.make(row.issuedBy),
            issuedAt: new Date(row.issuedAt),
          })
        : Option.none();
    }),

  statementMonths: (partnershipId, paging) =>
    Effect.promise(async () => {
      const { rows } = await sql<{ month: string; total: number }>`
        WITH months AS (
          SELECT to_char(sale_date, 'YYYY-MM') AS month FROM commission_sales WHERE partnership_id = ${partnershipId}
          UNION SELECT to_char(d, 'YYYY-MM') FROM commission_lines l,
            LATERAL (VALUES (l.earned_on), (l.payable_on), (l.invoiced_on), (l.paid_on)) AS v(d)
           WHERE l.partnership_id = ${partnershipId} AND d IS NOT NULL)
        SELECT month, (count(*) OVER ())::int AS total FROM months
         ORDER BY month DESC LIMIT ${paging.pageSize} OFFSET ${(paging.page - 1) * paging.pageSize}`.execute(
        db,
      );
      let total = rows[0]?.total ?? 0;
      if (rows.length === 0 && paging.page > 1) {
        const counted = await sql<{ n: number }>`SELECT count(*)::int AS n FROM (
            SELECT to_char(sale_date, 'YYYY-MM') FROM commission_sales WHERE partnership_id = ${partnershipId}
            UNION SELECT to_char(d, 'YYYY-MM') FROM commission_lines l,
              LATERAL (VALUES (l.earned_on), (l.payable_on), (l.invoiced_on), (l.paid_on)) AS v(d)
             WHERE l.partnership_id = ${partnershipId} AND d IS NOT NULL) m`.execute(db);
        total = counted.rows[0]?.n ?? 0;
      }
      return { items: rows.map((r) => r.month), total };
    }),

  statementIssued: (partnershipId, month) =>
    Effect.promise(async () => {
      const { rows } = await sql`SELECT 1 FROM commission_statements_issued
        WHERE partnership_id = ${partnershipId} AND month = ${month}`.execute(db);
      return rows.length > 0;
    }),

  issueStatements: (month) =>
    Effect.promise(async () => {
      const from = `${month}-01`;
      const to = monthEnd(month);
      const { rows } = await sql<{ partnershipId: number }>`
        INSERT INTO commission_statements_issued (partnership_id, month)
        SELECT DISTINCT partnership_id, ${month} FROM commission_lines
         WHERE earned_on BETWEEN ${from}::date AND ${to}::date OR payable_on BETWEEN ${from}::date AND ${to}::date
            OR invoiced_on BETWEEN ${from}::date AND ${to}::date OR paid_on BETWEEN ${from}::date AND ${to}::date
        ON CONFLICT DO NOTHING RETURNING partnership_id AS "partnershipId"`.execute(db);
      return rows.map((r) => PartnershipId.make(r.partnershipId)).sort((a, b) => a - b);
    }),
});

export const CommissionRecordsPg = ambientLayer(CommissionRecords, makeCommissionRecords);
