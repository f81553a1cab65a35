import { describe, expect, it } from "vitest";
import { partyNavItems, partyRemoteModule } from "./party-remote.tsx";

const pages = {
  dashboard: "dashboard",
  createProfile: "create",
  editProfile: "edit",
  find: "find",
  detail: "detail",
  partners: "partners",
  money: "money",
};

describe("party remote (spec §2.2 side menus)", () => {
  it("the business menu", () => {
    expect(partyNavItems("business").map((item) => [item.to, item.label, item.badge])).toEqual([
      ["/business/dashboard", "Dashboard", undefined],
      ["/business/find-agents", "Find Agents", undefined],
      ["/business/active-agents", "Active Agents", "active-partnerships"],
      ["/business/payments", "Payments", undefined],
      ["/business/profile", "Profile", undefined],
      ["/business/opportunities", "Opportunities", undefined],
      ["/messages", "Messages", "unread-messages"],
      ["/analytics", "Analytics", undefined],
      ["/reviews", "Reviews", undefined],
      ["/settings", "Settings", undefined],
      ["/help", "Help", undefined],
    ]);
  });

  it("the agent menu", () => {
    expect(partyNavItems("agent").map((item) => [item.to, item.label, item.icon])).toEqual([
      ["/agent/dashboard", "Dashboard", "home"],
      ["/agent/find-businesses", "Find Businesses", "search"],
      ["/agent/current-partners", "Current Partners", "users"],
      ["/agent/invoices", "Invoices", "file"],
      ["/agent/profile", "Profile", "user"],
      ["/agent/payouts", "Payouts", "dollar"],
      ["/agent/opportunities", "Opportunities", "briefcase"],
      ["/messages", "Messages", "message"],
      ["/performance", "Performance", "chart"],
      ["/reviews", "Reviews", "star"],
      ["/settings", "Settings", "settings"],
      ["/help", "Help", "help"],
    ]);
  });

  it("routes each page under the party's paths, plus a remote's extra pages", () => {
    const module = partyRemoteModule("agent", {
      ...pages,
      extraRoutes: [{ path: "reports", element: "reports" }],
      extraNavItems: [{ to: "/agent/reports", label: "Reports", icon: "chart" }],
    });
    const children = module.routes[0]?.children ?? [];
    expect(children.map((route) => [route.index ? "(index)" : route.path, route.element])).toEqual([
      ["(index)", expect.anything()],
      ["dashboard", "dashboard"],
      ["create-profile", "create"],
      ["profile", "edit"],
      ["find-businesses", "find"],
      ["businesses/:id", "detail"],
      ["current-partners", "partners"],
      ["invoices", "money"],
      ["current-partners/:partnershipId/agreement", expect.anything()],
      ["invoices/disputes/:id", expect.anything()],
      ["reports", "reports"],
    ]);
    expect(module.navItems[5]).toEqual({ to: "/agent/payouts", label: "Payouts", icon: "dollar" });
    expect(module.navItems[6]).toEqual({
      to: "/agent/opportunities",
      label: "Opportunities",
      icon: "briefcase",
    });
    expect(module.navItems[7]).toEqual({ to: "/agent/reports", label: "Reports", icon: "chart" });
  });
});
