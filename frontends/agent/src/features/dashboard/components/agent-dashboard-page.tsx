/**
 * The agent dashboard (spec §2.9): a greeting with the username; with no agent profile (404)
 * the welcome panel linking to /agent/create-profile; with one, the stat tiles, partners,
 * a filter panel to /agent/find-businesses and the top 3 business matches (AgentHome). The
 * states are @closr/partner-kit's PartyDashboardPage.
 */
import { PartyDashboardPage, useOwnAgentProfile } from "@closr/partner-kit";
import { AgentHome } from "./agent-home.tsx";

export function AgentDashboardPage() {
  return (
    <PartyDashboardPage
      party="agent"
      own={useOwnAgentProfile()}
      home={(profile, username) => (
        <AgentHome profile={profile} username={username ?? profile.user.username} />
      )}
    />
  );
}
