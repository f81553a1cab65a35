/**
 * The dashboard side menu's live counts (spec §2.2's fixed badge placeholders replaced by real
 * data, docs/architecture.md "Deliberate differences"): Messages shows the caller's unread messages,
 * Active Agents the caller's active partnerships (the same figure as the dashboard's Active Agents
 * tile), and the mobile drawer's Messages link shows the unread count too. Demo data: harbourtech
 * has 1 unread message (from mia.chen), active partnerships (mia.chen's among them) and 2
 * incoming pending requests.
 */
import { expect, test } from "./fixtures.ts";
import { demo, logIn } from "./support.ts";

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the drawer's Messages link shows the unread count", async ({ page }) => {
    await logIn(page, demo.businessWithProfile);
    await page.getByRole("button", { name: "Open menu" }).click();
    const drawer = page.getByRole("navigation", { name: "Mobile" });
    // The drawer's links are flex rows, so Chromium joins the label and the badge with a space.
    await expect(drawer.getByRole("link", { name: /^Messages ?, 1 unread$/ })).toBeVisible();
  });
});

test("the business side menu shows the unread messages and the active agents the dashboard counts", async ({
  page,
}) => {
  await logIn(page, demo.businessWithProfile);
  await expect(page).toHaveURL(/\/business\/dashboard$/);
  const menu = page.getByRole("navigation", { name: "Business menu" });

  const messages = menu.getByRole("link", { name: "Messages, 1 unread", exact: true });
  await expect(messages).toBeVisible();
  await expect(messages).toContainText("1");

  // The side menu and the dashboard's Active Agents tile show one figure (not the pending requests).
  const tile = page.locator(".stat-tile", { hasText: "Active Agents" }).locator(".stat-value");
  await expect(tile).toHaveText(/^[1-9]\d*$/);
  const active = (await tile.textContent())?.trim();
  const activeAgents = menu.getByRole("link", { name: `Active Agents, ${active} active`, exact: true });
  await expect(activeAgents).toBeVisible();
  await expect(activeAgents.locator(".side-badge")).toHaveText(new RegExp(`^,?\\s*${active}\\s*active$`));

  // Items without a count carry no badge.
  await expect(
    menu.getByRole("link", { name: "Find Agents", exact: true }).locator(".side-badge"),
  ).toHaveCount(0);

  // Reading the conversation clears the side menu's badge without a reload: the top bar
  // and the side menu share one unread query, refreshed on marking read. (Runs last:
  // it changes the demo data.)
  await messages.click();
  await page.getByRole("link", { name: demo.agentWithProfile, exact: true }).click();
  // (The bell is the notification centre since issue 18; the Messages links carry the count.)
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Messages", exact: true }),
  ).toBeVisible();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).click();
  await expect(page).toHaveURL(/\/business\/dashboard$/);
  await expect(menu.getByRole("link", { name: "Messages", exact: true })).toBeVisible();
  await expect(
    menu.getByRole("link", { name: `Active Agents, ${active} active`, exact: true }),
  ).toBeVisible();
});
