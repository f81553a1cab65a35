/**
 * /business/active-agents — "Agent Partnerships" (spec §2.8): the shared partnerships page
 * from @closr/partner-kit, seen from the business side (the cards show agents).
 */
import { PartnershipsPage } from "@closr/partner-kit";

export function ActiveAgentsPage() {
  return <PartnershipsPage side="business" />;
}
