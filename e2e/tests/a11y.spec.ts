/**
 * axe over the route table (issue 19): no serious or critical violation (WCAG 2.1 A/AA rules)
 * on any route, at 1280, 390 and 320 px; and no page scrolls sideways at any of those widths
 * (document scrollWidth ≤ innerWidth: tables scroll inside their box, tabs wrap; ADR 0038).
 * ONE table: add a row for every new page ({ path, as: who is signed in, name }); a row with
 * `as: null` runs signed out.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "./fixtures.ts";
import { demo, logIn } from "./support.ts";

type Signed = null | "business" | "agent" | "admin";
/** `open` runs after the page settles, for what shows only on demand (a popover, a drawer). */
type Row = { path: string; as: Signed; open?: (page: Page) => Promise<void> };

/** Opens the top bar's notification bell and waits for its popover. */
async function openNotifications(page: Page) {
  await page.getByRole("button", { name: /^Notifications:/ }).click();
  await expect(page.getByRole("dialog", { name: "Notifications" })).toBeVisible();
}

export const routeTable: Row[] = [
  // Public
  { path: "/", as: null },
  { path: "/auth", as: null },
  { path: "/pricing", as: null },
  { path: "/how-it-works", as: null },
  { path: "/verification", as: null },
  { path: "/contact", as: null },
  { path: "/about", as: null },
  { path: "/terms", as: null },
  { path: "/privacy", as: null },
  { path: "/forgot-password", as: null },
  { path: "/no-such-page", as: null },
  { path: "/careers", as: null },
  { path: "/blog", as: null },
  { path: "/press", as: null },
  { path: "/commission-guides", as: null },
  { path: "/help", as: null },
  { path: "/reset-password", as: null },
  // Business
  { path: "/business/dashboard", as: "business" },
  { path: "/business/find-agents", as: "business" },
  { path: "/business/active-agents", as: "business" },
  { path: "/business/payments", as: "business" },
  { path: "/business/payments?tab=history", as: "business" },
  { path: "/business/payments?tab=disputes", as: "business" },
  { path: "/business/profile", as: "business" },
  { path: "/messages", as: "business" },
  { path: "/settings/account", as: "business" },
  { path: "/settings/notifications", as: "business" },
  { path: "/settings/security", as: "business" },
  { path: "/settings/privacy", as: "business" },
  { path: "/settings/billing", as: "business" },
  { path: "/settings/api", as: "business" },
  { path: "/business/dashboard", as: "business", open: openNotifications },
  { path: "/reviews", as: "business" },
  { path: "/analytics", as: "business" },
  // Agent
  { path: "/agent/dashboard", as: "agent" },
  { path: "/agent/find-businesses", as: "agent" },
  { path: "/agent/current-partners", as: "agent" },
  { path: "/agent/invoices", as: "agent" },
  { path: "/agent/invoices?tab=invoices", as: "agent" },
  { path: "/agent/invoices?tab=earnings", as: "agent" },
  { path: "/agent/profile", as: "agent" },
  { path: "/agent/payouts", as: "agent" },
  { path: "/performance", as: "agent" },
  { path: "/reviews", as: "agent" },
  { path: "/messages", as: "agent" },
  { path: "/settings/billing", as: "agent" },
  // Admin
  { path: "/admin", as: "admin" },
  { path: "/admin/verification", as: "admin" },
  { path: "/admin/payments", as: "admin" },
  { path: "/admin/reviews", as: "admin" },
  { path: "/admin/users", as: "admin" },
  { path: "/admin/audit-log", as: "admin" },
  { path: "/admin/contact-messages", as: "admin" },
  { path: "/admin/settings", as: "admin" },
  { path: "/admin/media", as: "admin" },
  { path: "/admin/content/about", as: "admin" },
  { path: "/admin/content/careers", as: "admin" },
  { path: "/admin/content/blog", as: "admin" },
  { path: "/admin/content/press", as: "admin" },
  { path: "/admin/content/guide", as: "admin" },
  { path: "/admin/content/help", as: "admin" },
  { path: "/admin/jobs", as: "admin" },
  { path: "/admin/disputes", as: "admin" },
];

const accounts: Record<Exclude<Signed, null>, string> = {
  business: demo.businessWithProfile,
  agent: demo.agentWithProfile,
  admin: demo.admin,
};

const viewports = [
  { name: "1280", width: 1280, height: 800 },
  { name: "390", width: 390, height: 844 },
  { name: "320", width: 320, height: 640 },
] as const;

/** How far the page scrolls sideways (px): 0 when nothing is wider than the window. */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Serious and critical violations on the page, one line each (rule, impact, first target). */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")}`,
    );
}

/** Waits for the page to settle: network quiet, no session or page spinner, the splash gone. */
async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
  await expect(page.locator("main")).toBeVisible();
  await expect(page.getByRole("status", { name: /checking your session|loading/i })).toHaveCount(0);
  await expect(page.locator(".splash")).toHaveCount(0);
}

// The rows are read-only, so their tests spread over the workers (each has its own server).
test.describe.configure({ mode: "parallel" });

/** Rows per test: small enough that the workers share the table evenly. */
const chunk = 6;

for (const viewport of viewports) {
  for (const who of [null, "business", "agent", "admin"] as const) {
    const all = routeTable.filter((row) => row.as === who);
    for (let start = 0; start < all.length; start += chunk) {
      const rows = all.slice(start, start + chunk);
      const part = all.length > chunk ? ` (rows ${start + 1}–${start + rows.length})` : "";
      test(`axe: ${who ?? "signed-out"} routes at ${viewport.name} px${part} have no serious or critical violation and no sideways scroll`, async ({
        page,
      }) => {
        test.setTimeout(60_000 + rows.length * 30_000);
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
        // The splash shows once per browser session; mark it seen so axe sees the page.
        await page.addInitScript(() => sessionStorage.setItem("closr.splash-seen", "1"));
        if (who) await logIn(page, accounts[who]);
        const found: string[] = [];
        for (const row of rows) {
          await page.goto(row.path);
          await settle(page);
          await row.open?.(page);
          const where = row.open ? `${row.path} (${row.open.name})` : row.path;
          const overflow = await sidewaysOverflow(page);
          if (overflow > 0) found.push(`${where}: scrolls sideways by ${overflow} px`);
          for (const line of await violations(page)) found.push(`${where}: ${line}`);
        }
        expect(found).toEqual([]);
      });
    }
  }
}
