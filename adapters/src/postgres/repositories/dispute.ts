/**
 * The dispute repository on PostgreSQL (issue 17, ADR 0018). State changes run under the
 * dispute row's lock (`SELECT … FOR UPDATE`) with their timeline lines in one transaction; the
 * resolution's money action (`settle`) runs once, guarded by `executed_at` in the same
 * transaction as the invoice, payment and refund writes.
 */
import {
  type Dispute,
  DisputeAlreadyOpen,
  type DisputeEvidence,
  DisputeId,
  DisputeNotFound,
  type DisputeOutcome,
  DisputeRepository,
  type DisputeState,
  type DisputeTimelineEntry,
  type NewTimelineEntry,
  type SettlementPlan,
} from "@closr/core/dispute";
import { InvoiceTransitionRefused, invoiceState } from "@closr/core/invoice";
import { PaymentBlocks } from "@closr/core/payment";
import {
  AgentProfileId,
  BusinessProfileId,
  cents,
  DisputeEvidenceId,
  InvoiceId,
  PartnershipId,
  UserId,
} from "@closr/core/shared";
import { Effect, Either, Layer, Option } from "effect";
import { type InferResult, type Kysely, sql } from "kysely";
import { PgDatabase } from "../database-service.ts";
import type { Database } from "../schema.ts";
import { ambientLayer, joinAmbient, transact } from "../transaction-scope.ts";
import { type Executor, findInvoice, persistInvoiceTransition, recordInvoiceTransition } from "./invoice.ts";
import { writePaymentRefund } from "./payout.ts";

const disputeSelect = (db: Executor) =>
  db
    .selectFrom("disputes as d")
    .innerJoin("invoices as i", "i.id", "d.invoiceId")
    .innerJoin("businessProfiles as b", "b.id", "i.businessId")
    .innerJoin("agentProfiles as a", "a.id", "i.agentId")
    .select([
      "d.id",
      "d.invoiceId",
      "i.partnershipId",
      "i.businessId",
      "i.agentId",
      "b.userId as businessUserId",
      "a.userId as agentUserId",
      "b.companyName as businessName",
      "a.fullName as agentName",
      "d.opener",
      "d.reason",
      "d.description",
      "d.invoicePaid",
      "d.invoiceAmountCents",
      "d.state",
      "d.offerBy",
      "d.offerAmountCents",
      "d.proposalAmountCents",
      "d.proposalNote",
      "d.proposalAcceptedBy",
      "d.deadline",
      "d.settledAmountCents",
      "d.outcome",
      "d.mediationStartedAt",
      "d.resolvedAt",
      "d.executedAt",
      "d.createdAt",
      "d.updatedAt",
    ]);

type DisputeRow = InferResult<ReturnType<typeof disputeSelect>>[number];

const date = (v: Date | string | null) => (v ? new Date(v) : null);

const toDispute = (r: DisputeRow): Dispute => ({
  id: DisputeId.make(r.id),
  invoiceId: InvoiceId.make(r.invoiceId),
  partnershipId: PartnershipId.make(r.partnershipId),
  businessId: BusinessProfileId.make(r.businessId),
  agentId: AgentProfileId.make(r.agentId),
  businessUserId: UserId.make(r.businessUserId),
  agentUserId: UserId.make(r.agentUserId),
  businessName: r.businessName,
  agentName: r.agentName,
  opener: r.opener,
  reason: r.reason,
  description: r.description,
  invoicePaid: r.invoicePaid,
  invoiceAmountCents: cents(Number(r.invoiceAmountCents)),
  state: r.state,
  offer: { by: r.offerBy, amountCents: cents(Number(r.offerAmountCents)) },
  proposal:
    r.proposalAmountCents === null
      ? null
      : {
          amountCents: cents(Number(r.proposalAmountCents)),
          note: r.proposalNote ?? "",
          acceptedBy: r.proposalAcceptedBy as ("business" | "agent")[],
        },
  deadline: date(r.deadline),
  settledAmountCents: r.settledAmountCents === null ? null : cents(Number(r.settledAmountCents)),
  outcome: r.outcome as DisputeOutcome | null,
  mediationStartedAt: date(r.mediationStartedAt),
  resolvedAt: date(r.resolvedAt),
  executedAt: date(r.executedAt),
  createdAt: new Date(r.createdAt),
  updatedAt: new Date(r.updatedAt),
});

const toEvidence = (r: {
  id: number;
  disputeId: number;
  party: "business" | "agent";
  fileName: string;
  contentType: DisputeEvidence["contentType"];
  size: number;
  storageKey: string;
  createdAt: Date | string;
}): DisputeEvidence => ({
  id: DisputeEvidenceId.make(r.id),
  disputeId: DisputeId.make(r.disputeId),
  party: r.party,
  fileName: r.fileName,
  contentType: r.contentType,
  size: r.size,
  storageKey: r.storageKey,
  createdAt: new Date(r.createdAt),
});

