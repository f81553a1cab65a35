/**
 * What every dispute use case shares (ADR 0018): who may see a dispute, applying one machine
 * event under the row lock with its timeline lines, and what follows a step — the event for the
 * other parties (ADR 0037), the emails to both, and the settlement once it ended. Internal to
 * the context (not exported by index.ts).
 */
import { defaultTimeZone, formatDate } from "@closr/format";
import { Effect, Either, Option } from "effect";
import type { User } from "../identity/index.ts";
import { callerProfile } from "../invoice/index.ts";
import { AppUrl, cents, formatAud, Mailer, publishEvent } from "../shared/index.ts";
import { type DisputeEvent, transitionDispute } from "./dispute-machine.ts";
import { DisputeNotFound } from "./errors.ts";
import type { Dispute, DisputeId, DisputeParty } from "./model.ts";
import { DisputeRepository, type NewTimelineEntry } from "./ports.ts";
import { settleDispute } from "./settle-dispute.ts";

export type Caller = { readonly kind: "party"; readonly party: DisputeParty } | { readonly kind: "staff" };

export const isStaff = (user: User) => user.role === "admin";

/** The dispute if the caller is one of its parties or staff; DisputeNotFound otherwise. */
export const visibleDispute = Effect.fn("dispute.visible")(function* (user: User, id: DisputeId) {
  const found = yield* (yield* DisputeRepository).findById(id);
  if (Option.isNone(found)) return yield* new DisputeNotFound({ id });
  const dispute = found.value;
  if (isStaff(user)) return { dispute, caller: { kind: "staff" } as Caller };
  const profile = yield* callerProfile(user).pipe(Effect.catchAll(() => new DisputeNotFound({ id })));
  const mine =
    profile.party === "agent"
      ? dispute.agentId === profile.profileId
      : dispute.businessId === profile.profileId;
  if (!mine) return yield* new DisputeNotFound({ id });
  return { dispute, caller: { kind: "party", party: profile.party } as Caller };
});

export const partyOf = (caller: Caller, id: DisputeId) =>
  caller.kind === "party" ? Effect.succeed(caller.party) : Effect.fail(new DisputeNotFound({ id }));

/** Emails both parties about one step (best effort: a mail failure never undoes the step). */
export const tellBoth = Effect.fn("dispute.tellBoth")(function* (
  dispute: Dispute,
  subject: string,
  text: string,
) {
  const mailer = yield* Mailer;
  const { origin } = yield* AppUrl;
  const contacts = yield* (yield* DisputeRepository).contacts(dispute);
  const pages = { business: "/business/payments", agent: "/agent/invoices" } as const;
  for (const side of ["business", "agent"] as const)
    yield* mailer
      .send({
        to: contacts[side],
        subject: `Dispute #${dispute.id} (invoice #${dispute.invoiceId}): ${subject}`,
        text,
        action: { label: "View the dispute", url: `${origin}${pages[side]}/disputes/${dispute.id}` },
      })
      .pipe(Effect.catchAllCause(() => Effect.void));
});

/** Who took a dispute step: a party, staff (mediation) or the deadline sweep. */
export type StepActor = DisputeParty | "staff" | "system";

/**
 * A dispute deadline in e-mails: "Wednesday, 2 December 2026 at 5:00 PM (Sydney time)". Deadlines run
 * on the Sydney business-day clock (deadlines.ts), so they are said in Sydney time for both parties.
 */
export const formatDeadline = (at: Date | null) =>
  at ? `${formatDate(at, "EEEE, d MMMM yyyy 'at' h:mm a", defaultTimeZone)} (Sydney time)` : "—";

/** The timeline line each party event writes (a tick writes none). */
export const timelineKind: { readonly [T in DisputeEvent["type"]]: NewTimelineEntry["kind"] } = {
  accept: "accepted",
  counter: "counter_offer",
  reject: "rejected",
  propose: "proposed",
  accept_proposal: "proposal_accepted",
  reject_proposal: "proposal_rejected",
  withdraw: "withdrawn",
  tick: "escalated",
};

