/**
 * The agent remote's only export (Module Federation `./register`): its routes under /agent
 * and its side-menu items (spec §2.2, §2.9), shaped by @closr/partner-kit's party remote.
 * Each page is its own chunk (`deferredPage`, ADR 0056): opening one page downloads that page's
 * code, not the whole area's.
 */
import { registerPartyRemote } from "@closr/partner-kit";
import { deferredPage } from "@closr/ui";

const profilePages = () => import("./features/profile/components/agent-profile-pages.tsx");

const Dashboard = deferredPage("agent/dashboard", () =>
  import("./features/dashboard/components/agent-dashboard-page.tsx").then((m) => m.AgentDashboardPage),
);
const CreateProfile = deferredPage("agent/create-profile", () =>
  profilePages().then((m) => m.CreateAgentProfilePage),
);
const EditProfile = deferredPage("agent/profile", () => profilePages().then((m) => m.EditAgentProfilePage));
const Find = deferredPage("agent/find-businesses", () =>
  import("./features/find-businesses/components/find-businesses-page.tsx").then((m) => m.FindBusinessesPage),
);
const Detail = deferredPage("agent/business", () =>
  import("./features/business-detail/components/business-detail-page.tsx").then((m) => m.BusinessDetailPage),
);
const Partners = deferredPage("agent/current-partners", () =>
  import("./features/partnerships/components/current-partners-page.tsx").then((m) => m.CurrentPartnersPage),
);
const Invoices = deferredPage("agent/invoices", () =>
  import("./features/invoices/components/agent-invoices-page.tsx").then((m) => m.AgentInvoicesPage),
);
const Payouts = deferredPage("agent/payouts", () =>
  import("./features/payouts/components/payouts-page.tsx").then((m) => m.PayoutsPage),
);
const Opportunities = deferredPage("agent/opportunities", () =>
  import("./features/opportunities/components/opportunities-page.tsx").then((m) => m.AgentOpportunitiesPage),
);
const OpportunityDetail = deferredPage("agent/opportunity", () =>
  import("./features/opportunities/components/opportunity-detail-page.tsx").then(
    (m) => m.OpportunityDetailPage,
  ),
);

export default registerPartyRemote("agent", {
  dashboard: <Dashboard />,
  createProfile: <CreateProfile />,
  editProfile: <EditProfile />,
  find: <Find />,
  detail: <Detail />,
  partners: <Partners />,
  money: <Invoices />,
  // Issue 14: payouts come before the first invoice (its menu item is partyAreas.agent.more).
  // Issue 44: opportunities to search and apply to, the agent's applications and invitations.
  extraRoutes: [
    { path: "payouts", element: <Payouts /> },
    { path: "opportunities", element: <Opportunities /> },
    { path: "opportunities/:id", element: <OpportunityDetail /> },
  ],
});