const toLine = (r: {
  id: number;
  kind: string;
  actor: DisputeTimelineEntry["actor"];
  message: string | null;
  amountCents: string | number | null;
  evidenceId: number | null;
  createdAt: Date | string;
}): DisputeTimelineEntry => ({
  id: r.id,
  kind: r.kind as DisputeTimelineEntry["kind"],
  actor: r.actor,
  message: r.message,
  amountCents: r.amountCents === null ? null : cents(Number(r.amountCents)),
  evidenceId: r.evidenceId === null ? null : DisputeEvidenceId.make(r.evidenceId),
  createdAt: new Date(r.createdAt),
});

const insertLines = async (db: Executor, disputeId: number, lines: readonly NewTimelineEntry[]) => {
  if (lines.length === 0) return;
  await db
    .insertInto("disputeLines")
    .values(
      lines.map((l) => ({
        disputeId,
        kind: l.kind,
        actor: l.actor,
        message: l.message,
        amountCents: l.amountCents,
        evidenceId: l.evidenceId,
      })),
    )
    .execute();
};

const findDispute = async (db: Executor, id: number) => {
  const row = await disputeSelect(db).where("d.id", "=", id).executeTakeFirst();
  return row ? toDispute(row) : undefined;
};

const active: DisputeState[] = ["open", "in_mediation", "proposed"];

/** The timeline's "settled" line for each way a resolution is carried out. */
const settledMessage: { readonly [K in SettlementPlan["kind"]]: string } = {
  refund: "Refund issued; credit note available.",
  reduce: "Invoice reduced; credit note issued.",
  cancel: "Invoice cancelled.",
  release: "Payout released; the invoice stands.",
};

