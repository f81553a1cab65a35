/** The signed agreement's PDF (ADR 0017). */
import { Effect } from "effect";
import type { User } from "../identity/index.ts";
import type { PartnershipId } from "../shared/index.ts";
import { getAgreement } from "./draft-agreement.ts";
import { AgreementNotFound } from "./errors.ts";
import { versionInForce } from "./model.ts";
import { AgreementPdf } from "./ports.ts";

/**
 * The signed PDF of the version in force (or, once ended or superseded, the newest signed one),
 * for the two parties and staff. AgreementNotFound when nothing is signed yet.
 */
export const agreementPdf = Effect.fn("agreement.pdf")(function* (user: User, partnershipId: PartnershipId) {
  const { agreement, parties } = yield* getAgreement(user, partnershipId);
  const signed =
    versionInForce(agreement) ??
    agreement.versions.find((v) => v.signedAt !== null && v.signatures.length === 2) ??
    null;
  if (!signed) return yield* new AgreementNotFound({ partnershipId });
  const bytes = yield* (yield* AgreementPdf).render(signed, parties);
  return { bytes, version: signed.number };
});
