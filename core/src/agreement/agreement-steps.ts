/**
 * What the agreement use cases share (ADR 0017): who may act or read (the two parties; staff
 * read), the machine state of a stored agreement, the page each party opens, and the email to the
 * party that did not act. Anyone else gets AgreementNotFound (404), so ids reveal nothing.
 */
import { Effect, Option } from "effect";
import { type User, UserRepository } from "../identity/index.ts";
import type { Party } from "../partnership/index.ts";
import { AppUrl, Mailer, type PartnershipId } from "../shared/index.ts";
import { type AgreementEvent, type AgreementMachineState, transition } from "./agreement-machine.ts";
import { agreementPathFor } from "./agreement-paths.ts";
import { AgreementNotFound } from "./errors.ts";
import type { Agreement } from "./model.ts";
import { type AgreementParties, AgreementRepository } from "./ports.ts";
import { generalAgreementTemplate } from "./template.ts";

/** The caller's side in the partnership, or null when they are not a party. */
export const sideOf = (user: User, parties: AgreementParties): Party | null =>
  user.id === parties.businessUserId ? "business" : user.id === parties.agentUserId ? "agent" : null;

/** The parties, with the caller's side; AgreementNotFound unless the caller is a party (or staff when `staffMayRead`). */
export const access = (user: User, partnershipId: PartnershipId, staffMayRead: boolean) =>
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
export const step = (agreement: Agreement, event: AgreementEvent) =>
  transition(machineState(agreement), event);

/** Status changes between two machine states, by version number. */
export const statusChanges = (before: AgreementMachineState, after: AgreementMachineState) =>
  after.versions
    .filter((v) => before.versions.find((b) => b.number === v.number)?.status !== v.status)
    .filter((v) => before.versions.some((b) => b.number === v.number))
    .map((v) => ({ number: v.number, status: v.status }));

/** The template a business's agreements render from: its own (Enterprise), else the general one. */
export const templateFor = (parties: AgreementParties) =>
  AgreementRepository.pipe(
    Effect.flatMap((repo) => repo.templateOf(parties.businessId)),
    Effect.map(Option.getOrElse(() => generalAgreementTemplate)),
  );

export const nameOf = (parties: AgreementParties, side: Party) =>
  side === "business" ? parties.businessName : parties.agentName;

/** Emails the other party (best effort: a mail failure never fails the change). */
export const emailOtherParty = (
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