export const lineFor = (
  event: DisputeEvent,
  actor: NewTimelineEntry["actor"],
  message: string | null,
): NewTimelineEntry => {
  const kind = timelineKind[event.type];
  const amount = event.type === "counter" || event.type === "propose" ? cents(event.amountCents) : null;
  return { kind, actor, message, amountCents: amount, evidenceId: null };
};

/** Applies one event under the row lock, with the timeline lines the change implies. */
export const applyEvent = Effect.fn("dispute.applyEvent")(function* (
  id: DisputeId,
  event: DisputeEvent,
  actor: NewTimelineEntry["actor"],
  message: string | null,
) {
  return yield* (yield* DisputeRepository).update(id, (dispute) =>
    Either.map(transitionDispute(dispute, event), (status) => {
      const lines: NewTimelineEntry[] = [];
      if (
        dispute.state === "open" &&
        status.state !== "open" &&
        event.type !== "reject" &&
        event.type !== "accept" &&
        event.type !== "withdraw"
      )
        lines.push({
          kind: "mediation_started",
          actor: "system",
          message: "No answer within 7 days.",
          amountCents: null,
          evidenceId: null,
        });
      if (dispute.state === "proposed" && status.state === "resolved" && event.type !== "accept_proposal")
        lines.push({
          kind: "proposal_accepted",
          actor: "system",
          message: "No answer within 2 days: accepted.",
          amountCents: null,
          evidenceId: null,
        });
      if (event.type !== "tick") lines.push(lineFor(event, actor, message));
      if (status.state === "in_mediation" && dispute.state !== "in_mediation" && event.type !== "tick")
        lines.push({
          kind: "mediation_started",
          actor: "system",
          message: null,
          amountCents: null,
          evidenceId: null,
        });
      if (status.state === "resolved")
        lines.push({
          kind: "resolved",
          actor: "system",
          message: status.outcome,
          amountCents: status.settledAmountCents,
          evidenceId: null,
        });
      return { status, lines };
    }),
  );
});

/**
 * After a step: notifies the parties other than `actor`, emails both parties, and settles the
 * money when the dispute ended.
 */
export const afterStep = Effect.fn("dispute.afterStep")(function* (
  before: Dispute,
  after: Dispute,
  what: string,
  actorUserId: User["id"],
  actor: StepActor,
) {
  yield* publishEvent({ _tag: "DisputeStepTaken", before, dispute: after, by: actor, what });
  const lines: string[] = [what];
  if (after.state === "open" && after.deadline)
    lines.push(
      `The ${after.offer.by === "business" ? "agent" : "business"} has until ${formatDeadline(after.deadline)} to answer ${formatAud(after.offer.amountCents)}.`,
    );
  if (after.state === "in_mediation" && before.state !== "in_mediation")
    lines.push(
      `The dispute is now with Closr's mediation team, who will propose a resolution by ${formatDeadline(after.deadline)}.`,
    );
  if (after.state === "proposed" && after.proposal)
    lines.push(
      `Proposed resolution: the business pays ${formatAud(after.proposal.amountCents)} in total. ${after.proposal.note}\n\nAccept or reject it by ${formatDeadline(after.deadline)}; if you do not answer, it counts as accepted.`,
    );
  if (after.state === "resolved")
    lines.push(
      `Resolved: the business pays ${formatAud(after.settledAmountCents ?? cents(0))} in total (${after.outcome?.replaceAll("_", " ")}).`,
    );
  if (after.state === "withdrawn") lines.push("The dispute was withdrawn; the invoice stands as issued.");
  yield* tellBoth(
    after,
    after.state === before.state ? "an update" : after.state.replace("_", " "),
    lines.join("\n\n"),
  );
  if (after.state === "resolved" || after.state === "withdrawn") yield* settleDispute(after.id, actorUserId);
});
