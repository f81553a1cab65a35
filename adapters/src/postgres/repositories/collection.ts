/**
 * The collection context's repositories on PostgreSQL (issue 45, ADR 0064): payment mandates, and
 * the sweep's view of due invoices with their mandate attempts (payments with a mandate_id).
 * Money is bigint cents; dates `date` (Sydney calendar days).
 */
import {
  type AttemptFacts,
  type CollectionRepository,
  CollectionRepository as CollectionRepositoryTag,
  type CollectionRow,
  type Mandate,
  MandateId,
  MandateNotFound,
  MandateRepository,
} from "@closr/core/collection";
import { businessDate } from "@closr/core/invoice";
import {
  AgentProfileId,
  BusinessProfileId,
  cents,
  InvoiceId,
  PartnershipId,
  PaymentId,
} from "@closr/core/shared";
import { Effect, Either, Layer, Option } from "effect";
import { type RawBuilder, type Selectable, sql, type Transaction } from "kysely";
import type { Db } from "../database.ts";
import { PgDatabase } from "../database-service.ts";
import { invoiceStateFacts } from "../invoice-state-sql.ts";
import type { Database, PaymentMandatesTable } from "../schema.ts";
import { joinAmbient, transact } from "../transaction-scope.ts";

const toMandate = (r: Selectable<PaymentMandatesTable>): Mandate => ({
  id: MandateId(r.id),
  partnershipId: PartnershipId.make(r.partnershipId),
  businessId: BusinessProfileId.make(r.businessId),
  agentId: AgentProfileId.make(r.agentId),
  method: r.method as Mandate["method"],
  status: r.status as Mandate["status"],
  reference: r.reference,
  setupIntentId: r.setupIntentId,
  gatewayMandateId: r.gatewayMandateId,
  paymentMethodId: r.paymentMethodId,
  bsb: r.bsb,
  lastFour: r.lastFour,
  acceptedAt: new Date(r.acceptedAt),
  acceptedIp: r.acceptedIp,
  acceptedUserAgent: r.acceptedUserAgent,
  inactiveReason: r.inactiveReason,
  createdAt: new Date(r.createdAt as unknown as string),
  updatedAt: new Date(r.updatedAt as unknown as string),
});

/** The mandate whose unique `column` is `value`, if any. */
const oneBy = (db: Db, column: "id" | "setupIntentId" | "gatewayMandateId", value: number | string) =>
  Effect.promise(async () =>
    Option.map(
      Option.fromNullable(
        await db
          .selectFrom("paymentMandates")
          .selectAll()
          .where(column, "=", value as never)
          .executeTakeFirst(),
      ),
      toMandate,
    ),
  );

const makeMandates = (db: Db): MandateRepository["Type"] => ({
  insert: (m) =>
    Effect.promise(async () =>
      toMandate(
        await db
          .insertInto("paymentMandates")
          .values({ ...m })
          .returningAll()
          .executeTakeFirstOrThrow(),
      ),
    ),
  findById: (id) => oneBy(db, "id", id),
  findBySetupIntent: (setupIntentId) => oneBy(db, "setupIntentId", setupIntentId),
  findByGatewayMandate: (gatewayMandateId) => oneBy(db, "gatewayMandateId", gatewayMandateId),
  liveFor: (partnershipId) =>
    Effect.promise(async () =>
      Option.map(
        Option.fromNullable(
          await db
            .selectFrom("paymentMandates")
            .selectAll()
            .where("partnershipId", "=", partnershipId)
            .where("status", "in", ["pending", "active"])
            .executeTakeFirst(),
        ),
        toMandate,
      ),
    ),
  listForBusiness: (businessId) =>
    Effect.promise(async () =>
      (
        await db
          .selectFrom("paymentMandates")
          .selectAll()
          .where("businessId", "=", businessId)
          .orderBy("id", "desc")
          .execute()
      ).map(toMandate),
    ),
  change: <E>(id: MandateId, decide: (m: Mandate) => Either.Either<Mandate, E>) =>
    Effect.flatten(
      Effect.promise(() =>
        transact(db, async (trx): Promise<Effect.Effect<Mandate, E | MandateNotFound>> => {
          const row = await trx
            .selectFrom("paymentMandates")
            .selectAll()
            .where("id", "=", id)
            .forUpdate()
            .executeTakeFirst();
          if (!row) return Effect.fail(new MandateNotFound({ id }));
          const next = decide(toMandate(row));
          if (Either.isLeft(next)) return Effect.fail(next.left);
          const m = next.right;
          const updated = await trx
            .updateTable("paymentMandates")
            .set({
              status: m.status,
              gatewayMandateId: m.gatewayMandateId,
              paymentMethodId: m.paymentMethodId,
              inactiveReason: m.inactiveReason,
              updatedAt: sql`now()`,
            })
            .where("id", "=", id)
            .returningAll()
            .executeTakeFirstOrThrow();
          return Effect.succeed(toMandate(updated));
        }),
      ),
    ),
});

