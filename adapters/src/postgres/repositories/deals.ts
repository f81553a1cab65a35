/**
 * DealRepository and SaleRepository on PostgreSQL (issue 43 part A, ADR 0062): `customers`,
 * `deals`, `deal_proofs` and `sales` (migration 2026-12-02-43-deals-and-sales).
 *
 * - `register` runs the conflict check and the inserts in one transaction under
 *   `pg_advisory_xact_lock(<deal registration>, business_profile_id)` (the two-key form, so the key
 *   space cannot meet the single-key locks of other sweeps): of two registrations of one customer
 *   at the same moment, the second waits, then sees the first and is refused. The check is
 *   conflict.ts's rule in SQL — the business's customers, its house accounts and every customer a
 *   registration holds (submitted, won, or approved and protected through today in Sydney), by ABN,
 *   by domain, then by near-identical normalised name (pg_trgm `similarity` ≥ dealRules.nameSimilarity).
 * - `record` stores every sale in one INSERT from a jsonb array (a 10,000-row CSV is one statement
 *   and one bind parameter; PostgreSQL allows at most 65,535 parameters per statement).
 * Dates are `date` columns read as `yyyy-MM-dd` text; cents are bigint read as numbers.
 */

import { type AgreementTerms, confirmationWindowDaysOf, protectionDaysOf } from "@closr/core/agreement";
import {
  alreadyRegisteredMessage,
  type Customer,
  CustomerAlreadyRegistered,
  type CustomerSource,
  type Deal,
  DealNotFound,
  type DealPartnership,
  type DealProof,
  DealRepository,
  type DealState,
  type DealStatus,
  dealRules,
  type NewSale,
  type RejectionReason,
  type Sale,
  SaleAlreadyRecorded,
  SaleRepository,
  type SaleStatus,
} from "@closr/core/deal";
import {
  type Abn,
  AgentProfileId,
  BusinessProfileId,
  CustomerId,
  cents,
  DealId,
  PartnershipId,
  SaleId,
  sydneyIsoDate,
  UserId,
} from "@closr/core/shared";
import { Effect, Either, Option } from "effect";
import { type RawBuilder, sql } from "kysely";
import type { Db } from "../database.ts";
import { uniqueViolation } from "../errors.ts";
import { ambientLayer, transact } from "../transaction-scope.ts";

const parseJson = <T>(value: unknown): T => (typeof value === "string" ? JSON.parse(value) : value) as T;
/** snake_case keys as camelCase (a jsonb column the driver returned as text escapes the plugin). */
const camelKeys = (o: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(o).map(([k, v]) => [k.replace(/_([a-z])/g, (_, ch: string) => ch.toUpperCase()), v]),
  );
const date = (d: Date | string | null) => (d === null ? null : new Date(d));

/**
 * The first key of the two-key advisory lock that serialises one business's registrations (the
 * second is the business profile id); exported for the race test, which holds it to line the
 * racers up.
 */
export const dealRegistrationLock = 430_062;

interface PartiesRow {
  partnershipId: number;
  businessId: number;
  agentId: number;
  businessUserId: number;
  agentUserId: number;
  businessName: string;
  agentName: string;
}

const partiesSql = sql.raw(`p.id AS "partnershipId", p.business_id AS "businessId",
  p.agent_id AS "agentId", b.user_id AS "businessUserId", a.user_id AS "agentUserId",
  b.company_name AS "businessName", a.full_name AS "agentName"`);

const parties = (r: PartiesRow) => ({
  partnershipId: PartnershipId.make(r.partnershipId),
  businessId: BusinessProfileId.make(r.businessId),
  agentId: AgentProfileId.make(r.agentId),
  businessUserId: UserId.make(r.businessUserId),
  agentUserId: UserId.make(r.agentUserId),
  businessName: r.businessName,
  agentName: r.agentName,
});

interface CustomerRow {
  id: number;
  businessProfileId: number;
  name: string;
  normalisedName: string;
  abn: string | null;
  domain: string | null;
  contactName: string | null;
  contactEmail: string | null;
  contactPhone: string | null;
  houseAccount: boolean;
  source: string;
  createdAt: Date | string;
}

