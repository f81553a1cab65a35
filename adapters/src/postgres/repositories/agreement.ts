/**
 * AgreementRepository on PostgreSQL (issue 17, ADR 0017). An agreement is one `agreements` row
 * with its `agreement_versions` (immutable but for status and signed_at) and their
 * `agreement_signatures`. `change` locks the agreement row (FOR UPDATE), reads it whole, lets core
 * decide and writes the outcome — versions, signatures and the partnership's commission rate — in
 * one transaction, so two parties signing at once are serialised. ABNs: the agent's from their
 * payout account, the business's from its newest verification request.
 */
import {
  type Agreement,
  type AgreementChange,
  type AgreementDocument,
  AgreementNotFound,
  type AgreementParties,
  AgreementRepository,
  type AgreementTemplate,
  type AgreementTerms,
  type AgreementVersion,
} from "@closr/core/agreement";
import {
  AgentProfileId,
  AgreementId,
  AgreementVersionId,
  BusinessProfileId,
  PartnershipId,
  UserId,
} from "@closr/core/shared";
import { Effect, Either, Option } from "effect";
import { type Kysely, sql, type Transaction } from "kysely";
import type { Db } from "../database.ts";
import type { Database } from "../schema.ts";
import { ambientLayer, transact } from "../transaction-scope.ts";

type Executor = Kysely<Database> | Transaction<Database>;

const parseJson = <T>(value: unknown): T => (typeof value === "string" ? JSON.parse(value) : value) as T;
const date = (d: Date | string) => new Date(d);

/** Reads one agreement whole (versions newest first, signatures by version). */
async function load(db: Executor, partnershipId: number): Promise<Agreement | null> {
  const row = await db
    .selectFrom("agreements as a")
    .innerJoin("partnerships as p", "p.id", "a.partnershipId")
    .select([
      "a.id",
      "a.partnershipId",
      "a.stage",
      "a.draftTerms",
      "a.draftEditedBy",
      "a.draftUpdatedAt",
      "a.createdAt",
      "a.updatedAt",
      "p.businessId",
      "p.agentId",
    ])
    .where("a.partnershipId", "=", partnershipId)
    .executeTakeFirst();
  if (!row) return null;
  const versions = await db
    .selectFrom("agreementVersions")
    .selectAll()
    .where("agreementId", "=", row.id)
    .orderBy("number", "desc")
    .execute();
  const signatures = versions.length
    ? await db
        .selectFrom("agreementSignatures")
        .selectAll()
        .where(
          "versionId",
          "in",
          versions.map((v) => v.id),
        )
        .orderBy("signedAt")
        .execute()
    : [];
  return {
    id: AgreementId.make(row.id),
    partnershipId: PartnershipId.make(row.partnershipId),
    businessId: BusinessProfileId.make(row.businessId),
    agentId: AgentProfileId.make(row.agentId),
    stage: row.stage,
    draft:
      row.draftTerms !== null && row.draftEditedBy !== null
        ? {
            terms: parseJson<AgreementTerms>(row.draftTerms),
            editedBy: row.draftEditedBy,
            updatedAt: date(row.draftUpdatedAt ?? row.updatedAt),
          }
        : null,
    versions: versions.map(
      (v): AgreementVersion => ({
        id: AgreementVersionId.make(v.id),
        number: v.number,
        terms: parseJson<AgreementTerms>(v.terms),
        proposedBy: v.proposedBy,
        proposedAt: date(v.proposedAt),
        status: v.status,
        document: parseJson<AgreementDocument>(v.document),
        documentSha256: v.documentSha256,
        signedAt: v.signedAt ? date(v.signedAt) : null,
        signatures: signatures
          .filter((s) => s.versionId === v.id)
          .map((s) => ({
            party: s.party,
            userId: UserId.make(s.userId),
            signerName: s.signerName,
            signedAt: date(s.signedAt),
            ipAddress: s.ipAddress,
            userAgent: s.userAgent,
            documentSha256: s.documentSha256,
          })),
      }),
    ),
    createdAt: date(row.createdAt),
    updatedAt: date(row.updatedAt),
  };
}

/** Writes one decided change inside the caller's transaction. */
async function apply(trx: Transaction<Database>, agreement: Agreement, change: AgreementChange, now: Date) {
  await trx
    .updateTable("agreements")
    .set({
      stage: change.stage,
      updatedAt: now,
      ...(change.draft === null
        ? { draftTerms: null, draftEditedBy: null, draftUpdatedAt: null }
        : change.draft
          ? {
              draftTerms: JSON.stringify(change.draft.terms),
              draftEditedBy: change.draft.editedBy,
              draftUpdatedAt: now,
            }
          : {}),
    })
    .where("id", "=", agreement.id)
    .execute();
  // Statuses first: the one-in-force index allows a single 'signed' version at a time.
  for (const { number, status } of [...(change.versionStatuses ?? [])].sort((a, b) =>
    a.status === "signed" ? 1 : b.status === "signed" ? -1 : 0,
  ))
    await trx
      .updateTable("agreementVersions")
      .set({ status })
      .where("agreementId", "=", agreement.id)
      .where("number", "=", number)
      .execute();
  if (change.newVersion) {
    const v = change.newVersion;
    await trx
      .insertInto("agreementVersions")
      .values({
        agreementId: agreement.id,
        number: v.number,
        terms: JSON.stringify(v.terms),
        proposedBy: v.proposedBy,
        proposedByUser: v.proposedByUser,
        proposedAt: now,
        document: JSON.stringify(v.document),
        documentSha256: v.documentSha256,
      })
      .execute();
  }
  if (change.signature) {
    const { number, record, binding } = change.signature;
    const version = await trx
      .selectFrom("agreementVersions")
      .select("id")
      .where("agreementId", "=", agreement.id)
      .where("number", "=", number)
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("agreementSignatures")
      .values({ versionId: version.id, ...record })
      .execute();
    if (binding)
      await trx
        .updateTable("agreementVersions")
        .set({ signedAt: now })
        .where("id", "=", version.id)
        .execute();
  }
  if (change.commissionRate !== undefined)
    await trx
      .updateTable("partnerships")
      .set({ commissionRate: change.commissionRate, updatedAt: now })
      .where("id", "=", agreement.partnershipId)
      .execute();
}

