/**
 * The business dashboard (spec §2.8): with no business profile (404) the welcome state with
 * a button to create one; with a profile, the greeting, stat tiles, a search panel and the
 * top 3 agent matches (BusinessHome). The states are @closr/ui's PartyDashboardPage.
 */
import { PartyDashboardPage, useOwnBusinessProfile } from "@closr/ui";
import { BusinessHome } from "./business-home.tsx";

export function BusinessDashboardPage() {
  return (
    <PartyDashboardPage
      party="business"
      own={useOwnBusinessProfile()}
      home={(profile) => <BusinessHome profile={profile} />}
    />
  );
}