const customerColumns = (alias: string) =>
  sql.raw(
    [
      ["id", "id"],
      ["business_profile_id", "businessProfileId"],
      ["name", "name"],
      ["normalised_name", "normalisedName"],
      ["abn", "abn"],
      ["domain", "domain"],
      ["contact_name", "contactName"],
      ["contact_email", "contactEmail"],
      ["contact_phone", "contactPhone"],
      ["house_account", "houseAccount"],
      ["source", "source"],
      ["created_at", "createdAt"],
    ]
      .map(([column, name]) => `${alias}.${column} AS "${name}"`)
      .join(", "),
  );

const toCustomer = (r: CustomerRow): Customer => ({
  id: CustomerId.make(r.id),
  businessId: r.businessProfileId,
  name: r.name,
  normalisedName: r.normalisedName,
  abn: r.abn as Abn | null,
  domain: r.domain,
  contactName: r.contactName,
  contactEmail: r.contactEmail,
  contactPhone: r.contactPhone,
  houseAccount: r.houseAccount,
  source: r.source as CustomerSource,
  createdAt: new Date(r.createdAt),
});

interface DealRow extends PartiesRow {
  id: number;
  /** `to_jsonb(c)`: its keys camel-cased by kysely's CamelCasePlugin (nested objects too). */
  customer: unknown;
  state: string;
  estimatedValueCents: string | number | null;
  expectedCloseDate: string | null;
  notes: string;
  protectedUntil: string | null;
  rejectionReason: string | null;
  rejectionNote: string | null;
  expiryNoticeFor: string | null;
  submittedAt: Date | string;
  decidedAt: Date | string | null;
  closedAt: Date | string | null;
}

const dealSelect = sql`SELECT d.id, d.state, d.estimated_value_cents AS "estimatedValueCents",
    to_char(d.expected_close_date, 'YYYY-MM-DD') AS "expectedCloseDate", d.notes,
    to_char(d.protected_until, 'YYYY-MM-DD') AS "protectedUntil", d.rejection_reason AS "rejectionReason",
    d.rejection_note AS "rejectionNote", to_char(d.expiry_notice_for, 'YYYY-MM-DD') AS "expiryNoticeFor",
    d.submitted_at AS "submittedAt", d.decided_at AS "decidedAt", d.closed_at AS "closedAt",
    to_jsonb(c) AS customer, ${partiesSql}
  FROM deals d
  JOIN customers c ON c.id = d.customer_id
  JOIN partnerships p ON p.id = d.partnership_id
  JOIN business_profiles b ON b.id = p.business_id
  JOIN agent_profiles a ON a.id = p.agent_id`;

interface ProofRow {
  id: number;
  dealId: number;
  fileName: string;
  contentType: string;
  size: number;
  storageKey: string;
  createdAt: Date | string;
}

const toProof = (r: ProofRow): DealProof => ({
  id: r.id,
  dealId: DealId.make(r.dealId),
  fileName: r.fileName,
  contentType: r.contentType as DealProof["contentType"],
  size: Number(r.size),
  storageKey: r.storageKey,
  createdAt: new Date(r.createdAt),
});

const proofSelect = sql`SELECT id, deal_id AS "dealId", file_name AS "fileName",
  content_type AS "contentType", size, storage_key AS "storageKey", created_at AS "createdAt" FROM deal_proofs`;

const toDeal = (r: DealRow, proofs: readonly DealProof[]): Deal => ({
  ...parties(r),
  id: DealId.make(r.id),
  customer: toCustomer(camelKeys(parseJson<Record<string, unknown>>(r.customer)) as unknown as CustomerRow),
  estimatedValueCents: r.estimatedValueCents === null ? null : cents(Number(r.estimatedValueCents)),
  expectedCloseDate: r.expectedCloseDate,
  notes: r.notes,
  state: r.state as DealState,
  protectedUntil: r.protectedUntil,
  rejectionReason: r.rejectionReason as RejectionReason | null,
  rejectionNote: r.rejectionNote,
  decidedAt: date(r.decidedAt),
  closedAt: date(r.closedAt),
  proofs,
  submittedAt: new Date(r.submittedAt),
  expiryNoticeFor: r.expiryNoticeFor,
});

