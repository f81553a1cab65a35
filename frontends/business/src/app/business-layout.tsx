/** The business area's frame: the dashboard side menu beside the page. */
import { type NavItem, SideMenuLayout } from "@closr/ui";
import { Outlet } from "react-router";

export function BusinessLayout({ navItems }: { navItems: NavItem[] }) {
  return (
    <SideMenuLayout label="Business menu" items={navItems}>
      <Outlet />
    </SideMenuLayout>
  );
}
