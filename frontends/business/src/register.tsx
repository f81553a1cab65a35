/**
 * The business remote's only export (Module Federation `./register`): its routes under
 * /business and its side-menu items (spec §2.2, §2.8), shaped by @closr/partner-kit's party remote.
 * Each page is its own chunk (`deferredPage`, ADR 0056): opening one page downloads that page's
 * code, not the whole area's.
 */
import { registerPartyRemote } from "@closr/partner-kit";
import { deferredPage } from "@closr/ui";

const profilePages = () => import("./features/profile/components/business-profile-pages.tsx");

const Dashboard = deferredPage("business/dashboard", () =>
  import("./features/dashboard/components/business-dashboard-page.tsx").then((m) => m.BusinessDashboardPage),
);
const CreateProfile = deferredPage("business/create-profile", () =>
  profilePages().then((m) => m.CreateBusinessProfilePage),
);
const EditProfile = deferredPage("business/profile", () =>
  profilePages().then((m) => m.EditBusinessProfilePage),
);
const Find = deferredPage("business/find-agents", () =>
  import("./features/find-agents/components/find-agents-page.tsx").then((m) => m.FindAgentsPage),
);
const Detail = deferredPage("business/agent", () =>
  import("./features/agent-detail/components/agent-detail-page.tsx").then((m) => m.AgentDetailPage),
);
const Partners = deferredPage("business/active-agents", () =>
  import("./features/partnerships/components/active-agents-page.tsx").then((m) => m.ActiveAgentsPage),
);
const Payments = deferredPage("business/payments", () =>
  import("./features/payments/components/payments-page.tsx").then((m) => m.PaymentsPage),
);
const AgreementTemplate = deferredPage("business/agreement-template", () =>
  import("./features/agreement-template/components/agreement-template-page.tsx").then(
    (m) => m.AgreementTemplatePage,
  ),
);
const opportunityPages = () => import("./features/opportunities/components/opportunity-pages.ts");
const Opportunities = deferredPage("business/opportunities", () =>
  opportunityPages().then((m) => m.OpportunitiesPage),
);
const NewOpportunity = deferredPage("business/opportunity-new", () =>
  opportunityPages().then((m) => m.NewOpportunityPage),
);
const EditOpportunity = deferredPage("business/opportunity-edit", () =>
  opportunityPages().then((m) => m.EditOpportunityPage),
);
const OpportunityApplicants = deferredPage("business/opportunity", () =>
  opportunityPages().then((m) => m.OpportunityApplicantsPage),
);

export default registerPartyRemote("business", {
  dashboard: <Dashboard />,
  createProfile: <CreateProfile />,
  editProfile: <EditProfile />,
  find: <Find />,
  detail: <Detail />,
  partners: <Partners />,
  money: <Payments />,
  // Issue 17: the Enterprise custom contract template (linked from the agreement page).
  // Issue 44: the business's opportunities, the editor and one opportunity's applicants.
  extraRoutes: [
    { path: "agreement-template", element: <AgreementTemplate /> },
    { path: "opportunities", element: <Opportunities /> },
    { path: "opportunities/new", element: <NewOpportunity /> },
    { path: "opportunities/:id/edit", element: <EditOpportunity /> },
    { path: "opportunities/:id", element: <OpportunityApplicants /> },
  ],
});