export const makeAgreementRepository = (db: Db): typeof AgreementRepository.Service => ({
  partiesOf: (partnershipId) =>
    Effect.promise(async (): Promise<Option.Option<AgreementParties>> => {
      const row = await db
        .selectFrom("partnerships as p")
        .innerJoin("businessProfiles as b", "b.id", "p.businessId")
        .innerJoin("agentProfiles as a", "a.id", "p.agentId")
        .leftJoin("payoutAccounts as pa", "pa.agentId", "a.id")
        .select([
          "p.id",
          "p.status",
          "p.businessId",
          "p.agentId",
          "b.userId as businessUserId",
          "a.userId as agentUserId",
          "b.companyName",
          "a.fullName",
          "pa.abn as agentAbn",
          sql<string | null>`(SELECT regexp_replace(v.additional_info->>'abnNumber', '\\s', '', 'g')
            FROM verification_requests v WHERE v.user_id = b.user_id AND v.additional_info->>'abnNumber' IS NOT NULL
            ORDER BY v.submitted_at DESC LIMIT 1)`.as("businessAbn"),
        ])
        .where("p.id", "=", partnershipId)
        .executeTakeFirst();
      if (!row) return Option.none();
      return Option.some({
        partnershipId: PartnershipId.make(row.id),
        partnershipStatus: row.status as AgreementParties["partnershipStatus"],
        businessId: BusinessProfileId.make(row.businessId),
        agentId: AgentProfileId.make(row.agentId),
        businessUserId: UserId.make(row.businessUserId),
        agentUserId: UserId.make(row.agentUserId),
        businessName: row.companyName,
        agentName: row.fullName,
        businessAbn: row.businessAbn && /^\d{11}$/.test(row.businessAbn) ? row.businessAbn : null,
        agentAbn: row.agentAbn ?? null,
      });
    }),

  findByPartnership: (partnershipId) =>
    Effect.promise(() => load(db, partnershipId)).pipe(Effect.map(Option.fromNullable)),

  createDraft: (partnershipId, draft) =>
    Effect.promise(async () => {
      const inserted = await db
        .insertInto("agreements")
        .values({
          partnershipId,
          stage: "draft",
          draftTerms: JSON.stringify(draft.terms),
          draftEditedBy: draft.editedBy,
          draftUpdatedAt: new Date(),
        })
        .onConflict((oc) => oc.column("partnershipId").doNothing())
        .returning("id")
        .executeTakeFirst();
      return inserted ? load(db, partnershipId) : null;
    }).pipe(Effect.map(Option.fromNullable)),

  change: <E>(
    partnershipId: PartnershipId,
    decide: (current: Agreement) => Either.Either<AgreementChange, E>,
  ) =>
    Effect.promise(() =>
      transact(db, async (trx): Promise<Either.Either<Agreement, E | AgreementNotFound>> => {
        const locked = await trx
          .selectFrom("agreements")
          .select("id")
          .where("partnershipId", "=", partnershipId)
          .forUpdate()
          .executeTakeFirst();
        if (!locked) return Either.left(new AgreementNotFound({ partnershipId }));
        const current = await load(trx, partnershipId);
        if (!current) return Either.left(new AgreementNotFound({ partnershipId }));
        const verdict = decide(current);
        if (Either.isLeft(verdict)) return Either.left(verdict.left);
        await apply(trx, current, verdict.right, new Date());
        const after = await load(trx, partnershipId);
        return after ? Either.right(after) : Either.left(new AgreementNotFound({ partnershipId }));
      }),
    ).pipe(
      Effect.flatMap((result) =>
        Either.isLeft(result) ? Effect.fail(result.left) : Effect.succeed(result.right),
      ),
    ),

  templateOf: (businessId) =>
    Effect.promise(() =>
      db
        .selectFrom("agreementTemplates")
        .select("template")
        .where("businessId", "=", businessId)
        .executeTakeFirst(),
    ).pipe(Effect.map((row) => Option.fromNullable(row ? parseJson<AgreementTemplate>(row.template) : null))),

  saveTemplate: (businessId, template) =>
    Effect.promise(async () => {
      if (template === null) {
        await db.deleteFrom("agreementTemplates").where("businessId", "=", businessId).execute();
        return;
      }
      const json = JSON.stringify(template);
      await db
        .insertInto("agreementTemplates")
        .values({ businessId, template: json })
        .onConflict((oc) => oc.column("businessId").doUpdateSet({ template: json, updatedAt: sql`now()` }))
        .execute();
    }),
});

export const AgreementRepositoryPg = ambientLayer(AgreementRepository, makeAgreementRepository);