async function loadDeals(db: Db, where: RawBuilder<unknown>, tail: RawBuilder<unknown> = sql``) {
  const { rows } = await sql<DealRow>`${dealSelect} WHERE ${where} ${tail}`.execute(db);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const proofs = await sql<ProofRow>`${proofSelect} WHERE deal_id = ANY(${ids}::int[]) ORDER BY id`.execute(
    db,
  );
  const byDeal = new Map<number, DealProof[]>();
  for (const p of proofs.rows) byDeal.set(p.dealId, [...(byDeal.get(p.dealId) ?? []), toProof(p)]);
  return rows.map((r) => toDeal(r, byDeal.get(r.id) ?? []));
}

const oneDeal = async (db: Db, id: number) => (await loadDeals(db, sql`d.id = ${id}`))[0];

/** The conflict check's candidates, in conflict.ts's order: ABN, domain, name; house, customer, deal. */
async function conflictOf(
  trx: Db,
  businessId: number,
  customer: { abn: string | null; domain: string | null; normalisedName: string },
  today: string,
) {
  const { rows } = await sql<{ customerId: number; holder: string; by: string }>`
    WITH candidates AS (
      SELECT c.id, c.abn, c.domain, c.normalised_name,
             CASE WHEN c.house_account THEN 0 WHEN c.source = 'business' THEN 1 ELSE 2 END AS rank
        FROM customers c
       WHERE c.business_profile_id = ${businessId}
         AND (c.source = 'business' OR EXISTS (
              SELECT 1 FROM deals d WHERE d.customer_id = c.id
                 AND (d.state IN ('submitted', 'won')
                      OR (d.state = 'approved' AND d.protected_until >= ${today}::date))))
    ), matches AS (
      SELECT id, rank,
             CASE WHEN ${customer.abn}::text IS NOT NULL AND abn = ${customer.abn} THEN 0
                  WHEN ${customer.domain}::text IS NOT NULL AND domain = ${customer.domain} THEN 1
                  WHEN normalised_name = ${customer.normalisedName}
                    OR similarity(normalised_name, ${customer.normalisedName}) >= ${dealRules.nameSimilarity}
                  THEN 2 END AS by
        FROM candidates
    )
    SELECT id AS "customerId",
           CASE rank WHEN 0 THEN 'house_account' WHEN 1 THEN 'customer' ELSE 'deal' END AS holder,
           CASE by WHEN 0 THEN 'abn' WHEN 1 THEN 'domain' ELSE 'name' END AS by
      FROM matches WHERE by IS NOT NULL ORDER BY by, rank, id LIMIT 1`.execute(trx);
  return rows[0];
}

