/**
 * Journey of issue 17 "Commission agreements" at 1280 and 390 px: a business and an agent
 * negotiate an agreement on their partnership — the business proposes, the agent counter-proposes
 * a higher rate, both sign version 2 with their passwords — then the agent invoices by sale value
 * and sees the commission the agreement computes. axe (serious/critical = 0) on the agreement
 * page. Each run makes its own business and agent (through the API) and partners them.
 */
import { type Browser, expect, type Page, test } from "./fixtures.ts";
import { aParty, expectNoSeriousAxe, retype } from "./support.ts";

async function partners(browser: Browser) {
  const suffix = Date.now().toString(36);
  const company = `Agreement Co ${suffix}`;
  const agentName = `Ada Agent ${suffix}`;
  const business = await aParty(browser, "business", company, {
    viewport: test.info().project.use.viewport ?? null,
  });
  const agent = await aParty(browser, "agent", agentName, {
    viewport: test.info().project.use.viewport ?? null,
  });
  expect((await agent.page.request.post("/api/payout-account/onboarding")).status()).toBe(200);
  const bank = await agent.page.request.post("/api/local-gateway/payout-account/bank-details", {
    data: { accountName: agentName, bsb: "000-000", accountNumber: "000123456" },
  });
  expect(bank.status()).toBe(200);
  const asked = await agent.page.request.post("/api/partnerships", {
    data: { businessId: business.profileId },
  });
  expect(asked.status()).toBe(201);
  const { id } = (await asked.json()) as { id: number };
  expect(
    (await business.page.request.patch(`/api/partnerships/${id}`, { data: { status: "active" } })).status(),
  ).toBe(200);
  return { business, agent, id, company, agentName };
}

async function signWithPassword(page: Page, password: string) {
  await page.getByRole("button", { name: "Sign with password" }).click();
  const dialog = page.getByRole("dialog", { name: /Sign version 2/ });
  await dialog.getByLabel("Password").pressSequentially(password);
  await dialog.getByRole("button", { name: "Sign agreement" }).click();
  await expect(page.getByText("Agreement signed", { exact: true })).toBeVisible();
}

