/** The agent area's frame: the dashboard side menu beside the page. */
import { type NavItem, SideMenuLayout } from "@closr/ui";
import { Outlet } from "react-router";

export function AgentLayout({ navItems }: { navItems: NavItem[] }) {
  return (
    <SideMenuLayout label="Agent menu" items={navItems}>
      <Outlet />
    </SideMenuLayout>
  );
}
