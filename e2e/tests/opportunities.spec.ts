/**
 * The "Opportunities" journey (issue 44, docs/api/opportunities.md): Harbour Tech (demo
 * `harbourtech`) posts an opportunity with every field typed key by key and publishes it; a new
 * agent finds it with a typo'd query and applies (cover message with its live count, a proposed
 * rate); the business shortlists and approves; the partnership appears for both, and the agent's
 * application says Approved. Both pages are screenshot at 320, 390 and 1280 px and pass axe.
 * The agent is new (mia.chen already partners with Harbour Tech: approving would answer 409).
 */
import { expect, type Page, test } from "./fixtures.ts";
import { aParty, demo, expectNoSeriousAxe, logIn, retype } from "./support.ts";

const tag = () => Date.now().toString(36).slice(-4).toUpperCase();

/** Screenshots `page` at 320, 390 and 1280 px wide (into the test's output folder), each without sideways scroll and axe-clean. */
async function screenshotWidths(page: Page, name: string) {
  const original = page.viewportSize() ?? { width: 1280, height: 800 };
  for (const width of [320, 390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(page.locator("main h1").first()).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      `${name} at ${width}px scrolls sideways`,
    ).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
    await expectNoSeriousAxe(page);
  }
  await page.setViewportSize(original);
}

test("a business posts an opportunity, an agent finds it with a typo and applies, the business approves", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const suffix = tag();
  const title = `Wattlebird payroll software ${suffix}`;
  const agentName = `Ava Reid ${suffix}`;

  // The business posts it: every field typed.
  await logIn(page, demo.businessWithProfile);
  await page.goto("/business/opportunities");
  await expect(page.getByRole("heading", { level: 1, name: "Opportunities" })).toBeVisible();
  await page.getByRole("link", { name: "Post an opportunity" }).click();
  const form = page.getByRole("form", { name: "Opportunity" });
  await expect(form).toBeVisible();
  await form.getByLabel("Title").pressSequentially(title);
  await form
    .getByLabel("Product or service")
    .pressSequentially(
      "Cloud payroll for hospitality venues: rosters, award rates and single touch payroll.",
    );
  await form.getByRole("checkbox", { name: "Sydney" }).check();
  await form.getByRole("checkbox", { name: "Remote" }).check();
  await form.getByLabel("Customer type").selectOption("mid_market");
  await expect(form.getByText("Straight commission is usually 10–30%.")).toBeVisible();
  await retype(form.getByLabel("Commission rate (%)"), "18");
  await form.getByLabel("Expected deal size ($, optional)").pressSequentially("12000");
  await form.getByLabel("Specialization (optional)").pressSequentially("SaaS Sales");
  await retype(form.getByLabel("Minimum years of experience"), "3");
  await retype(form.getByLabel("Agents wanted"), "2");
  await expectNoSeriousAxe(page);
  await form.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText("Opportunity published")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText("No applicants yet")).toBeVisible();
  const applicantsUrl = page.url();

  // It is listed under Published with its terms.
  await page.getByRole("link", { name: "← All opportunities" }).click();
  const card = page.getByRole("article", { name: title });
  await expect(card.getByText("Published")).toBeVisible();
  await expect(card.getByText("Straight commission · 18%")).toBeVisible();
  await expect(card.getByText("0 of 2 filled")).toBeVisible();
  await expect(card.getByText("$12,000.00")).toBeVisible();
  await screenshotWidths(page, "business-opportunities");

  // A new agent finds it with a typo'd query and applies.
  const agent = await aParty(browser, "agent", agentName);
  await agent.page.goto("/agent/opportunities");
  await expect(agent.page.getByRole("heading", { level: 1, name: "Opportunities" })).toBeVisible();
  const keyword = agent.page.getByRole("searchbox", { name: "Keyword" });
  await keyword.pressSequentially("wattlebrd payrol");
  await keyword.press("Enter");
  const result = agent.page.getByRole("article", { name: title });
  await expect(result).toBeVisible();
  await expect(result.getByText(/% match/)).toBeVisible();
  await screenshotWidths(agent.page, "agent-opportunities");
  await result.getByRole("link", { name: title }).click();
  await expect(agent.page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const apply = agent.page.getByRole("form", { name: "Apply" });
  const cover = apply.getByLabel("Cover message");
  await cover.pressSequentially("I sell SaaS to hospitality");
  await expect(apply.getByText("26 / 2,000 characters (at least 50)")).toBeVisible();
  await cover.pressSequentially(" groups in Sydney and know their payroll pains well.");
  await expect(apply.getByText("78 / 2,000 characters", { exact: false })).toBeVisible();
  await apply.getByLabel("Proposed rate (%, optional)").pressSequentially("20");
  await expectNoSeriousAxe(agent.page);
  await apply.getByRole("button", { name: "Apply" }).click();
  await expect(agent.page.getByText("Application sent")).toBeVisible();
  await expect(agent.page.getByText("You applied: Submitted.")).toBeVisible();

  // The business shortlists, then approves: the partnership starts.
  await page.goto(applicantsUrl);
  const applicant = page.getByRole("article", { name: agentName });
  await expect(applicant.getByText("Proposes 20%")).toBeVisible();
  await expect(applicant.getByText(/% match/)).toBeVisible();
  await applicant.getByRole("button", { name: "Shortlist" }).click();
  await expect(page.getByText("Applicant shortlisted")).toBeVisible();
  await expect(applicant.getByText("Shortlisted")).toBeVisible();
  await applicant.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByText("Approved: the partnership has started")).toBeVisible();
  await expect(applicant.getByRole("link", { name: "View agreement" })).toBeVisible();
  await expectNoSeriousAxe(page);

  // The partnership appears for both.
  await page.goto("/business/active-agents");
  await expect(page.getByRole("article", { name: agentName })).toBeVisible();
  await agent.page.goto("/agent/current-partners");
  await expect(agent.page.getByRole("article", { name: "Harbour Tech" })).toBeVisible();
  await agent.page.goto("/agent/opportunities?tab=applications");
  const mine = agent.page.getByRole("article", { name: title });
  await expect(mine.getByText("Approved")).toBeVisible();
  await expect(mine.getByRole("link", { name: "View agreement" })).toBeVisible();
});
