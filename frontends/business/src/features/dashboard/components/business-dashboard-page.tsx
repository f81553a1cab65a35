/**
 * The business dashboard (spec §2.8): with no business profile (404) the welcome state with
 * a button to create one; with a profile, the greeting, stat tiles, a search panel and the
 * top 3 agent matches (BusinessHome), under this build's release note if it has one. The states
 * are @closr/partner-kit's PartyDashboardPage.
 */
import { PartyDashboardPage, useOwnBusinessProfile } from "@closr/partner-kit";
import { BusinessHome } from "./business-home.tsx";
import { ReleaseNote } from "./release-note.tsx";

export function BusinessDashboardPage() {
  return (
    <PartyDashboardPage
      party="business"
      own={useOwnBusinessProfile()}
      home={(profile) => (
        <>
          <ReleaseNote />
          <BusinessHome profile={profile} />
        </>
      )}
    />
  );
}
