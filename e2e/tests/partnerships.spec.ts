/**
 * Journeys of the "Partnerships" issue (spec §2.8, §2.9, §4, §8): an agent connects from Find
 * Businesses, the business accepts under Pending Requests, both dashboards count it, the
 * business ends it through the confirm dialog; a request can be withdrawn and rejected too.
 * Each run makes its own business and agent (through the API, in two browser contexts), so
 * demo data never decides the counts.
 */
import { type APIRequestContext, type Browser, expect, type Page, test } from "./fixtures.ts";
import { aNewAccount } from "./support.ts";

type Party = { page: Page; request: APIRequestContext; profileId: number; userId: number; name: string };

/** Signs a new account up and creates its profile through the API, in a context of its own. */
async function aParty(browser: Browser, userType: "business" | "agent", name: string): Promise<Party> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const { request } = context;
  const account = aNewAccount(userType);
  const registered = await request.post("/api/register", { data: account });
  expect(registered.status()).toBe(201);
  // The dashboard's onboarding walkthrough is not what this journey is about (issue 15).
  await request.patch("/api/onboarding/complete", { data: { dismissed: true } });
  const user = (await registered.json()) as { id: number };
  const profile =
    userType === "business"
      ? await request.post("/api/business-profiles", {
          data: {
            companyName: name,
            industry: "technology",
            size: "small",
            location: "melbourne",
            description: "Cloud payroll software for Australian hospitality venues.",
            contactEmail: "partners@example.com.au",
          },
        })
      : await request.post("/api/agent-profiles", {
          data: {
            fullName: name,
            specialization: "SaaS Sales",
            yearsOfExperience: 8,
            location: "melbourne",
            minimumCommissionRate: 12,
            bio: "",
            skills: [],
          },
        });
  expect(profile.status()).toBe(201);
  const { id } = (await profile.json()) as { id: number };
  return { page, request, profileId: id, userId: user.id, name };
}

const unique = () => Date.now().toString(36).slice(-5).toUpperCase();

/** The stat tile's value, found by its label. */
const tile = (page: Page, label: string) =>
  page.locator(".stat-tile").filter({ hasText: label }).locator(".stat-value");

