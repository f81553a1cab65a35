/**
 * The partnership state machine (spec §4 Partnership; issue 4): pure, no I/O, time comes in.
 *
 *   pending ──accept (the party who did not send the request)──▶ active   (startDate = at)
 *   pending ──reject (the party who did not send the request)──▶ rejected
 *   pending ──withdraw (the party who sent the request)────────▶ withdrawn
 *   active  ──end (either party)───────────────────────────────▶ terminated (endDate = at; irreversible)
 *
 * Every other state × event pair is a PartnershipTransitionNotAllowed.
 */
import { Either } from "effect";
import { type PartnershipEventType, PartnershipTransitionNotAllowed } from "./errors.ts";
import type { Partnership, PartnershipStatus, Party } from "./model.ts";

export interface PartnershipEvent {
  readonly type: PartnershipEventType;
  /** The party acting. */
  readonly by: Party;
  readonly at: Date;
}

/** The fields a transition changes. */
export interface PartnershipChange {
  readonly status: PartnershipStatus;
  readonly startDate: Date | null;
  readonly endDate: Date | null;
}

/** The status each event leads to (from its only legal source state). */
export const eventForStatus: Readonly<Record<Exclude<PartnershipStatus, "pending">, PartnershipEventType>> = {
  active: "accept",
  rejected: "reject",
  withdrawn: "withdraw",
  terminated: "end",
};

const notAllowed = (from: PartnershipStatus, event: PartnershipEventType, reason: string) =>
  Either.left(new PartnershipTransitionNotAllowed({ from, event, reason }));

/** Applies `event` to `current`; Left when the event is not allowed from that state or for that party. */
export function transition(
  current: Pick<Partnership, "status" | "requestedBy" | "startDate" | "endDate">,
  event: PartnershipEvent,
): Either.Either<PartnershipChange, PartnershipTransitionNotAllowed> {
  const { status } = current;
  const isRequester = event.by === current.requestedBy;
  switch (event.type) {
    case "accept":
    case "reject": {
      if (status !== "pending")
        return notAllowed(status, event.type, `Only a pending request can be ${pastTense[event.type]}.`);
      if (isRequester)
        return notAllowed(
          status,
          event.type,
          `Only the party who received the request can ${event.type} it.`,
        );
      return Either.right(
        event.type === "accept"
          ? { status: "active", startDate: event.at, endDate: null }
          : { status: "rejected", startDate: null, endDate: null },
      );
    }
    case "withdraw": {
      if (status !== "pending")
        return notAllowed(status, "withdraw", "Only a pending request can be withdrawn.");
      if (!isRequester)
        return notAllowed(status, "withdraw", "Only the party who sent the request can withdraw it.");
      return Either.right({ status: "withdrawn", startDate: null, endDate: null });
    }
    case "end": {
      if (status !== "active") return notAllowed(status, "end", "Only an active partnership can be ended.");
      return Either.right({ status: "terminated", startDate: current.startDate, endDate: event.at });
    }
  }
}

const pastTense: Record<"accept" | "reject", string> = { accept: "accepted", reject: "rejected" };

/** The counterpart of a party. */
export const otherParty = (party: Party): Party => (party === "business" ? "agent" : "business");
