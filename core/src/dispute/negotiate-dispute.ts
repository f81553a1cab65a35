/** The parties' steps on an open dispute (ADR 0018): respond, withdraw, answer staff's proposal, message. */
import { Effect } from "effect";
import type { User } from "../identity/index.ts";
import { atomically, Clock, cents, formatAud } from "../shared/index.ts";
import type { DisputeEvent } from "./dispute-machine.ts";
import { afterStep, applyEvent, partyOf, tellBoth, visibleDispute } from "./dispute-steps.ts";
import { DisputeTransitionRefused, InvalidDispute } from "./errors.ts";
import { type DisputeId, disputeRules } from "./model.ts";
import { DisputeRepository } from "./ports.ts";

/**
 * A party answers the offer on the table: accept it, counter with `amountCents` (what the business
 * would pay in total), or reject it (straight to mediation). Optional message on the timeline.
 */
export const respondToDispute = Effect.fn("dispute.respond")(function* (
  user: User,
  id: DisputeId,
  input: {
    readonly action: "accept" | "counter" | "reject";
    readonly amountCents?: number | undefined;
    readonly message?: string | undefined;
  },
) {
  const { dispute, caller } = yield* visibleDispute(user, id);
  const by = yield* partyOf(caller, id);
  const at = yield* (yield* Clock).now;
  if (input.action === "counter" && input.amountCents === undefined)
    return yield* new InvalidDispute({
      errors: [{ field: "amount", message: "Enter the amount you offer." }],
    });
  const event: DisputeEvent =
    input.action === "counter"
      ? { type: "counter", by, amountCents: input.amountCents ?? 0, at }
      : { type: input.action, by, at };
  const after = yield* applyEvent(id, event, by, input.message?.trim() || null);
  const words =
    input.action === "accept"
      ? `The ${by} accepted ${formatAud(dispute.offer.amountCents)}.`
      : input.action === "counter"
        ? `The ${by} offered ${formatAud(cents(input.amountCents ?? 0))}.`
        : `The ${by} rejected the offer.`;
  yield* afterStep(dispute, after, words, user.id, by);
  return after;
}, atomically);

/** The opener withdraws the dispute (any time before it is resolved); the invoice stands. */
export const withdrawDispute = Effect.fn("dispute.withdraw")(function* (user: User, id: DisputeId) {
  const { dispute, caller } = yield* visibleDispute(user, id);
  const by = yield* partyOf(caller, id);
  const after = yield* applyEvent(id, { type: "withdraw", by, at: yield* (yield* Clock).now }, by, null);
  yield* afterStep(dispute, after, `The ${by} withdrew the dispute.`, user.id, by);
  return after;
}, atomically);

/** A party accepts or rejects staff's proposed resolution (both accepting, or silence, resolves). */
export const answerProposal = Effect.fn("dispute.answerProposal")(function* (
  user: User,
  id: DisputeId,
  accept: boolean,
) {
  const { dispute, caller } = yield* visibleDispute(user, id);
  const by = yield* partyOf(caller, id);
  const at = yield* (yield* Clock).now;
  const after = yield* applyEvent(
    id,
    { type: accept ? "accept_proposal" : "reject_proposal", by, at },
    by,
    null,
  );
  yield* afterStep(
    dispute,
    after,
    `The ${by} ${accept ? "accepted" : "rejected"} the proposed resolution.`,
    user.id,
    by,
  );
  return after;
}, atomically);

/** A message on the timeline from a party or staff (not on a terminal dispute). */
export const postDisputeMessage = Effect.fn("dispute.message")(function* (
  user: User,
  id: DisputeId,
  text: string,
) {
  const { dispute, caller } = yield* visibleDispute(user, id);
  const message = text.trim();
  if (message.length < 1 || message.length > disputeRules.maxMessageLength)
    return yield* new InvalidDispute({
      errors: [{ field: "message", message: "A message is 1 to 2,000 characters." }],
    });
  if (dispute.state === "resolved" || dispute.state === "withdrawn")
    return yield* new DisputeTransitionRefused({
      state: dispute.state,
      event: "message",
      message: `This dispute is already ${dispute.state}.`,
    });
  const actor = caller.kind === "staff" ? "staff" : caller.party;
  yield* (yield* DisputeRepository).appendLine(id, {
    kind: "message",
    actor,
    message,
    amountCents: null,
    evidenceId: null,
  });
  yield* tellBoth(
    dispute,
    "a new message",
    `${actor === "staff" ? "Closr's mediation team" : `The ${actor}`} wrote:\n\n${message}`,
  );
}, atomically);
