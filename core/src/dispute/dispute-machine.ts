/**
 * The dispute state machine (issue 17, ADR 0018). Pure: every event carries its time `at`, and
 * deadlines come from ./deadlines.ts (Sydney calendar, NSW business days).
 *
 *   open ──accept──────────────────────────────► resolved (at the offer on the table)
 *   open ──counter (each gives the other 7 days)─► open
 *   open ──reject, or 7 days without an answer──► in_mediation (staff: 5 business days)
 *   in_mediation ──propose (staff)──────────────► proposed (parties: 2 days)
 *   proposed ──both accept, or 2 days pass──────► resolved (silence is acceptance)
 *   proposed ──a party rejects──────────────────► in_mediation (a new 5 business days)
 *   any non-terminal ──withdraw (opener only)───► withdrawn
 *
 * Before an event applies, deadlines already passed at its `at` are applied (`advance`), so a
 * late answer cannot beat the clock. A refused event is a `DisputeTransitionRefused`; the
 * caller keeps the state it had.
 */
import { Either } from "effect";
import { type Cents, cents } from "../shared/index.ts";
import { businessDaysDeadline, calendarDaysDeadline } from "./deadlines.ts";
import { DisputeTransitionRefused } from "./errors.ts";
import {
  type DisputeParty,
  type DisputeStatus,
  disputeOutcome,
  disputeRules,
  isTerminal,
  otherParty,
} from "./model.ts";

export type DisputeEvent =
  | { readonly type: "accept"; readonly by: DisputeParty; readonly at: Date }
  | { readonly type: "counter"; readonly by: DisputeParty; readonly amountCents: number; readonly at: Date }
  | { readonly type: "reject"; readonly by: DisputeParty; readonly at: Date }
  | { readonly type: "propose"; readonly amountCents: number; readonly note: string; readonly at: Date }
  | { readonly type: "accept_proposal"; readonly by: DisputeParty; readonly at: Date }
  | { readonly type: "reject_proposal"; readonly by: DisputeParty; readonly at: Date }
  | { readonly type: "withdraw"; readonly by: DisputeParty; readonly at: Date }
  | { readonly type: "tick"; readonly at: Date };

/** The first status of a dispute opened at `at` by `opener`, claiming the business owes `claimedCents`. */
export const openedStatus = (input: {
  readonly opener: DisputeParty;
  readonly invoicePaid: boolean;
  readonly invoiceAmountCents: number;
  readonly claimedCents: number;
  readonly at: Date;
}): DisputeStatus => ({
  state: "open",
  opener: input.opener,
  invoicePaid: input.invoicePaid,
  invoiceAmountCents: cents(input.invoiceAmountCents),
  offer: { by: input.opener, amountCents: cents(input.claimedCents) },
  proposal: null,
  deadline: calendarDaysDeadline(input.at, disputeRules.respondDays),
  settledAmountCents: null,
  outcome: null,
});

const resolve = <S extends DisputeStatus>(status: S, settled: Cents): S => ({
  ...status,
  state: "resolved",
  deadline: null,
  settledAmountCents: settled,
  outcome: disputeOutcome(status, settled),
});

const toMediation = <S extends DisputeStatus>(status: S, at: Date): S => ({
  ...status,
  state: "in_mediation",
  proposal: null,
  deadline: businessDaysDeadline(at, disputeRules.mediationBusinessDays),
});

/**
 * Applies every deadline passed at `at`: an unanswered offer goes to mediation (from its
 * deadline); an unanswered proposal is accepted. Staff's mediation deadline only marks the
 * dispute overdue in the queue (nobody else can propose).
 */
export const advance = <S extends DisputeStatus>(status: S, at: Date): S => {
  if (!status.deadline || at < status.deadline) return status;
  if (status.state === "open") return toMediation(status, status.deadline);
  if (status.state === "proposed" && status.proposal) return resolve(status, status.proposal.amountCents);
  return status;
};

const refuse = (status: DisputeStatus, event: DisputeEvent, message: string) =>
  Either.left(new DisputeTransitionRefused({ state: status.state, event: event.type, message }));

const validAmount = (status: DisputeStatus, amount: number) =>
  Number.isInteger(amount) && amount >= 0 && amount <= status.invoiceAmountCents;

/** Applies `event` (after the deadlines passed at its time), or refuses it with a message. */
export const transitionDispute = <S extends DisputeStatus>(
  current: S,
  event: DisputeEvent,
): Either.Either<S, DisputeTransitionRefused> => {
  const status = advance(current, event.at);
  if (isTerminal(status.state))
    return event.type === "tick" && status !== current
      ? Either.right(status)
      : refuse(status, event, `This dispute is already ${status.state}.`);
  switch (event.type) {
    case "tick":
      return status === current ? refuse(status, event, "Nothing is due yet.") : Either.right(status);
    case "withdraw":
      if (event.by !== status.opener)
        return refuse(status, event, "Only the party who opened the dispute can withdraw it.");
      return Either.right({ ...status, state: "withdrawn", deadline: null, outcome: "withdrawn" });
    case "accept":
    case "counter":
    case "reject":
      if (status.state !== "open")
        return refuse(status, event, "The parties can no longer negotiate: the dispute is with mediation.");
      if (status.offer.by === event.by)
        return refuse(status, event, "The other party has to answer your offer first.");
      if (event.type === "accept") return Either.right(resolve(status, status.offer.amountCents));
      if (event.type === "reject") return Either.right(toMediation(status, event.at));
      if (!validAmount(status, event.amountCents))
        return refuse(status, event, `An offer is between $0.00 and the invoice amount.`);
      return Either.right({
        ...status,
        offer: { by: event.by, amountCents: cents(event.amountCents) },
        deadline: calendarDaysDeadline(event.at, disputeRules.respondDays),
      });
    case "propose":
      if (status.state !== "in_mediation")
        return refuse(status, event, "A resolution can be proposed only while the dispute is in mediation.");
      if (!validAmount(status, event.amountCents))
        return refuse(status, event, `A resolution is between $0.00 and the invoice amount.`);
      return Either.right({
        ...status,
        state: "proposed",
        proposal: { amountCents: cents(event.amountCents), note: event.note, acceptedBy: [] },
        deadline: calendarDaysDeadline(event.at, disputeRules.acceptDays),
      });
    case "accept_proposal":
    case "reject_proposal": {
      if (status.state !== "proposed" || !status.proposal)
        return refuse(status, event, "There is no proposed resolution to answer.");
      if (status.proposal.acceptedBy.includes(event.by))
        return refuse(status, event, "You have already accepted this resolution.");
      if (event.type === "reject_proposal") return Either.right(toMediation(status, event.at));
      const acceptedBy = [...status.proposal.acceptedBy, event.by];
      const next = { ...status, proposal: { ...status.proposal, acceptedBy } };
      return Either.right(
        acceptedBy.includes(otherParty(event.by)) ? resolve(next, status.proposal.amountCents) : next,
      );
    }
  }
};
