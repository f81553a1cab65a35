/**
 * The business remote's only export (Module Federation `./register`): its routes under
 * /business and its side-menu items (spec §2.2, §2.8).
 */
import type { NavItem, RegisterRemote } from "@closr/ui";
import { Navigate } from "react-router";
import { BusinessLayout } from "./app/business-layout.tsx";
import { AgentDetailPage } from "./features/agent-detail/components/agent-detail-page.tsx";
import { BusinessDashboardPage } from "./features/dashboard/components/business-dashboard-page.tsx";
import { FindAgentsPage } from "./features/find-agents/components/find-agents-page.tsx";
import { ActiveAgentsPage } from "./features/partnerships/components/active-agents-page.tsx";
import { PaymentsPage } from "./features/payments/components/payments-page.tsx";
import {
  CreateBusinessProfilePage,
  EditBusinessProfilePage,
} from "./features/profile/components/business-profile-pages.tsx";

export const navItems: NavItem[] = [
  { to: "/business/dashboard", label: "Dashboard", icon: "home" },
  { to: "/business/find-agents", label: "Find Agents", icon: "search" },
  { to: "/business/active-agents", label: "Active Agents", icon: "users", badge: "pending-partnerships" },
  { to: "/business/payments", label: "Payments", icon: "dollar" },
  { to: "/business/profile", label: "Profile", icon: "user" },
  { to: "/messages", label: "Messages", icon: "message", badge: "unread-messages" },
  { to: "/analytics", label: "Analytics", icon: "chart" },
  { to: "/reviews", label: "Reviews", icon: "star" },
  { to: "/settings", label: "Settings", icon: "settings" },
  { to: "/help", label: "Help", icon: "help" },
];

const register: RegisterRemote = () => ({
  navItems,
  routes: [
    {
      element: <BusinessLayout navItems={navItems} />,
      children: [
        { index: true, element: <Navigate to="dashboard" replace /> },
        { path: "dashboard", element: <BusinessDashboardPage /> },
        { path: "create-profile", element: <CreateBusinessProfilePage /> },
        { path: "profile", element: <EditBusinessProfilePage /> },
        { path: "find-agents", element: <FindAgentsPage /> },
        { path: "agents/:id", element: <AgentDetailPage /> },
        { path: "active-agents", element: <ActiveAgentsPage /> },
        { path: "payments", element: <PaymentsPage /> },
      ],
    },
  ],
});

export default register;
