/**
 * The /settings frame (issue 15): a side menu with Account, Security, Notifications, Privacy and
 * Billing, and the page beside it. Exported so /settings/billing (Subscriptions) renders inside it.
 */

import type { NavItem } from "@closr/client";
import { SideMenuLayout } from "@closr/client";
import { PageHeader } from "@closr/ui";
import type { ReactNode } from "react";

export const settingsNavItems: NavItem[] = [
  { to: "/settings/account", label: "Account", icon: "user" },
  { to: "/settings/security", label: "Security", icon: "lock" },
  { to: "/settings/notifications", label: "Notifications", icon: "bell" },
  { to: "/settings/privacy", label: "Privacy", icon: "shield" },
  { to: "/settings/billing", label: "Billing", icon: "dollar" },
  { to: "/settings/api", label: "API", icon: "settings" },
];

export function SettingsLayout({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <SideMenuLayout label="Settings" items={settingsNavItems} className="settings-layout">
      <div className="stack-lg">
        <PageHeader title={title} {...(description ? { description } : {})} />
        {children}
      </div>
    </SideMenuLayout>
  );
}
