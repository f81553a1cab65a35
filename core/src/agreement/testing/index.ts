/**
 * In-memory AgreementRepository for unit tests of reading, starting and templates: one agreement
 * per partnership (`createDraft` answers None for a second), parties from `parties`. `change`
 * applies the decided stage and draft only (versions and signatures are the adapter's; the
 * machine's own tests cover the rules).
 */
import { Effect, Either, Layer, Option } from "effect";
import { AgentProfileId, AgreementId, BusinessProfileId, PartnershipId, UserId } from "../../shared/ids.ts";
import { AgreementNotFound } from "../errors.ts";
import type { Agreement } from "../model.ts";
import { type AgreementChange, type AgreementParties, AgreementRepository } from "../ports.ts";
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

export function makeAgreementMemory(parties: readonly AgreementParties[] = [anAgreementParties()]) {
  const agreements: Agreement[] = [];
  const templates = new Map<number, AgreementTemplate>();
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
            const next: Agreement = {
              ...current,
              stage: change.stage,
              ...(change.draft !== undefined
                ? { draft: change.draft && { ...change.draft, updatedAt: new Date(0) } }
                : {}),
            };
            agreements[index] = next;
            return Effect.succeed(next);
          },
        });
      }),
    templateOf: (businessId) => Effect.sync(() => Option.fromNullable(templates.get(businessId))),
    saveTemplate: (businessId, template) =>
      Effect.sync(() => void (template ? templates.set(businessId, template) : templates.delete(businessId))),
  });
  return { layer, agreements, templates };
}