test("business and agent negotiate and sign an agreement, then the agent invoices by sale value", async ({
  browser,
}) => {
  // Two parties, two signatures and an invoice: longer than the default minute on a shared machine.
  test.setTimeout(150_000);
  const { business, agent, id, company, agentName } = await partners(browser);

  // The business opens the agreement from the partner's card and starts one.
  await business.page.goto("/business/active-agents");
  await business.page
    .getByRole("article", { name: agentName })
    .getByRole("link", { name: "Agreement" })
    .click();
  await expect(business.page).toHaveURL(new RegExp(`/business/active-agents/${id}/agreement$`));
  await expect(business.page.getByRole("heading", { name: "No agreement yet" })).toBeVisible();
  await business.page.getByRole("button", { name: "Start an agreement" }).click();
  const form = business.page.getByRole("form", { name: "Agreement terms" });
  await expect(form.getByText("Straight commission is usually 10–30%.")).toBeVisible();
  await retype(form.getByLabel("Commission rate (%)"), "12");
  await form.getByLabel("Products or services covered").pressSequentially("Cloud accounting subscriptions");
  await form.getByRole("button", { name: "Save draft" }).click();
  await expect(business.page.getByText("Draft saved")).toBeVisible();
  await business.page.getByRole("button", { name: `Propose to ${agentName}` }).click();
  await expect(business.page.getByRole("heading", { name: "Version 1 — proposed" })).toBeVisible();

  // The agent counter-proposes 15 %.
  await agent.page.goto(`/agent/current-partners/${id}/agreement`);
  await expect(agent.page.getByRole("heading", { name: "Version 1 — proposed" })).toBeVisible();
  await expect(agent.page.getByText("Straight commission: 12% of each sale", { exact: true })).toBeVisible();
  await expectNoSeriousAxe(agent.page, "[data-react-aria-top-layer]", "[data-live-announcer]");
  await agent.page.getByRole("button", { name: "Counter-propose" }).click();
  const counter = agent.page.getByRole("form", { name: "Agreement terms" });
  await retype(counter.getByLabel("Commission rate (%)"), "15");
  await counter.getByRole("button", { name: "Save draft" }).click();
  await expect(agent.page.getByText("Draft saved")).toBeVisible();
  await agent.page.getByRole("button", { name: `Propose to ${company}` }).click();
  await expect(agent.page.getByRole("heading", { name: "Version 2 — proposed" })).toBeVisible();
  await signWithPassword(agent.page, agent.password);
  await expect(agent.page.getByText(`Waiting for ${company} to sign.`)).toBeVisible();

  // The business signs version 2: the agreement is in force, with its PDF.
  await business.page.reload();
  await expect(business.page.getByRole("heading", { name: "Version 2 — proposed" })).toBeVisible();
  await signWithPassword(business.page, business.password);
  await expect(business.page.getByRole("heading", { name: "Terms in force (version 2)" })).toBeVisible();
  await expect(business.page.getByText("Countered")).toBeVisible();
  const pdfLink = business.page.getByRole("link", { name: "Download signed PDF" });
  await expect(pdfLink).toBeVisible();
  const pdf = await business.page.request.get((await pdfLink.getAttribute("href")) ?? "");
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  await expectNoSeriousAxe(business.page, "[data-react-aria-top-layer]", "[data-live-announcer]");
  await business.page.screenshot({ path: test.info().outputPath("agreement-signed.png"), fullPage: true });

  // Custom templates are Enterprise's (spec §9): a Basic business sees the general one, read-only.
  await business.page.getByRole("link", { name: "Agreement template" }).click();
  await expect(business.page.getByRole("heading", { name: "Agreement template" })).toBeVisible();
  await expect(
    business.page.getByText("Custom contract templates are part of the Enterprise plan."),
  ).toBeVisible();
  await expect(business.page.getByLabel("Template")).toHaveValue(/^General Commission Agreement\n/);
  await expectNoSeriousAxe(business.page, "[data-react-aria-top-layer]", "[data-live-announcer]");

  // The agent invoices by sale value: 15 % of $10,000 is computed.
  await agent.page.goto("/agent/invoices");
  const invoice = agent.page.getByRole("form", { name: "Create invoice" });
  await invoice.getByLabel("Business").selectOption({ label: company });
  await invoice.getByLabel("Partnership").selectOption({ index: 1 });
  // Typed key by key, as a person does (issue 46: the field used to lose focus after each key and
  // keep "1", invoicing $0.15); the terms print dates as people read them, not ISO.
  await invoice.getByLabel("Sale value ($)").pressSequentially("10000");
  await expect(invoice.getByLabel("Sale value ($)")).toHaveValue("10000");
  await expect(invoice.getByText("Expected commission: $1,500.00")).toBeVisible();
  await expect(invoice.getByLabel("Amount ($)")).toHaveValue("1500.00");
  await expect(invoice.getByRole("region", { name: "Agreement commission" })).not.toContainText(
    /\d{4}-\d{2}-\d{2}/,
  );
  await invoice.getByLabel("Description").pressSequentially("Commission on the Acme sale");
  await agent.page.screenshot({ path: test.info().outputPath("invoice-form.png"), fullPage: true });
  await invoice.getByRole("button", { name: "Create Invoice" }).click();
  await expect(agent.page.getByText("The invoice has been created successfully")).toBeVisible();
  await expect(agent.page.locator(".invoice-card", { hasText: "Commission on the Acme sale" })).toContainText(
    "$1,500.00",
  );
  await agent.page.screenshot({ path: test.info().outputPath("invoice-by-sale.png"), fullPage: true });
});