interface RawRow {
  id: number;
  partnershipId: number;
  businessId: number;
  agentId: number;
  amountCents: string | number;
  platformFeeCents: string | number;
  description: string;
  dueDate: string | Date;
  isPaid: boolean;
  cancelled: boolean;
  disputed: boolean;
  mandateId: number | null;
  noticeSentOn: string | Date | null;
  failureNotifiedAttempt: number | null;
  attempts: unknown;
}

const day = (v: string | Date | null): string | null =>
  v === null ? null : typeof v === "string" ? v.slice(0, 10) : v.toISOString().slice(0, 10);

/** The sweep's row query: the invoice, its partnership's live (or latest) mandate, its mandate attempts. */
const rowsQuery = (where: RawBuilder<unknown>, limit: number) => sql<RawRow>`
  SELECT i.id, i.partnership_id, i.business_id, i.agent_id, i.amount_cents, i.platform_fee_cents,
         i.description, i.due_date::text AS due_date, i.is_paid, (i.cancelled_at IS NOT NULL) AS cancelled,
         ${invoiceStateFacts("i").disputed} AS disputed, m.id AS mandate_id, c.notice_sent_on::text AS notice_sent_on, c.failure_notified_attempt,
         COALESCE((SELECT json_agg(json_build_object('attempt', p.collection_attempt, 'status', p.status,
                    'createdAt', p.created_at, 'failureMessage', p.failure_message))
                   FROM payments p WHERE p.invoice_id = i.id AND p.collection_attempt IS NOT NULL), '[]') AS attempts
  FROM invoices i
  JOIN LATERAL (SELECT id FROM payment_mandates pm WHERE pm.partnership_id = i.partnership_id
                ORDER BY (pm.status = 'active') DESC, pm.id DESC LIMIT 1) m ON true
  LEFT JOIN invoice_collection c ON c.invoice_id = i.id
  WHERE ${where}
  ORDER BY i.id
  LIMIT ${limit}`;

const toRow = async (d: Db | Transaction<Database>, r: RawRow): Promise<CollectionRow> => {
  const mandateRow = r.mandateId
    ? await d.selectFrom("paymentMandates").selectAll().where("id", "=", r.mandateId).executeTakeFirst()
    : undefined;
  const mandate = mandateRow ? toMandate(mandateRow) : null;
  const raw = (typeof r.attempts === "string" ? JSON.parse(r.attempts) : r.attempts) as {
    attempt: number;
    status: AttemptFacts["status"];
    createdAt: string;
    failureMessage: string | null;
  }[];
  const attempts: AttemptFacts[] = raw.map((a) => ({
    attempt: a.attempt,
    status: a.status,
    chargedOn: businessDate(new Date(a.createdAt)),
    failureMessage: a.failureMessage,
  }));
  const invoice = {
    id: InvoiceId.make(r.id),
    partnershipId: PartnershipId.make(r.partnershipId),
    businessId: BusinessProfileId.make(r.businessId),
    agentId: AgentProfileId.make(r.agentId),
    amountCents: cents(Number(r.amountCents)),
    platformFeeCents: cents(Number(r.platformFeeCents)),
    description: r.description,
    dueDate: day(r.dueDate)!,
    isPaid: r.isPaid,
  };
  return {
    candidate: {
      invoice: {
        id: r.id,
        amountCents: invoice.amountCents,
        dueDate: invoice.dueDate,
        isPaid: r.isPaid,
        cancelled: r.cancelled,
        disputed: r.disputed,
      },
      mandate: mandate ? { id: mandate.id, status: mandate.status } : null,
      attempts,
    },
    invoice,
    mandate,
    noticeSentOn: day(r.noticeSentOn),
    failureNotifiedAttempt: r.failureNotifiedAttempt ?? 0,
  };
};

