/** Reading an agreement, starting one and editing its draft (ADR 0017). */
import { Effect, Either, Option, ParseResult, Schema } from "effect";
import type { User } from "../identity/index.ts";
import type { PartnershipId } from "../shared/index.ts";
import { access, step } from "./agreement-steps.ts";
import { AgreementNotFound, AgreementTransitionNotAllowed, InvalidAgreementTerms } from "./errors.ts";
import { AgreementTerms } from "./model.ts";
import { AgreementRepository } from "./ports.ts";

/** Decodes and validates terms from the wire (all errors, one per field path like `model.rate`). */
export const validateTerms = (input: unknown) =>
  Schema.decodeUnknownEither(AgreementTerms, { errors: "all", onExcessProperty: "error" })(input).pipe(
    Either.mapLeft(
      (error) =>
        new InvalidAgreementTerms({
          // One entry per field (a union reports once per member).
          errors: ParseResult.ArrayFormatter.formatErrorSync(error)
            .map((issue) => ({
              field: issue.path.length ? issue.path.join(".") : "terms",
              message: issue.message,
            }))
            .filter((issue, i, all) => all.findIndex((other) => other.field === issue.field) === i),
        }),
    ),
  );

/** The partnership's agreement as the caller (a party or staff) reads it. */
export const getAgreement = Effect.fn("agreement.get")(function* (user: User, partnershipId: PartnershipId) {
  const { parties, side } = yield* access(user, partnershipId, true);
  const found = yield* (yield* AgreementRepository).findByPartnership(partnershipId);
  if (Option.isNone(found)) return yield* new AgreementNotFound({ partnershipId });
  return { agreement: found.value, parties, side };
});

/** Starts the agreement: a draft with `terms`, by either party of an active partnership. */
export const startAgreement = Effect.fn("agreement.start")(function* (
  user: User,
  partnershipId: PartnershipId,
  input: unknown,
) {
  const { parties, side } = yield* access(user, partnershipId, false);
  if (side === null) return yield* new AgreementNotFound({ partnershipId });
  if (parties.partnershipStatus !== "active")
    return yield* new AgreementTransitionNotAllowed({
      from: "draft",
      event: "edit",
      reason: "Only an active partnership can have an agreement.",
    });
  const terms = yield* validateTerms(input);
  const created = yield* (yield* AgreementRepository).createDraft(partnershipId, { terms, editedBy: side });
  if (Option.isNone(created))
    return yield* new AgreementTransitionNotAllowed({
      from: "draft",
      event: "edit",
      reason: "This partnership already has an agreement.",
    });
  return { agreement: created.value, parties, side };
});

/** Edits the working draft (either party, stage draft only). */
export const editDraft = Effect.fn("agreement.editDraft")(function* (
  user: User,
  partnershipId: PartnershipId,
  input: unknown,
) {
  const { parties, side } = yield* access(user, partnershipId, false);
  if (side === null) return yield* new AgreementNotFound({ partnershipId });
  const terms = yield* validateTerms(input);
  const agreement = yield* (yield* AgreementRepository).change(partnershipId, (current) =>
    step(current, { type: "edit", by: side }).pipe(
      Either.map(() => ({ stage: current.stage, draft: { terms, editedBy: side } })),
    ),
  );
  return { agreement, parties, side };
});
