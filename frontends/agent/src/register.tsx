/**
 * The agent remote's only export (Module Federation `./register`): its routes under /agent
 * and its side-menu items (spec §2.2, §2.9).
 */
import type { NavItem, RegisterRemote } from "@closr/ui";
import { Navigate } from "react-router";
import { AgentLayout } from "./app/agent-layout.tsx";
import { BusinessDetailPage } from "./features/business-detail/components/business-detail-page.tsx";
import { AgentDashboardPage } from "./features/dashboard/components/agent-dashboard-page.tsx";
import { FindBusinessesPage } from "./features/find-businesses/components/find-businesses-page.tsx";
import { AgentInvoicesPage } from "./features/invoices/components/agent-invoices-page.tsx";
import { CurrentPartnersPage } from "./features/partnerships/components/current-partners-page.tsx";
import {
  CreateAgentProfilePage,
  EditAgentProfilePage,
} from "./features/profile/components/agent-profile-pages.tsx";

export const navItems: NavItem[] = [
  { to: "/agent/dashboard", label: "Dashboard", icon: "home" },
  { to: "/agent/find-businesses", label: "Find Businesses", icon: "search" },
  { to: "/agent/current-partners", label: "Current Partners", icon: "users", badge: "pending-partnerships" },
  { to: "/agent/invoices", label: "Invoices", icon: "file" },
  { to: "/agent/profile", label: "Profile", icon: "user" },
  { to: "/messages", label: "Messages", icon: "message", badge: "unread-messages" },
  { to: "/performance", label: "Performance", icon: "chart" },
  { to: "/reviews", label: "Reviews", icon: "star" },
  { to: "/settings", label: "Settings", icon: "settings" },
  { to: "/help", label: "Help", icon: "help" },
];

const register: RegisterRemote = () => ({
  navItems,
  routes: [
    {
      element: <AgentLayout navItems={navItems} />,
      children: [
        { index: true, element: <Navigate to="dashboard" replace /> },
        { path: "dashboard", element: <AgentDashboardPage /> },
        { path: "create-profile", element: <CreateAgentProfilePage /> },
        { path: "profile", element: <EditAgentProfilePage /> },
        { path: "find-businesses", element: <FindBusinessesPage /> },
        { path: "businesses/:id", element: <BusinessDetailPage /> },
        { path: "current-partners", element: <CurrentPartnersPage /> },
        { path: "invoices", element: <AgentInvoicesPage /> },
      ],
    },
  ],
});

export default register;