/** The dispute repository on PostgreSQL, plus the payment context's PaymentBlocks over the same tables. */
export const makeDisputeRepository = (db: Kysely<Database>): DisputeRepository["Type"] => ({
  open: (input) =>
    Effect.tryPromise({
      try: () =>
        transact(db, async (trx) =>
          // The invoice machine decided in core (DisputeOpened, ADR 0049): stored with the dispute.
          recordInvoiceTransition(trx, input.transition, async () => {
            const s = input.status;
            const row = await trx
              .insertInto("disputes")
              .values({
                invoiceId: input.invoiceId,
                openedBy: input.openedBy,
                opener: s.opener,
                reason: input.reason,
                description: input.description,
                invoicePaid: s.invoicePaid,
                invoiceAmountCents: s.invoiceAmountCents,
                state: s.state,
                offerBy: s.offer.by,
                offerAmountCents: s.offer.amountCents,
                deadline: s.deadline,
                payoutHeld: s.invoicePaid,
              })
              .returning("id")
              .executeTakeFirstOrThrow();
            await insertLines(trx, row.id, [
              {
                kind: "opened",
                actor: s.opener,
                message: input.description,
                amountCents: s.offer.amountCents,
                evidenceId: null,
              },
            ]);
            return (await findDispute(trx, row.id)) as Dispute;
          }),
        ),
      catch: (e) => e,
    }).pipe(
      Effect.catchAll((e) =>
        String((e as { code?: string }).code) === "23505"
          ? Effect.flatMap(
              Effect.promise(() =>
                db
                  .selectFrom("disputes")
                  .select("id")
                  .where("invoiceId", "=", input.invoiceId)
                  .where("state", "in", active)
                  .executeTakeFirst(),
              ),
              (row) =>
                Effect.fail(new DisputeAlreadyOpen({ invoiceId: input.invoiceId, disputeId: row?.id ?? 0 })),
            )
          : Effect.die(e),
      ),
      Effect.flatMap((dispute) =>
        dispute
          ? Effect.succeed(dispute)
          : Effect.fail(
              new InvoiceTransitionRefused({
                id: input.invoiceId,
                from: invoiceState(input.transition.before),
                event: "DisputeOpened",
                reason: "the invoice changed while the dispute was being opened; try again",
              }),
            ),
      ),
    ),
  findById: (id) => Effect.promise(async () => Option.fromNullable(await findDispute(db, id))),
  detail: (id) =>
    Effect.promise(async () => {
      const dispute = await findDispute(db, id);
      if (!dispute) return Option.none();
      const [lines, evidence, invoice, note] = await Promise.all([
        db.selectFrom("disputeLines").selectAll().where("disputeId", "=", id).orderBy("id").execute(),
        db.selectFrom("disputeEvidence").selectAll().where("disputeId", "=", id).orderBy("id").execute(),
        db
          .selectFrom("invoices")
          .select([
            "id",
            "amountCents",
            "description",
            sql<string>`to_char(due_date, 'YYYY-MM-DD')`.as("dueDate"),
            "isPaid",
            "cancelledAt",
          ])
          .where("id", "=", dispute.invoiceId)
          .executeTakeFirstOrThrow(),
        db.selectFrom("disputeCreditNotes").selectAll().where("disputeId", "=", id).executeTakeFirst(),
      ]);
      return Option.some({
        dispute,
        timeline: lines.map(toLine),
        evidence: evidence.map(toEvidence),
        invoice: {
          id: InvoiceId.make(invoice.id),
          amountCents: cents(Number(invoice.amountCents)),
          description: invoice.description,
          dueDate: invoice.dueDate,
          isPaid: invoice.isPaid,
          cancelled: invoice.cancelledAt !== null,
        },
        creditNote: note
          ? {
              id: note.id,
              amountCents: cents(Number(note.amountCents)),
              gstCents: cents(Number(note.gstCents)),
              feeCents: cents(Number(note.feeCents)),
              originalAmountCents: cents(Number(note.originalAmountCents)),
              createdAt: new Date(note.createdAt),
            }
          : null,
      });
    }),
  listFor: (party, profileId) =>
    Effect.promise(async () =>
      (
        await disputeSelect(db)
          .where(party === "agent" ? "i.agentId" : "i.businessId", "=", profileId)
          .orderBy("d.createdAt", "desc")
          .orderBy("d.id", "desc")
          .limit(200)
          .execute()
      ).map(toDispute),
    ),
  listForInvoice: (invoiceId) =>
    Effect.promise(async () =>
      (await disputeSelect(db).where("d.invoiceId", "=", invoiceId).orderBy("d.id", "desc").execute()).map(
        toDispute,
      ),
    ),
  mediationQueue: () =>
    Effect.promise(async () =>
      (
        await disputeSelect(db)
          .where("d.state", "in", ["in_mediation", "proposed"])
          .orderBy(sql`coalesce(d.mediation_started_at, d.created_at)`)
          .orderBy("d.id")
          .execute()
      ).map(toDispute),
    ),
  update: <E>(id: DisputeId, decide: Parameters<DisputeRepository["Type"]["update"]>[1]) =>
    Effect.flatMap(
      Effect.promise(() =>
        transact(db, async (trx): Promise<Either.Either<Dispute, E | DisputeNotFound>> => {
          const locked = await trx
            .selectFrom("disputes")
            .select("id")
            .where("id", "=", id)
            .forUpdate()
            .executeTakeFirst();
          const dispute = locked ? await findDispute(trx, id) : undefined;
          if (!dispute) return Either.left(new DisputeNotFound({ id }));
          const decided = decide(dispute);
          if (Either.isLeft(decided)) return Either.left(decided.left as E);
          const s = decided.right.status;
          await trx
            .updateTable("disputes")
            .set({
              state: s.state,
              offerBy: s.offer.by,
              offerAmountCents: s.offer.amountCents,
              proposalAmountCents: s.proposal?.amountCents ?? null,
              proposalNote: s.proposal?.note ?? null,
              proposalAcceptedBy: [...(s.proposal?.acceptedBy ?? [])],
              deadline: s.deadline,
              settledAmountCents: s.settledAmountCents,
              outcome: s.outcome,
              updatedAt: sql`now()`,
              ...(s.state === "in_mediation" && dispute.state !== "in_mediation"
                ? { mediationStartedAt: sql`coalesce(mediation_started_at, now())` }
                : {}),
              ...(s.state === "resolved" || s.state === "withdrawn" ? { resolvedAt: sql`now()` } : {}),
            })
            .where("id", "=", id)
            .execute();
          await insertLines(trx, id, decided.right.lines);
          return Either.right((await findDispute(trx, id)) as Dispute);
        }),
      ),
      (result): Effect.Effect<Dispute, E | DisputeNotFound> =>
        Either.isLeft(result) ? Effect.fail(result.left) : Effect.succeed(result.right),
    ),
  appendLine: (id, line) => Effect.promise(() => insertLines(db, id, [line])),
  due: (now) =>
    Effect.promise(async () =>
      (
        await db
          .selectFrom("disputes")
          .select("id")
          .where("state", "in", ["open", "proposed"])
          .where("deadline", "<=", now)
          .orderBy("deadline")
          .limit(500)
          .execute()
      ).map((r) => DisputeId.make(r.id)),
    ),
  addEvidence: (evidence) =>
    Effect.promise(async () =>
      toEvidence(
        await db
          .insertInto("disputeEvidence")
          .values({
            disputeId: evidence.disputeId,
            party: evidence.party,
            fileName: evidence.fileName,
            contentType: evidence.contentType,
            size: evidence.size,
            storageKey: evidence.storageKey,
          })
          .returningAll()
          .executeTakeFirstOrThrow(),
      ),
    ),
  findEvidence: (id) =>
    Effect.promise(async () => {
      const row = await db.selectFrom("disputeEvidence").selectAll().where("id", "=", id).executeTakeFirst();
      return Option.map(Option.fromNullable(row), toEvidence);
    }),
  settle: (id, plan, now) =>
    Effect.promise(() =>
      transact(db, async (trx) => {
        const row = await trx
          .selectFrom("disputes")
          .select(["id", "invoiceId", "state", "executedAt"])
          .where("id", "=", id)
          .forUpdate()
          .executeTakeFirst();
        if (!row || row.executedAt || (row.state !== "resolved" && row.state !== "withdrawn")) return false;
        // The invoice machine decided in core (ADR 0040); refuse when the stored invoice moved on
        // since it read it, then persist its result through the invoice repository.
        await trx.selectFrom("invoices").select("id").where("id", "=", row.invoiceId).forUpdate().execute();
        const stored = await findInvoice(trx, row.invoiceId);
        const b = plan.before;
        if (
          !stored ||
          stored.isPaid !== b.isPaid ||
          stored.amountCents !== b.amountCents ||
          stored.gstCents !== b.gstCents ||
          stored.platformFeeCents !== b.platformFeeCents ||
          stored.subtotalCents !== b.subtotalCents ||
          stored.cancelledAt !== null
        )
          throw new Error(`Dispute ${id}: invoice ${row.invoiceId} changed; settle again`);
        await persistInvoiceTransition(trx, plan.invoice);
        if (plan.kind === "reduce") {
          const s = plan.split;
          await trx
            .insertInto("disputeCreditNotes")
            .values({
              disputeId: id,
              invoiceId: row.invoiceId,
              amountCents: s.refundCents,
              gstCents: s.gstRefundCents,
              feeCents: s.feeRefundCents,
              originalAmountCents: b.amountCents,
            })
            .execute();
        }
        if (plan.kind === "refund") {
          const written = await writePaymentRefund(
            trx,
            { ...plan, reason: `Dispute #${id} resolution` },
            { withinAmount: false },
          );
          if (!written) throw new Error(`Dispute ${id}: payment ${plan.paymentId} changed; settle again`);
        }
        await trx
          .updateTable("disputes")
          .set({ executedAt: now, payoutHeld: false })
          .where("id", "=", id)
          .execute();
        await insertLines(trx, id, [
          {
            kind: "settled",
            actor: "system",
            message: settledMessage[plan.kind],
            amountCents: plan.kind === "refund" || plan.kind === "reduce" ? plan.split.refundCents : null,
            evidenceId: null,
          },
        ]);
        return true;
      }),
    ),
  paymentBlock: (invoiceId) =>
    Effect.promise(async () => {
      const row = await db
        .selectFrom("disputes as d")
        .innerJoin("invoices as i", "i.id", "d.invoiceId")
        .select(["d.id", "d.state", "i.cancelledAt"])
        .where("d.invoiceId", "=", invoiceId)
        .where((eb) => eb.or([eb("d.state", "in", active), eb("i.cancelledAt", "is not", null)]))
        .orderBy("d.id", "desc")
        .executeTakeFirst();
      if (!row) return Option.none();
      return Option.some({
        disputeId: DisputeId.make(row.id),
        reason: row.cancelledAt ? ("cancelled" as const) : ("disputed" as const),
      });
    }),
  contacts: (dispute) =>
    Effect.promise(async () => {
      const rows = await db
        .selectFrom("users")
        .select(["id", "email"])
        .where("id", "in", [dispute.businessUserId, dispute.agentUserId])
        .execute();
      const email = (id: number) => rows.find((r) => r.id === id)?.email ?? "";
      return { business: email(dispute.businessUserId), agent: email(dispute.agentUserId) };
    }),
});

export const DisputeRepositoryPg = ambientLayer(DisputeRepository, makeDisputeRepository);

/** The payment context's PaymentBlocks: an invoice with an active dispute, or cancelled by one, cannot be paid. */
export const PaymentBlocksPg = Layer.effect(
  PaymentBlocks,
  Effect.map(
    PgDatabase,
    joinAmbient((db) => {
      const repository = makeDisputeRepository(db);
      return {
        blockFor: (invoiceId: InvoiceId) => repository.paymentBlock(invoiceId),
      };
    }),
  ),
);
