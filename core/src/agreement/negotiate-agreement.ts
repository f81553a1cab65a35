/** Proposing, countering and amending an agreement (ADR 0017); the other party hears of each step through a domain event (ADR 0037). */
import { Effect, Either } from "effect";
import type { User } from "../identity/index.ts";
import { atomically, Clock, type PartnershipId, publishEvent, sydneyIsoDate } from "../shared/index.ts";
import {
  access,
  emailOtherParty,
  machineState,
  nameOf,
  statusChanges,
  step,
  templateFor,
} from "./agreement-steps.ts";
import { AgreementNotFound, AgreementTransitionNotAllowed } from "./errors.ts";
import { canonicalDocument, latestVersion, versionInForce } from "./model.ts";
import { AgreementRepository, DocumentDigest } from "./ports.ts";
import { agreementValues, renderTemplate } from "./template.ts";

/**
 * Proposes the draft: freezes it as the next immutable version, rendered from the business's
 * template, with the SHA-256 of the rendered document; emails the other party.
 */
export const proposeAgreement = Effect.fn("agreement.propose")(function* (
  user: User,
  partnershipId: PartnershipId,
) {
  const { parties, side } = yield* access(user, partnershipId, false);
  if (side === null) return yield* new AgreementNotFound({ partnershipId });
  const template = yield* templateFor(parties);
  const digest = yield* DocumentDigest;
  const today = sydneyIsoDate(yield* (yield* Clock).now);
  const agreement = yield* (yield* AgreementRepository).change(partnershipId, (current) =>
    Either.flatMap(step(current, { type: "propose", by: side }), (after) => {
      const draft = current.draft;
      if (!draft)
        return Either.left(
          new AgreementTransitionNotAllowed({
            from: current.stage,
            event: "propose",
            reason: "There is no draft to propose.",
          }),
        );
      const number = after.versions.at(-1)?.number ?? 1;
      const document = renderTemplate(
        template,
        agreementValues({ ...parties, date: today, version: number, terms: draft.terms }),
      );
      return Either.right({
        stage: after.stage,
        draft: null,
        newVersion: {
          number,
          terms: draft.terms,
          proposedBy: side,
          proposedByUser: user.id,
          document,
          documentSha256: digest.sha256(canonicalDocument(document)),
        },
      });
    }),
  );
  const version = latestVersion(agreement);
  yield* publishEvent({
    _tag: "AgreementStepTaken",
    parties,
    by: side,
    step: { kind: "proposed", version: version?.number ?? 1 },
  });
  yield* emailOtherParty(parties, side, {
    subject: `${nameOf(parties, side)} proposed a commission agreement (version ${version?.number ?? 1})`,
    lines: [
      `${nameOf(parties, side)} proposed version ${version?.number ?? 1} of your commission agreement.`,
      "Review the terms, then sign it or send a counter-proposal.",
    ],
  });
  return { agreement, parties, side };
}, atomically);

/** The other party sends the proposal back to draft (its terms become the draft to edit). */
export const counterAgreement = Effect.fn("agreement.counter")(function* (
  user: User,
  partnershipId: PartnershipId,
) {
  const { parties, side } = yield* access(user, partnershipId, false);
  if (side === null) return yield* new AgreementNotFound({ partnershipId });
  const agreement = yield* (yield* AgreementRepository).change(partnershipId, (current) =>
    Either.map(step(current, { type: "counter", by: side }), (after) => {
      const proposed = latestVersion(current);
      return {
        stage: after.stage,
        versionStatuses: statusChanges(machineState(current), after),
        ...(proposed ? { draft: { terms: proposed.terms, editedBy: side } } : {}),
      };
    }),
  );
  yield* publishEvent({ _tag: "AgreementStepTaken", parties, by: side, step: { kind: "countered" } });
  return { agreement, parties, side };
});

/** Starts an amendment of the signed agreement: a draft from the terms in force (which stay in force). */
export const amendAgreement = Effect.fn("agreement.amend")(function* (
  user: User,
  partnershipId: PartnershipId,
) {
  const { parties, side } = yield* access(user, partnershipId, false);
  if (side === null) return yield* new AgreementNotFound({ partnershipId });
  const agreement = yield* (yield* AgreementRepository).change(partnershipId, (current) =>
    Either.map(step(current, { type: "amend", by: side }), (after) => {
      const inForce = versionInForce(current);
      return { stage: after.stage, ...(inForce ? { draft: { terms: inForce.terms, editedBy: side } } : {}) };
    }),
  );
  return { agreement, parties, side };
});
