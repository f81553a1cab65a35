/**
 * The agent remote's only export (Module Federation `./register`): its routes under /agent
 * and its side-menu items (spec §2.2, §2.9), shaped by @closr/partner-kit's party remote.
 */
import { PartyDisputePage, registerPartyRemote } from "@closr/partner-kit";
import { BusinessDetailPage } from "./features/business-detail/components/business-detail-page.tsx";
import { AgentDashboardPage } from "./features/dashboard/components/agent-dashboard-page.tsx";
import { FindBusinessesPage } from "./features/find-businesses/components/find-businesses-page.tsx";
import { AgentInvoicesPage } from "./features/invoices/components/agent-invoices-page.tsx";
import { CurrentPartnersPage } from "./features/partnerships/components/current-partners-page.tsx";
import { PayoutsPage } from "./features/payouts/components/payouts-page.tsx";
import {
  CreateAgentProfilePage,
  EditAgentProfilePage,
} from "./features/profile/components/agent-profile-pages.tsx";

export default registerPartyRemote("agent", {
  dashboard: <AgentDashboardPage />,
  createProfile: <CreateAgentProfilePage />,
  editProfile: <EditAgentProfilePage />,
  find: <FindBusinessesPage />,
  detail: <BusinessDetailPage />,
  partners: <CurrentPartnersPage />,
  money: <AgentInvoicesPage />,
  // Issue 14: payouts come before the first invoice (its menu item is partyAreas.agent.more).
  extraRoutes: [
    { path: "payouts", element: <PayoutsPage /> },
    {
      path: "invoices/disputes/:id",
      element: <PartyDisputePage backHref="/agent/invoices?tab=disputes" backLabel="Disputes" />,
    },
  ],
});
