/**
 * Agreement use cases (issue 17; ADR 0017). The caller is a user; only the partnership's two
 * parties act on its agreement; they and staff (role admin) read it and its PDF. Anyone else gets
 * AgreementNotFound (404), so ids reveal nothing. Every stage change goes through the pure
 * machine (agreement-machine.ts) inside the repository's locked `change`.
 */
import { Effect, Either, Option, ParseResult, Schema } from "effect";
import { AccountRepository, PasswordHasher, type User, UserRepository } from "../identity/index.ts";
import type { Party } from "../partnership/index.ts";
import {
  AppUrl,
  atomically,
  type BusinessProfileId,
  Clock,
  Mailer,
  type PartnershipId,
  publishEvent,
  sydneyIsoDate,
} from "../shared/index.ts";
import { getBilling } from "../subscription/index.ts";
import { type AgreementEvent, type AgreementMachineState, transition } from "./agreement-machine.ts";
import {
  AgreementNotFound,
  AgreementTransitionNotAllowed,
  CustomTemplatesNotIncluded,
  InvalidAgreementTerms,
  SignaturePasswordIncorrect,
} from "./errors.ts";
import {
  type Agreement,
  AgreementTerms,
  canonicalDocument,
  headlineRate,
  latestVersion,
  versionInForce,
} from "./model.ts";
import { type AgreementParties, AgreementPdf, AgreementRepository, DocumentDigest } from "./ports.ts";
import {
  type AgreementTemplate,
  agreementValues,
  generalAgreementTemplate,
  renderTemplate,
  unknownPlaceholders,
} from "./template.ts";

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

/** The caller's side in the partnership, or null when they are not a party. */
const sideOf = (user: User, parties: AgreementParties): Party | null =>
  user.id === parties.businessUserId ? "business" : user.id === parties.agentUserId ? "agent" : null;

/** The parties, with the caller's side; AgreementNotFound unless the caller is a party (or staff when `staffMayRead`). */
const access = (user: User, partnershipId: PartnershipId, staffMayRead: boolean) =>
  Effect.gen(function* () {
    const found = yield* (yield* AgreementRepository).partiesOf(partnershipId);
    if (Option.isNone(found)) return yield* new AgreementNotFound({ partnershipId });
    const side = sideOf(user, found.value);
    if (side === null && !(staffMayRead && user.role === "admin"))
      return yield* new AgreementNotFound({ partnershipId });
    return { parties: found.value, side };
  });

/** The machine's view of an agreement (versions oldest first, who signed each). */
export const machineState = (agreement: Agreement): AgreementMachineState => ({
  stage: agreement.stage,
  versions: [...agreement.versions].reverse().map((v) => ({
    number: v.number,
    proposedBy: v.proposedBy,
    status: v.status,
    signedBy: v.signatures.map((s) => s.party),
  })),
});

/** Runs one event through the machine: the new state or the typed refusal. */
const step = (agreement: Agreement, event: AgreementEvent) => transition(machineState(agreement), event);

/** Status changes between two machine states, by version number. */
const statusChanges = (before: AgreementMachineState, after: AgreementMachineState) =>
  after.versions
    .filter((v) => before.versions.find((b) => b.number === v.number)?.status !== v.status)
    .filter((v) => before.versions.some((b) => b.number === v.number))
    .map((v) => ({ number: v.number, status: v.status }));

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

/** The template a business's agreements render from: its own (Enterprise), else the general one. */
const templateFor = (parties: AgreementParties) =>
  AgreementRepository.pipe(
    Effect.flatMap((repo) => repo.templateOf(parties.businessId)),
    Effect.map(Option.getOrElse(() => generalAgreementTemplate)),
  );

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

/** The caller's own template (Enterprise businesses), or the general one to start from. */
export const getOwnTemplate = Effect.fn("agreement.getOwnTemplate")(function* (
  user: User,
  businessId: BusinessProfileId,
) {
  const billing = yield* getBilling(user);
  const own = yield* (yield* AgreementRepository).templateOf(businessId);
  return {
    template: Option.getOrElse(own, () => generalAgreementTemplate),
    custom: Option.isSome(own),
    entitled: billing.entitlements.customContractTemplates,
  };
});

/** Saves the business's own template (Enterprise only; unknown placeholders are refused). Null resets to the general one. */
export const saveOwnTemplate = Effect.fn("agreement.saveOwnTemplate")(function* (
  user: User,
  businessId: BusinessProfileId,
  template: AgreementTemplate | null,
) {
  const billing = yield* getBilling(user);
  if (!billing.entitlements.customContractTemplates)
    return yield* new CustomTemplatesNotIncluded({ feature: "custom contract templates" });
  if (template) {
    const unknown = unknownPlaceholders(template);
    if (unknown.length)
      return yield* new InvalidAgreementTerms({
        errors: [{ field: "sections", message: `Unknown placeholder: {{${unknown[0]}}}` }],
      });
  }
  yield* (yield* AgreementRepository).saveTemplate(businessId, template);
  return yield* getOwnTemplate(user, businessId);
});

const nameOf = (parties: AgreementParties, side: Party) =>
  side === "business" ? parties.businessName : parties.agentName;

/** The agreement page in the area of the party that did not act. */
export const agreementPathFor = (parties: Pick<AgreementParties, "partnershipId">, actor: Party) =>
  `/${actor === "business" ? "agent/current-partners" : "business/active-agents"}/${parties.partnershipId}/agreement`;

/** Emails the other party (best effort: a mail failure never fails the change). */
const emailOtherParty = (
  parties: AgreementParties,
  actor: Party,
  message: { readonly subject: string; readonly lines: readonly string[] },
) =>
  Effect.gen(function* () {
    const recipientId = actor === "business" ? parties.agentUserId : parties.businessUserId;
    const recipient = yield* (yield* UserRepository).findById(recipientId);
    if (Option.isNone(recipient)) return;
    const url = `${(yield* AppUrl).origin}${agreementPathFor(parties, actor)}`;
    yield* (yield* Mailer).send({
      to: recipient.value.email,
      subject: message.subject,
      text: [
        `Hi ${recipient.value.username},`,
        "",
        ...message.lines,
        "",
        `Open the agreement: ${url}`,
        "",
        "— Closr",
      ].join("\n"),
      action: { label: "Open the agreement", url },
    });
  }).pipe(
    Effect.catchAllCause((cause) => Effect.logWarning("agreement email failed", cause)),
    Effect.withSpan("agreement.emailOtherParty"),
  );
