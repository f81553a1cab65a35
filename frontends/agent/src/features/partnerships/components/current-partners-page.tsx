/**
 * /agent/current-partners — "Business Partnerships" (spec §2.9): the shared partnerships page
 * from @closr/partner-kit, seen from the agent side (the cards show businesses).
 */
import { PartnershipsPage } from "@closr/partner-kit";

export function CurrentPartnersPage() {
  return <PartnershipsPage side="agent" />;
}
