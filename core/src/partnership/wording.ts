/**
 * How a partnership change is told to the counterparty (issue 4 emails, issue 18 bell): the
 * subject in the words of the event, and each side's partnerships screen. The emails
 * (use-cases.ts) and the notification context's notices use the same words.
 */
import type { PartnershipStatus, Party } from "./model.ts";

/** The PATCH statuses a party may ask for, and the events they stand for. */
export type RequestedStatus = Exclude<PartnershipStatus, "pending">;

/** What happened to the counterparty's partnership: a request, or one of the answers or the end. */
export type ConnectionNotice = "requested" | RequestedStatus;

/** The subject of each notice, from the acting party's name (company or full name). */
export const connectionSubjects: Record<ConnectionNotice, (from: string) => string> = {
  requested: (from) => `New connection request from ${from}`,
  active: (from) => `${from} accepted your connection request`,
  rejected: (from) => `${from} declined your connection request`,
  withdrawn: (from) => `${from} withdrew their connection request`,
  terminated: (from) => `${from} ended your partnership`,
};

/** Each side's partnerships screen (app path). */
export const partnershipScreens: Record<Party, string> = {
  business: "/business/active-agents",
  agent: "/agent/current-partners",
};