const makeDealRepository = (db: Db): typeof DealRepository.Service => ({
  partnership: (id) =>
    Effect.promise(async (): Promise<Option.Option<DealPartnership>> => {
      const { rows } = await sql<PartiesRow & { status: string; terms: unknown }>`
        SELECT ${partiesSql}, p.status,
               (SELECT v.terms FROM agreement_versions v JOIN agreements g ON g.id = v.agreement_id
                 WHERE g.partnership_id = p.id AND v.status = 'signed'
                 ORDER BY v.number DESC LIMIT 1) AS terms
          FROM partnerships p
          JOIN business_profiles b ON b.id = p.business_id
          JOIN agent_profiles a ON a.id = p.agent_id
         WHERE p.id = ${id}`.execute(db);
      const row = rows[0];
      if (!row) return Option.none();
      const terms = row.terms === null ? {} : parseJson<Partial<AgreementTerms>>(row.terms);
      return Option.some({
        ...parties(row),
        status: row.status,
        protectionDays: protectionDaysOf(terms),
        confirmationWindowDays: confirmationWindowDaysOf(terms),
      });
    }),

  register: (input) =>
    Effect.promise(() =>
      transact(db, async (trx): Promise<Either.Either<number, CustomerAlreadyRegistered>> => {
        await sql`SELECT pg_advisory_xact_lock(${dealRegistrationLock}::int, ${input.businessId}::int)`.execute(
          trx,
        );
        const conflict = await conflictOf(trx, input.businessId, input.customer, sydneyIsoDate(input.at));
        if (conflict)
          return Either.left(new CustomerAlreadyRegistered({ message: alreadyRegisteredMessage }));
        const c = input.customer;
        const { rows } = await sql<{ id: number }>`
          INSERT INTO customers (business_profile_id, name, normalised_name, abn, domain, contact_name,
                                 contact_email, contact_phone, house_account, source, created_at)
          VALUES (${input.businessId}, ${c.name}, ${c.normalisedName}, ${c.abn}, ${c.domain}, ${c.contactName},
                  ${c.contactEmail}, ${c.contactPhone}, false, 'deal', ${input.at})
          RETURNING id`.execute(trx);
        const s = input.status;
        const deal = await sql<{ id: number }>`
          INSERT INTO deals (partnership_id, customer_id, state, estimated_value_cents, expected_close_date,
                             notes, protected_until, rejection_reason, rejection_note, submitted_at,
                             decided_at, closed_at, updated_at)
          VALUES (${input.partnershipId}, ${rows[0]!.id}, ${s.state}, ${input.estimatedValueCents},
                  ${input.expectedCloseDate}::date, ${input.notes}, ${s.protectedUntil}::date,
                  ${s.rejectionReason}, ${s.rejectionNote}, ${input.at}, ${s.decidedAt}, ${s.closedAt}, ${input.at})
          RETURNING id`.execute(trx);
        return Either.right(deal.rows[0]!.id);
      }),
    ).pipe(
      Effect.flatMap((r) =>
        Either.isLeft(r) ? Effect.fail(r.left) : Effect.promise(async () => (await oneDeal(db, r.right))!),
      ),
    ),

  findDeal: (id) => Effect.promise(async () => Option.fromNullable(await oneDeal(db, id))),

  listDeals: (q) =>
    Effect.promise(async () => {
      const conditions = [
        q.party === "business" ? sql`p.business_id = ${q.profileId}` : sql`p.agent_id = ${q.profileId}`,
      ];
      if (q.partnershipId !== undefined) conditions.push(sql`d.partnership_id = ${q.partnershipId}`);
      if (q.state !== undefined) conditions.push(sql`d.state = ${q.state}`);
      const where = sql.join(conditions, sql` AND `);
      const [items, count] = await Promise.all([
        loadDeals(
          db,
          where,
          sql`ORDER BY d.submitted_at DESC, d.id DESC LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`,
        ),
        sql<{ total: number }>`SELECT count(*)::int AS total FROM deals d
          JOIN partnerships p ON p.id = d.partnership_id WHERE ${where}`.execute(db),
      ]);
      return { items, total: Number(count.rows[0]?.total ?? 0) };
    }),

  updateDeal: <E>(
    id: DealId,
    decide: (deal: Deal) => Either.Either<DealStatus & { readonly expiryNoticeFor?: string | null }, E>,
  ) =>
    Effect.promise(() =>
      transact(db, async (trx): Promise<Either.Either<{ before: Deal; after: Deal }, E | DealNotFound>> => {
        const locked = await sql`SELECT id FROM deals WHERE id = ${id} FOR UPDATE`.execute(trx);
        if (locked.rows.length === 0) return Either.left(new DealNotFound({ id }));
        const before = (await oneDeal(trx, id))!;
        const verdict = decide(before);
        if (Either.isLeft(verdict)) return Either.left(verdict.left);
        const s = verdict.right;
        const notice = s.expiryNoticeFor === undefined ? before.expiryNoticeFor : s.expiryNoticeFor;
        await sql`UPDATE deals SET state = ${s.state}, protected_until = ${s.protectedUntil}::date,
            rejection_reason = ${s.rejectionReason}, rejection_note = ${s.rejectionNote},
            decided_at = ${s.decidedAt}, closed_at = ${s.closedAt}, expiry_notice_for = ${notice}::date,
            updated_at = now()
          WHERE id = ${id}`.execute(trx);
        return Either.right({ before, after: (await oneDeal(trx, id))! });
      }),
    ).pipe(Effect.flatMap((r) => (Either.isLeft(r) ? Effect.fail(r.left) : Effect.succeed(r.right)))),

  addProof: (proof) =>
    Effect.promise(async () => {
      const { rows } = await sql<ProofRow>`
        INSERT INTO deal_proofs (deal_id, file_name, content_type, size, storage_key)
        VALUES (${proof.dealId}, ${proof.fileName}, ${proof.contentType}, ${proof.size}, ${proof.storageKey})
        RETURNING id, deal_id AS "dealId", file_name AS "fileName", content_type AS "contentType", size,
                  storage_key AS "storageKey", created_at AS "createdAt"`.execute(db);
      return toProof(rows[0]!);
    }),

  findProof: (id) =>
    Effect.promise(async () => {
      const { rows } = await sql<ProofRow>`${proofSelect} WHERE id = ${id}`.execute(db);
      return Option.fromNullable(rows[0]).pipe(Option.map(toProof));
    }),

  expiredBy: (today) =>
    Effect.promise(async () => {
      const { rows } = await sql<{ id: number }>`SELECT id FROM deals
        WHERE state = 'approved' AND protected_until < ${today}::date ORDER BY protected_until, id`.execute(
        db,
      );
      return rows.map((r) => DealId.make(r.id));
    }),

  expiringBy: (until) =>
    Effect.promise(async () => {
      const { rows } = await sql<{ id: number }>`SELECT id FROM deals
        WHERE state = 'approved' AND protected_until <= ${until}::date
          AND expiry_notice_for IS DISTINCT FROM protected_until ORDER BY protected_until, id`.execute(db);
      return rows.map((r) => DealId.make(r.id));
    }),

  addCustomer: (businessId, c) =>
    Effect.promise(async () => {
      const { rows } = await sql<CustomerRow>`
        INSERT INTO customers AS x (business_profile_id, name, normalised_name, abn, domain, contact_name,
                               contact_email, contact_phone, house_account, source)
        VALUES (${businessId}, ${c.name}, ${c.normalisedName}, ${c.abn}, ${c.domain}, ${c.contactName},
                ${c.contactEmail}, ${c.contactPhone}, ${c.houseAccount}, 'business')
        RETURNING ${customerColumns("x")}`.execute(db);
      return toCustomer(rows[0]!);
    }),

  removeCustomer: (businessId, id) =>
    Effect.promise(async () => {
      const { rows } = await sql<{ id: number }>`DELETE FROM customers
        WHERE id = ${id} AND business_profile_id = ${businessId} AND source = 'business' RETURNING id`.execute(
        db,
      );
      return rows.length > 0;
    }),

  listCustomers: (businessId, page) =>
    Effect.promise(async () => {
      const [items, count] = await Promise.all([
        sql<CustomerRow>`SELECT ${customerColumns("c")} FROM customers c
          WHERE c.business_profile_id = ${businessId} AND c.source = 'business'
          ORDER BY c.normalised_name, c.id LIMIT ${page.pageSize} OFFSET ${(page.page - 1) * page.pageSize}`.execute(
          db,
        ),
        sql<{ total: number }>`SELECT count(*)::int AS total FROM customers
          WHERE business_profile_id = ${businessId} AND source = 'business'`.execute(db),
      ]);
      return { items: items.rows.map(toCustomer), total: Number(count.rows[0]?.total ?? 0) };
    }),
});

