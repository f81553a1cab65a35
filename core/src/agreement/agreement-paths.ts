/** Where each party finds a partnership's agreement in the app (ADR 0017, 0026). */
import type { Party } from "../partnership/index.ts";
import type { AgreementParties } from "./ports.ts";

/** The agreement page in the area of the party that did not act (`actor` is the one who did). */
export const agreementPathFor = (parties: Pick<AgreementParties, "partnershipId">, actor: Party) =>
  `/${actor === "business" ? "agent/current-partners" : "business/active-agents"}/${parties.partnershipId}/agreement`;