const makeCollection = (db: Db): CollectionRepository["Type"] => ({
  dueRows: (through, afterId, limit) =>
    Effect.promise(async () => {
      const { rows } = await rowsQuery(
        sql`NOT i.is_paid AND i.cancelled_at IS NULL AND i.due_date <= ${through}::date AND i.id > ${afterId}`,
        limit,
      ).execute(db);
      return Promise.all(rows.map((r) => toRow(db, r)));
    }),
  beginAttempt: (invoiceId, decide) =>
    Effect.promise(() =>
      transact(db, async (trx) => {
        await trx
          .selectFrom("invoices")
          .select("id")
          .where("id", "=", invoiceId)
          .forUpdate()
          .executeTakeFirst();
        const { rows } = await rowsQuery(sql`i.id = ${invoiceId}`, 1).execute(trx);
        if (!rows[0])
          return {
            decision: { type: "skip" as const, reason: "no_active_mandate" as const },
            paymentId: null,
            row: null,
          };
        const row = await toRow(trx, rows[0]);
        const decision = decide(row);
        if (decision.type === "skip") return { decision, paymentId: null, row };
        if (decision.resume) {
          const existing = await trx
            .selectFrom("payments")
            .select("id")
            .where("invoiceId", "=", invoiceId)
            .where("collectionAttempt", "=", decision.attempt)
            .executeTakeFirstOrThrow();
          return { decision, paymentId: PaymentId.make(existing.id), row };
        }
        const { max } = await trx
          .selectFrom("payments")
          .select((eb) => eb.fn.coalesce(eb.fn.max("attempt"), sql<number>`0`).as("max"))
          .where("invoiceId", "=", invoiceId)
          .executeTakeFirstOrThrow();
        const created = await trx
          .insertInto("payments")
          .values({
            invoiceId,
            businessId: row.invoice.businessId,
            agentId: row.invoice.agentId,
            amountCents: row.invoice.amountCents,
            applicationFeeCents: row.invoice.platformFeeCents,
            attempt: Number(max) + 1,
            mandateId: row.mandate?.id ?? null,
            collectionAttempt: decision.attempt,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        return { decision, paymentId: PaymentId.make(created.id), row };
      }),
    ),
  forInvoice: (invoiceId) =>
    Effect.promise(async () => {
      const { rows } = await rowsQuery(sql`i.id = ${invoiceId}`, 1).execute(db);
      return rows[0] ? Option.some(await toRow(db, rows[0])) : Option.none();
    }),
  markNoticeSent: (invoiceId, on) =>
    Effect.promise(async () => {
      await db
        .insertInto("invoiceCollection")
        .values({ invoiceId, noticeSentOn: on })
        .onConflict((oc) => oc.column("invoiceId").doUpdateSet({ noticeSentOn: on }))
        .execute();
    }),
  markFailureNotified: (invoiceId, attempt) =>
    Effect.promise(async () => {
      await db
        .insertInto("invoiceCollection")
        .values({ invoiceId, failureNotifiedAttempt: attempt })
        .onConflict((oc) => oc.column("invoiceId").doUpdateSet({ failureNotifiedAttempt: attempt }))
        .execute();
    }),
});

/** MandateRepository and CollectionRepository over the process's database (joining ambient transactions). */
export const CollectionRepositoriesPg = Layer.unwrapEffect(
  Effect.map(PgDatabase, (db) =>
    Layer.mergeAll(
      Layer.succeed(MandateRepository, joinAmbient(makeMandates)(db)),
      Layer.succeed(CollectionRepositoryTag, joinAmbient(makeCollection)(db)),
    ),
  ),
);