interface SaleRow extends PartiesRow {
  id: number;
  dealId: number | null;
  customerId: number | null;
  customerName: string | null;
  amountCents: string | number;
  refundedCents: string | number;
  saleDate: string;
  kind: Sale["kind"];
  state: Sale["state"];
  reportedBy: Sale["reportedBy"];
  source: Sale["source"];
  externalRef: string | null;
  confirmBy: Date | string | null;
  confirmedAt: Date | string | null;
  confirmNoticeAt: Date | string | null;
  disputeNote: string | null;
  createdAt: Date | string;
}

const saleSelect = sql`SELECT s.id, s.deal_id AS "dealId", s.customer_id AS "customerId",
    c.name AS "customerName", s.amount_cents AS "amountCents", s.refunded_amount_cents AS "refundedCents",
    to_char(s.sale_date, 'YYYY-MM-DD') AS "saleDate", s.kind, s.state, s.reported_by AS "reportedBy",
    s.source, s.external_ref AS "externalRef", s.confirm_by AS "confirmBy", s.confirmed_at AS "confirmedAt",
    s.confirm_notice_at AS "confirmNoticeAt", s.dispute_note AS "disputeNote", s.created_at AS "createdAt",
    ${partiesSql}
  FROM sales s
  LEFT JOIN customers c ON c.id = s.customer_id
  JOIN partnerships p ON p.id = s.partnership_id
  JOIN business_profiles b ON b.id = p.business_id
  JOIN agent_profiles a ON a.id = p.agent_id`;

