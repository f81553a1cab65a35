/**
 * In-memory agreement ports for unit tests. AgreementRepository: one agreement per partnership
 * (`createDraft` answers None for a second), parties from `parties`; `change` applies the whole
 * decided change like the Postgres adapter (stage, draft, a new version newest first, version
 * statuses, a signature with `signedAt` when binding) and records each commission rate it sets
 * in `commissionRates` (partnership id → rate). Also a DocumentDigest stub and a recording
 * AgreementPdf.
 */
import { Effect, Either, Layer, Option } from "effect";
import {
  AgentProfileId,
  AgreementId,
  AgreementVersionId,
  BusinessProfileId,
  PartnershipId,
  UserId,
} from "../../shared/ids.ts";
import { AgreementNotFound } from "../errors.ts";
import type { Agreement, AgreementVersion } from "../model.ts";
import {
  type AgreementChange,
  type AgreementParties,
  AgreementPdf,
  AgreementRepository,
  DocumentDigest,
} from "../ports.ts";
import type { AgreementTemplate } from "../template.ts";

/** Partnership 1 (active) between business 1 (user 20, Harbour Tech) and agent 1 (user 10, Mia Chen). */
export const anAgreementParties = (overrides: Partial<AgreementParties> = {}): AgreementParties => ({
  partnershipId: PartnershipId.make(1),
  businessId: BusinessProfileId.make(1),
  agentId: AgentProfileId.make(1),
  businessUserId: UserId.make(20),
  agentUserId: UserId.make(10),
  businessName: "Harbour Tech",
  agentName: "Mia Chen",
  partnershipStatus: "active",
  businessAbn: null,
  agentAbn: null,
  ...overrides,
});

/** Applies a decided change to an agreement as the adapter writes it (versions newest first). */
const applyChange = (current: Agreement, change: AgreementChange, versionId: () => number): Agreement => {
  const added: AgreementVersion[] = change.newVersion
    ? [
        {
          id: AgreementVersionId.make(versionId()),
          number: change.newVersion.number,
          terms: change.newVersion.terms,
          proposedBy: change.newVersion.proposedBy,
          proposedAt: new Date(0),
          status: "proposed",
          document: change.newVersion.document,
          documentSha256: change.newVersion.documentSha256,
          signatures: [],
          signedAt: null,
        },
      ]
    : [];
  const versions = [...added, ...current.versions].map((version) => {
    const status = change.versionStatuses?.find((s) => s.number === version.number)?.status;
    const signature = change.signature?.number === version.number ? change.signature : undefined;
    return {
      ...version,
      ...(status ? { status } : {}),
      ...(signature
        ? {
            signatures: [...version.signatures, signature.record],
            ...(signature.binding ? { signedAt: signature.record.signedAt } : {}),
          }
        : {}),
    };
  });
  return {
    ...current,
    stage: change.stage,
    versions,
    ...(change.draft !== undefined
      ? { draft: change.draft && { ...change.draft, updatedAt: new Date(0) } }
      : {}),
  };
};

export function makeAgreementMemory(parties: readonly AgreementParties[] = [anAgreementParties()]) {
  const agreements: Agreement[] = [];
  const templates = new Map<number, AgreementTemplate>();
  const commissionRates = new Map<number, number>();
  let versionIds = 0;
  const layer = Layer.succeed(AgreementRepository, {
    partiesOf: (id) => Effect.sync(() => Option.fromNullable(parties.find((p) => p.partnershipId === id))),
    findByPartnership: (id) =>
      Effect.sync(() => Option.fromNullable(agreements.find((a) => a.partnershipId === id))),
    createDraft: (partnershipId, draft) =>
      Effect.sync(() => {
        const party = parties.find((p) => p.partnershipId === partnershipId);
        if (!party || agreements.some((a) => a.partnershipId === partnershipId)) return Option.none();
        const agreement: Agreement = {
          id: AgreementId.make(agreements.length + 1),
          partnershipId,
          businessId: party.businessId,
          agentId: party.agentId,
          stage: "draft",
          draft: { ...draft, updatedAt: new Date(0) },
          versions: [],
          createdAt: new Date(0),
          updatedAt: new Date(0),
        };
        agreements.push(agreement);
        return Option.some(agreement);
      }),
    change: <E>(
      partnershipId: PartnershipId,
      decide: (current: Agreement) => Either.Either<AgreementChange, E>,
    ) =>
      Effect.suspend((): Effect.Effect<Agreement, E | AgreementNotFound> => {
        const index = agreements.findIndex((a) => a.partnershipId === partnershipId);
        const current = agreements[index];
        if (!current) return Effect.fail(new AgreementNotFound({ partnershipId }));
        return Either.match(decide(current), {
          onLeft: Effect.fail,
          onRight: (change) => {
            const next = applyChange(current, change, () => ++versionIds);
            if (change.commissionRate !== undefined)
              commissionRates.set(partnershipId, change.commissionRate);
            agreements[index] = next;
            return Effect.succeed(next);
          },
        });
      }),
    templateOf: (businessId) => Effect.sync(() => Option.fromNullable(templates.get(businessId))),
    saveTemplate: (businessId, template) =>
      Effect.sync(() => void (template ? templates.set(businessId, template) : templates.delete(businessId))),
  });
  return { layer, agreements, templates, commissionRates };
}

/** A DocumentDigest whose "hash" names the text's length (`sha256:<length>`), enough to check it is the document's. */
export const documentDigestStub = Layer.succeed(DocumentDigest, {
  sha256: (text) => `sha256:${text.length}`,
});

/** An AgreementPdf that records each render (`rendered`) and answers the bytes of "%PDF-" plus the version number. */
export function makeAgreementPdfRecorder() {
  const rendered: { version: AgreementVersion; parties: AgreementParties }[] = [];
  const layer = Layer.succeed(AgreementPdf, {
    render: (version, parties) =>
      Effect.sync(() => {
        rendered.push({ version, parties });
        return new TextEncoder().encode(`%PDF-${version.number}`);
      }),
  });
  return { layer, rendered };
}