test("an agent connects, the business accepts, both dashboards count it, and the business ends it", async ({
  browser,
}) => {
  const tag = unique();
  const business = await aParty(browser, "business", `Wattle Payroll ${tag}`);
  const agent = await aParty(browser, "agent", `Sam Okafor ${tag}`);

  // The agent finds the business and connects; the card then shows "Requested".
  await agent.page.goto(`/agent/find-businesses?q=${encodeURIComponent(business.name)}`);
  const card = agent.page.getByRole("article", { name: business.name });
  await card.getByRole("button", { name: `Connect with ${business.name}` }).click();
  await expect(agent.page.getByText("Connection requested")).toBeVisible();
  await expect(agent.page.getByText("Your partnership request has been sent to the business.")).toBeVisible();
  await expect(card.getByRole("button", { name: "Requested" })).toBeDisabled();
  // It stays "Requested" after a reload (from GET /api/partnerships, not local state).
  await agent.page.reload();
  await expect(card.getByRole("button", { name: "Requested" })).toBeDisabled();

  // The business was emailed (development outbox; delivered by the queue's worker, issue 21).
  await expect(async () => {
    const mail = (await (await business.request.get("/api/dev/mailbox")).json()) as {
      items: { subject: string }[];
    };
    expect(mail.items.map((m) => m.subject)).toContain(`New connection request from ${agent.name}`);
  }).toPass({ timeout: 30_000 });

  // The business sees it under Pending Requests (1) and accepts.
  await business.page.goto("/business/active-agents");
  await expect(business.page.getByRole("heading", { name: "Agent Partnerships" })).toBeVisible();
  await expect(business.page.getByRole("link", { name: "Active Partnerships (0)" })).toBeVisible();
  await expect(business.page.getByText("No active partnerships yet.", { exact: false })).toBeVisible();
  // Keyboard: the tabs are links (ADR 0056); Enter on one opens it, Enter on Accept accepts.
  await expect(business.page.getByRole("link", { name: "Active Partnerships (0)" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await business.page.getByRole("link", { name: "Pending Requests (1)" }).focus();
  await business.page.keyboard.press("Enter");
  await expect(business.page.getByRole("link", { name: "Pending Requests (1)" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(business.page).toHaveURL(/tab=pending/);
  const pending = business.page.getByRole("article", { name: agent.name });
  await expect(pending.getByText("Request received")).toBeVisible();
  await pending.getByRole("button", { name: "Accept" }).focus();
  await business.page.keyboard.press("Enter");
  await expect(business.page.getByText("Partnership updated")).toBeVisible();
  await expect(business.page.getByRole("link", { name: "Pending Requests (0)" })).toBeVisible();

  // Active card: experience with a plus, the partnership's commission, start date, details.
  await business.page.getByRole("link", { name: "Active Partnerships (1)" }).click();
  const active = business.page.getByRole("article", { name: agent.name });
  await expect(active.getByText("8 years")).toBeVisible();
  await expect(active.getByText("12%", { exact: true })).toBeVisible();
  await expect(active.getByText("No reviews yet")).toBeVisible();
  await expect(active.getByText(/no end date/)).toBeHidden();
  await active.getByRole("button", { name: "Show more" }).click();
  await expect(active.getByText("No bio yet.")).toBeVisible();
  await expect(active.getByText(/^Since .+, no end date$/)).toBeVisible();
  await active.getByRole("button", { name: "Show less" }).click();
  await expect(active.getByText("No bio yet.")).toBeHidden();
  await expect(active.getByRole("link", { name: "Message" })).toHaveAttribute(
    "href",
    `/messages?with=${agent.userId}`,
  );

  // Both dashboards count it and list the partner.
  await business.page.goto("/business/dashboard");
  await expect(tile(business.page, "Active Agents")).toHaveText("1");
  await expect(tile(business.page, "Pending Applications")).toHaveText("0");
  await expect(tile(business.page, "Agent Performance")).toHaveText("View analytics");
  await expect(
    tile(business.page, "Agent Performance").getByRole("link", { name: "View analytics" }),
  ).toHaveAttribute("href", "/analytics");
  await expect(
    business.page.getByRole("list", { name: "Active agents" }).getByText(agent.name),
  ).toBeVisible();
  await agent.page.goto("/agent/dashboard");
  await expect(tile(agent.page, "Current Partnerships")).toHaveText("1");
  await expect(tile(agent.page, "Pending Opportunities")).toHaveText("0");
  await expect(agent.page.getByRole("link", { name: `Message ${business.name}` })).toHaveAttribute(
    "href",
    `/messages?with=${business.userId}`,
  );
  await agent.page.getByRole("link", { name: "View All", exact: true }).click();
  await expect(agent.page).toHaveURL(/\/agent\/current-partners$/);
  await expect(agent.page.getByRole("heading", { name: "Business Partnerships" })).toBeVisible();
  const agentSide = agent.page.getByRole("article", { name: business.name });
  await expect(agentSide.getByRole("link", { name: "Contact" })).toHaveAttribute(
    "href",
    "mailto:partners@example.com.au",
  );
  // The search card now says "Partner".
  await agent.page.goto(`/agent/find-businesses?q=${encodeURIComponent(business.name)}`);
  await expect(
    agent.page.getByRole("article", { name: business.name }).getByRole("link", { name: /Partner/ }),
  ).toBeVisible();

  // The business ends it: Cancel keeps it, End Partnership (confirmed) removes it.
  await business.page.goto("/business/active-agents");
  const ending = business.page.getByRole("article", { name: agent.name });
  await ending.getByRole("button", { name: "End Partnership" }).click();
  const dialog = business.page.getByRole("alertdialog", { name: "End Partnership" });
  await expect(dialog.getByText("This action cannot be undone")).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await ending.getByRole("button", { name: "End Partnership" }).click();
  await business.page
    .getByRole("alertdialog", { name: "End Partnership" })
    .getByRole("button", { name: "End Partnership" })
    .click();
  await expect(business.page.getByText("Partnership updated")).toBeVisible();
  await expect(business.page.getByRole("link", { name: "Active Partnerships (0)" })).toBeVisible();
  await expect(business.page.getByRole("article", { name: agent.name })).toBeHidden();

  // Emails go through the queue's worker (issue 21): delivered shortly after the change commits.
  await expect(async () => {
    const agentMail = (await (await agent.request.get("/api/dev/mailbox")).json()) as {
      items: { subject: string }[];
    };
    expect(agentMail.items.map((m) => m.subject)).toEqual(
      expect.arrayContaining([
        `${business.name} accepted your connection request`,
        `${business.name} ended your partnership`,
      ]),
    );
  }).toPass({ timeout: 30_000 });
});

test("a business withdraws its own request; a request it receives can be rejected", async ({ browser }) => {
  const tag = unique();
  const business = await aParty(browser, "business", `Banksia Freight ${tag}`);
  const agent = await aParty(browser, "agent", `Priya Raman ${tag}`);

  // Business → agent from Find Agents, then withdrawn from Pending Requests.
  await business.page.goto(`/business/find-agents?q=${encodeURIComponent(agent.name)}`);
  const card = business.page.getByRole("article", { name: agent.name });
  await card.getByRole("button", { name: `Connect with ${agent.name}` }).click();
  await expect(business.page.getByText("Your partnership request has been sent to the agent.")).toBeVisible();
  await expect(card.getByRole("button", { name: "Requested" })).toBeDisabled();
  await business.page.goto("/business/active-agents?tab=pending");
  const sent = business.page.getByRole("article", { name: agent.name });
  await expect(sent.getByText("Awaiting response")).toBeVisible();
  await expect(sent.getByRole("button", { name: "Accept" })).toHaveCount(0);
  await sent.getByRole("button", { name: "Withdraw request" }).click();
  await expect(business.page.getByText("Partnership updated")).toBeVisible();
  await expect(business.page.getByRole("link", { name: "Pending Requests (0)" })).toBeVisible();

  // Agent → business (through the API), rejected by the business.
  const sentByAgent = await agent.request.post("/api/partnerships", {
    data: { businessId: business.profileId },
  });
  expect(sentByAgent.status()).toBe(201);
  await business.page.reload();
  await business.page
    .getByRole("article", { name: agent.name })
    .getByRole("button", { name: "Reject" })
    .click();
  await expect(business.page.getByText("Partnership updated")).toBeVisible();
  await expect(business.page.getByRole("link", { name: "Pending Requests (0)" })).toBeVisible();
  await expect(business.page.getByText("No pending requests")).toBeVisible();

  // Rejected is not open: the agent may connect again.
  await agent.page.goto(`/agent/find-businesses?q=${encodeURIComponent(business.name)}`);
  await expect(
    agent.page
      .getByRole("article", { name: business.name })
      .getByRole("button", { name: `Connect with ${business.name}` }),
  ).toBeEnabled();
});

test("accepting past the free plan's 3 active partnerships shows the limit with a link to /pricing", async ({
  browser,
}) => {
  const tag = unique();
  const business = await aParty(browser, "business", `Gumtree Solar ${tag}`);
  const agents = [];
  for (const name of ["Ava", "Noah", "Isla", "Leo"])
    agents.push(await aParty(browser, "agent", `${name} ${tag}`));
  for (const [index, agent] of agents.entries()) {
    const sent = await agent.request.post("/api/partnerships", { data: { businessId: business.profileId } });
    expect(sent.status()).toBe(201);
    if (index < 3) {
      const { id } = (await sent.json()) as { id: number };
      const accepted = await business.request.patch(`/api/partnerships/${id}`, {
        data: { status: "active" },
      });
      expect(accepted.status()).toBe(200);
    }
  }
  const last = agents[3];
  if (!last) throw new Error("four agents expected");

  await business.page.goto("/business/active-agents?tab=pending");
  await expect(business.page.getByRole("link", { name: "Active Partnerships (3)" })).toBeVisible();
  await business.page
    .getByRole("article", { name: last.name })
    .getByRole("button", { name: "Accept" })
    .click();
  await expect(business.page.getByText("Update failed")).toBeVisible();
  const notice = business.page
    .getByRole("alert")
    .filter({ hasText: "Your plan allows 3 active partnerships" });
  await expect(notice.getByRole("link", { name: "See plans and pricing" })).toHaveAttribute(
    "href",
    "/pricing",
  );
  await expect(business.page.getByRole("link", { name: "Pending Requests (1)" })).toBeVisible();
});