const toSale = (r: SaleRow): Sale => ({
  ...parties(r),
  id: SaleId.make(r.id),
  dealId: r.dealId === null ? null : DealId.make(r.dealId),
  customerId: r.customerId === null ? null : CustomerId.make(r.customerId),
  customerName: r.customerName,
  amountCents: cents(Number(r.amountCents)),
  refundedCents: cents(Number(r.refundedCents)),
  saleDate: r.saleDate,
  kind: r.kind,
  state: r.state,
  reportedBy: r.reportedBy,
  source: r.source,
  externalRef: r.externalRef,
  confirmBy: date(r.confirmBy),
  confirmedAt: date(r.confirmedAt),
  confirmNoticeAt: date(r.confirmNoticeAt),
  disputeNote: r.disputeNote,
  createdAt: new Date(r.createdAt),
});

const loadSales = async (db: Db, where: RawBuilder<unknown>, tail: RawBuilder<unknown> = sql``) =>
  (await sql<SaleRow>`${saleSelect} WHERE ${where} ${tail}`.execute(db)).rows.map(toSale);

const oneSale = async (db: Db, id: number) => (await loadSales(db, sql`s.id = ${id}`))[0];

/** A sale as the jsonb row of the one-statement insert. */
const saleRecord = (s: NewSale, ord: number) => ({
  ord,
  partnership_id: s.partnershipId,
  deal_id: s.dealId,
  customer_id: s.customerId,
  amount_cents: s.status.amountCents,
  sale_date: s.saleDate,
  kind: s.kind,
  state: s.status.state,
  reported_by: s.reportedBy,
  source: s.source,
  external_ref: s.externalRef,
  confirm_by: s.status.confirmBy?.toISOString() ?? null,
  confirmed_at: s.status.confirmedAt?.toISOString() ?? null,
  dispute_note: s.status.disputeNote,
});

