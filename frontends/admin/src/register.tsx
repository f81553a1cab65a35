/**
 * The admin remote's only export (Module Federation `./register`): routes under /admin
 * (spec §2.11), read from pages.tsx (one entry per page). The shell's guard admits only users
 * with role "admin".
 */
import type { NavItem, RegisterRemote } from "@closr/client";
import { AdminDashboardPage } from "./features/dashboard/components/admin-dashboard-page.tsx";
import { adminPages } from "./pages.tsx";

export const navItems: NavItem[] = adminPages.flatMap(({ path, card }) =>
  card ? [{ to: `/admin/${path}`, label: card.title, icon: card.icon }] : [],
);

const register: RegisterRemote = () => ({
  navItems,
  routes: [
    { index: true, element: <AdminDashboardPage /> },
    ...adminPages.map(({ path, element }) => ({ path, element })),
  ],
});

export default register;
