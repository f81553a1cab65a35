/** Signing a proposed version with the account password, and ending the agreement with its partnership (ADR 0017). */
import { Effect, Either, Option } from "effect";
import { AccountRepository, PasswordHasher, type User } from "../identity/index.ts";
import type { Party } from "../partnership/index.ts";
import { atomically, Clock, type PartnershipId, publishEvent } from "../shared/index.ts";
import { access, emailOtherParty, machineState, nameOf, statusChanges, step } from "./agreement-steps.ts";
import { AgreementNotFound, SignaturePasswordIncorrect } from "./errors.ts";
import { headlineRate, latestVersion, versionInForce } from "./model.ts";
import { AgreementRepository } from "./ports.ts";

/** The request context a signature records (Electronic Transactions Act 1999 (Cth) style consent). */
export interface SigningInput {
  /** The version the signer read; must be the current proposal. */
  readonly version: number;
  /** The signer's account password, re-entered. */
  readonly password: string;
  readonly ipAddress: string;
  readonly userAgent: string;
}

/**
 * Signs the current proposal after checking the signer's password (argon2 verify through the
 * PasswordHasher port). Stores who, when, the client address and user agent and the version's
 * document SHA-256. Binding once both parties signed that exact version: the version signed before
 * is superseded, the partnership's commission rate becomes the new headline rate, and the other
 * party is emailed.
 */
export const signAgreement = Effect.fn("agreement.sign")(function* (
  user: User,
  partnershipId: PartnershipId,
  input: SigningInput,
) {
  const { parties, side } = yield* access(user, partnershipId, false);
  if (side === null) return yield* new AgreementNotFound({ partnershipId });
  const hasher = yield* PasswordHasher;
  const stored = yield* (yield* AccountRepository).passwordHashOf(user.id);
  if (Option.isNone(stored)) {
    yield* hasher.hash(input.password);
    return yield* new SignaturePasswordIncorrect({ field: "password" });
  }
  if (!(yield* hasher.verify(stored.value, input.password)))
    return yield* new SignaturePasswordIncorrect({ field: "password" });
  const now = yield* (yield* Clock).now;
  const agreement = yield* (yield* AgreementRepository).change(partnershipId, (current) =>
    Either.map(step(current, { type: "sign", by: side, version: input.version }), (after) => {
      const version = latestVersion(current);
      const binding = after.stage === "signed";
      return {
        stage: after.stage,
        versionStatuses: statusChanges(machineState(current), after),
        signature: {
          number: input.version,
          binding,
          record: {
            party: side,
            userId: user.id,
            signerName: nameOf(parties, side),
            signedAt: now,
            ipAddress: input.ipAddress.slice(0, 100),
            userAgent: input.userAgent.slice(0, 500),
            documentSha256: version?.documentSha256 ?? "",
          },
        },
        ...(binding && version ? { commissionRate: headlineRate(version.terms.model) } : {}),
      };
    }),
  );
  const binding = agreement.stage === "signed" && versionInForce(agreement)?.number === input.version;
  yield* publishEvent({
    _tag: "AgreementStepTaken",
    parties,
    by: side,
    step: { kind: "signed", version: input.version, binding },
  });
  yield* emailOtherParty(parties, side, {
    subject: binding
      ? `Your commission agreement with ${nameOf(parties, side)} is signed`
      : `${nameOf(parties, side)} signed version ${input.version} of your commission agreement`,
    lines: binding
      ? [
          `Both parties have signed version ${input.version}. It is now in force; the signed PDF is on the agreement page.`,
        ]
      : [`${nameOf(parties, side)} signed version ${input.version}. Review and sign it to put it in force.`],
  });
  return { agreement, parties, side };
}, atomically);

/** Ends the agreement with its partnership (called when a partnership is terminated). No-op without one. */
export const endAgreementWithPartnership = Effect.fn("agreement.endWithPartnership")(function* (
  partnershipId: PartnershipId,
  by: Party,
) {
  const repository = yield* AgreementRepository;
  if (Option.isNone(yield* repository.findByPartnership(partnershipId))) return;
  yield* repository
    .change(partnershipId, (current) =>
      Either.map(step(current, { type: "end", by }), (after) => ({
        stage: after.stage,
        draft: null,
        versionStatuses: statusChanges(machineState(current), after),
      })),
    )
    .pipe(Effect.catchAll(() => Effect.void));
});