const makeSaleRepository = (db: Db): typeof SaleRepository.Service => ({
  record: (sales) =>
    Effect.tryPromise({
      try: () =>
        transact(db, async (trx): Promise<Either.Either<number[], SaleAlreadyRecorded>> => {
          if (sales.length === 0) return Either.right([]);
          const seen = new Set<string>();
          for (const s of sales) {
            if (s.externalRef === null) continue;
            const key = `${s.partnershipId}\n${s.externalRef}`;
            if (seen.has(key)) return Either.left(new SaleAlreadyRecorded({ externalRef: s.externalRef }));
            seen.add(key);
          }
          const withRef = sales.filter((s) => s.externalRef !== null);
          if (withRef.length > 0) {
            const { rows } = await sql<{ externalRef: string }>`
              SELECT external_ref AS "externalRef" FROM sales
               WHERE (partnership_id, external_ref) IN (
                 SELECT x.partnership_id, x.external_ref
                   FROM jsonb_to_recordset(${JSON.stringify(withRef.map(saleRecord))}::text::jsonb)
                     AS x(partnership_id int, external_ref text))
               LIMIT 1`.execute(trx);
            if (rows[0]) return Either.left(new SaleAlreadyRecorded({ externalRef: rows[0].externalRef }));
          }
          const { rows } = await sql<{ id: number }>`
            INSERT INTO sales (partnership_id, deal_id, customer_id, amount_cents, sale_date, kind, state,
                               reported_by, source, external_ref, confirm_by, confirmed_at, dispute_note)
            SELECT partnership_id, deal_id, customer_id, amount_cents, sale_date, kind, state, reported_by,
                   source, external_ref, confirm_by, confirmed_at, dispute_note
              FROM jsonb_to_recordset(${JSON.stringify(sales.map(saleRecord))}::text::jsonb) AS x(
                ord int, partnership_id int, deal_id int, customer_id int, amount_cents bigint, sale_date date,
                kind text, state text, reported_by text, source text, external_ref text,
                confirm_by timestamptz, confirmed_at timestamptz, dispute_note text)
             ORDER BY ord
            RETURNING id`.execute(trx);
          // Identity values are drawn in insertion order, which follows ORDER BY ord.
          return Either.right(rows.map((r) => r.id).sort((a, b) => a - b));
        }),
      catch: (error) => error,
    }).pipe(
      Effect.catchAll((error) =>
        uniqueViolation(error) === "sales_partnership_external_ref_idx"
          ? Effect.succeed(Either.left(new SaleAlreadyRecorded({ externalRef: "" })))
          : Effect.die(error),
      ),
      Effect.flatMap((r) =>
        Either.isLeft(r)
          ? Effect.fail(r.left)
          : Effect.promise(() =>
              r.right.length === 0
                ? Promise.resolve([])
                : loadSales(db, sql`s.id = ANY(${r.right}::int[])`, sql`ORDER BY s.id`),
            ),
      ),
    ),

  findSale: (id) => Effect.promise(async () => Option.fromNullable(await oneSale(db, id))),

  listSales: (q) =>
    Effect.promise(async () => {
      const conditions = [
        q.party === "business" ? sql`p.business_id = ${q.profileId}` : sql`p.agent_id = ${q.profileId}`,
      ];
      if (q.partnershipId !== undefined) conditions.push(sql`s.partnership_id = ${q.partnershipId}`);
      if (q.state !== undefined) conditions.push(sql`s.state = ${q.state}`);
      const where = sql.join(conditions, sql` AND `);
      const [items, count] = await Promise.all([
        loadSales(
          db,
          where,
          sql`ORDER BY s.sale_date DESC, s.id DESC LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`,
        ),
        sql<{ total: number }>`SELECT count(*)::int AS total FROM sales s
          JOIN partnerships p ON p.id = s.partnership_id WHERE ${where}`.execute(db),
      ]);
      return { items, total: Number(count.rows[0]?.total ?? 0) };
    }),

  updateSale: <E>(
    id: SaleId,
    decide: (sale: Sale) => Either.Either<SaleStatus & { readonly confirmNoticeAt?: Date | null }, E>,
  ) =>
    Effect.promise(() =>
      transact(db, async (trx): Promise<Either.Either<{ before: Sale; after: Sale }, E | DealNotFound>> => {
        const locked = await sql`SELECT id FROM sales WHERE id = ${id} FOR UPDATE`.execute(trx);
        if (locked.rows.length === 0) return Either.left(new DealNotFound({ id }));
        const before = (await oneSale(trx, id))!;
        const verdict = decide(before);
        if (Either.isLeft(verdict)) return Either.left(verdict.left);
        const s = verdict.right;
        const notice = s.confirmNoticeAt === undefined ? before.confirmNoticeAt : s.confirmNoticeAt;
        await sql`UPDATE sales SET state = ${s.state}, amount_cents = ${s.amountCents},
            refunded_amount_cents = ${s.refundedCents}, confirm_by = ${s.confirmBy},
            confirmed_at = ${s.confirmedAt}, dispute_note = ${s.disputeNote}, confirm_notice_at = ${notice}
          WHERE id = ${id}`.execute(trx);
        return Either.right({ before, after: (await oneSale(trx, id))! });
      }),
    ).pipe(Effect.flatMap((r) => (Either.isLeft(r) ? Effect.fail(r.left) : Effect.succeed(r.right)))),

  confirmableBy: (at) =>
    Effect.promise(async () => {
      const { rows } = await sql<{ id: number }>`SELECT id FROM sales
        WHERE state = 'reported' AND confirm_by <= ${at} ORDER BY confirm_by, id`.execute(db);
      return rows.map((r) => SaleId.make(r.id));
    }),

  confirmingBy: (until) =>
    Effect.promise(async () => {
      const { rows } = await sql<{ id: number }>`SELECT id FROM sales
        WHERE state = 'reported' AND confirm_by <= ${until} AND confirm_notice_at IS NULL
        ORDER BY confirm_by, id`.execute(db);
      return rows.map((r) => SaleId.make(r.id));
    }),
});

/** DealRepository on the process's PostgreSQL, joined to the ambient transaction. */
export const DealRepositoryPg = ambientLayer(DealRepository, makeDealRepository);
/** SaleRepository on the process's PostgreSQL, joined to the ambient transaction. */
export const SaleRepositoryPg = ambientLayer(SaleRepository, makeSaleRepository);
