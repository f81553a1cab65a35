/**
 * The business remote's only export (Module Federation `./register`): its routes under
 * /business and its side-menu items (spec §2.2, §2.8), shaped by @closr/partner-kit's party remote.
 */
import { PartyDisputePage, registerPartyRemote } from "@closr/partner-kit";
import { AgentDetailPage } from "./features/agent-detail/components/agent-detail-page.tsx";
import { AgreementTemplatePage } from "./features/agreement-template/components/agreement-template-page.tsx";
import { BusinessDashboardPage } from "./features/dashboard/components/business-dashboard-page.tsx";
import { FindAgentsPage } from "./features/find-agents/components/find-agents-page.tsx";
import { ActiveAgentsPage } from "./features/partnerships/components/active-agents-page.tsx";
import { PaymentsPage } from "./features/payments/components/payments-page.tsx";
import {
  CreateBusinessProfilePage,
  EditBusinessProfilePage,
} from "./features/profile/components/business-profile-pages.tsx";

export default registerPartyRemote("business", {
  dashboard: <BusinessDashboardPage />,
  createProfile: <CreateBusinessProfilePage />,
  editProfile: <EditBusinessProfilePage />,
  find: <FindAgentsPage />,
  detail: <AgentDetailPage />,
  partners: <ActiveAgentsPage />,
  money: <PaymentsPage />,
  extraRoutes: [
    // Issue 17: the Enterprise custom contract template (linked from the agreement page).
    { path: "agreement-template", element: <AgreementTemplatePage /> },
    {
      path: "payments/disputes/:id",
      element: <PartyDisputePage backHref="/business/payments?tab=disputes" backLabel="Disputes" />,
    },
  ],
});
