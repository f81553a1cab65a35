/**
 * Journey of issue 14 "Payouts" at 1280 px (desktop project) and 390 px (mobile project): a new
 * agent sets up payouts on the local gateway (test bank account 000-000 / 000123456) and records
 * an ABN and GST registration, raises a GST invoice; the business sees GST and the platform fee
 * before paying with 4242; the agent sees the net in Earnings (CSV) and downloads the tax invoice
 * PDF; staff refund half at /admin/payments and both parties see "Partly refunded" with the amount
 * refunded (invoice cards, the business's Payment History, ADR 0041). axe (serious/critical
 * = 0) on every page the issue adds; screenshots of each in test-results/.
 */
import { expect, type Page, test } from "./fixtures.ts";
import { aParty, aSignedInPage, demo, expectNoSeriousAxe, retype, signInThroughApi } from "./support.ts";

const expectNoSeriousA11yViolations = (page: Page) => expectNoSeriousAxe(page);

async function shot(page: Page, name: string) {
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `test-results/payouts-${name}-${width}.png`, fullPage: true });
}

test("payouts: set up, GST invoice, fee and GST before paying, net in Earnings, PDF, staff refund half", async ({
  browser,
  page: defaultPage,
}) => {
  test.setTimeout(300_000); // a long journey; the shared machine runs it in 2.5–3 min
  const viewport = defaultPage.viewportSize();
  const suffix = Date.now().toString(36);
  const company = `Payout Test Co ${suffix}`;
  const agentName = `Paige Agent ${suffix}`;
  const business = await aParty(browser, "business", company, viewport ? { viewport } : {});
  const agent = await aParty(browser, "agent", agentName, viewport ? { viewport } : {});
  const asked = await agent.page.request.post("/api/partnerships", {
    data: { businessId: business.profileId },
  });
  const { id: partnershipId } = (await asked.json()) as { id: number };
  expect(
    (
      await business.page.request.patch(`/api/partnerships/${partnershipId}`, { data: { status: "active" } })
    ).status(),
  ).toBe(200);

  // 1. Payouts come first: the invoice form says so and links to /agent/payouts.
  const a = agent.page;
  await a.goto("/agent/invoices");
  // The first page of a new context loads the shell and the agent remote (slow under load).
  await expect(a.getByText("Set up payouts before raising your first invoice.")).toBeVisible({
    timeout: 45_000,
  });
  await a.getByRole("link", { name: "Set up payouts" }).click();
  await expect(a).toHaveURL(/\/agent\/payouts$/);
  await expect(a.getByRole("heading", { name: "Payouts", exact: true })).toBeVisible();
  await expect(a.getByText("Not set up")).toBeVisible();
  await a.getByRole("button", { name: "Set up payouts" }).click();
  const bank = a.getByRole("form", { name: "Bank account" });
  await expect(bank).toBeVisible();
  await expectNoSeriousA11yViolations(a);
  await shot(a, "setup");
  await bank.getByLabel("Account name").pressSequentially(agentName);
  await bank.getByLabel("BSB").pressSequentially("000-000");
  await bank.getByLabel("Account number").pressSequentially("111111116");
  await bank.getByRole("button", { name: "Verify bank account" }).click();
  await expect(a.getByText("Needs attention")).toBeVisible();
  await expect(a.getByText("A bank account that can be verified")).toBeVisible();
  await retype(bank.getByLabel("Account number"), "000123456");
  await bank.getByRole("button", { name: "Verify bank account" }).click();
  await expect(a.getByText("Active", { exact: true })).toBeVisible();
  await expect(a.getByText(/bank account ending 3456/)).toBeVisible();
  const tax = a.getByRole("form", { name: "Tax details" });
  await tax.getByLabel("ABN").pressSequentially("51 824 753 557");
  await tax.getByRole("button", { name: "Save tax details" }).click();
  await expect(tax.getByText("This is not a valid ABN (the check digits do not match)")).toBeVisible();
  await retype(tax.getByLabel("ABN"), "83 914 571 673");
  await tax.getByLabel(/registered for GST/).check();
  await tax.getByRole("button", { name: "Save tax details" }).click();
  await expect(a.getByText("Tax details saved")).toBeVisible();
  await expectNoSeriousA11yViolations(a);
  await shot(a, "enabled");

  // 2. A GST invoice: $1,000 excluding GST.
  await a.goto("/agent/invoices");
  const form = a.getByRole("form", { name: "Create invoice" });
  await expect(form.getByText("Excluding GST: 10% GST is added on top.")).toBeVisible();
  await form.getByLabel("Business").selectOption({ label: company });
  await form.getByLabel("Partnership").selectOption({ index: 1 });
  await form.getByLabel("Amount ($)").pressSequentially("1000");
  const description = `Enterprise demos ${suffix}`;
  await form.getByLabel("Description").pressSequentially(description);
  await form.getByRole("button", { name: "Create Invoice" }).click();
  await expect(a.getByText("The invoice has been created successfully")).toBeVisible();
  const agentCard = a.locator(".invoice-card", { hasText: description });
  const breakdown = agentCard.getByRole("definition");
  await expect(agentCard).toContainText("$1,100.00");
  await expect(breakdown.filter({ hasText: "$100.00" })).toHaveCount(1); // GST
  await expect(agentCard).toContainText("−$50.00"); // platform fee
  await expect(agentCard).toContainText("$1,050.00"); // you receive
  const title = await agentCard.getByRole("heading").textContent();
  const invoiceId = Number(/Invoice #(\d+)/.exec(title ?? "")?.[1]);

  // 3. The business sees GST and the fee before paying, then pays with 4242.
  const b = business.page;
  await b.goto("/business/payments");
  const due = b.locator(".invoice-card", { hasText: `Invoice #${invoiceId} -` });
  await due.getByRole("button", { name: "Pay Now" }).click();
  await expect(b.getByText("GST (10%)")).toBeVisible();
  await expect(b.getByText("$100.00")).toBeVisible();
  await expect(b.getByText(/\$50\.00, paid from the agent's share/)).toBeVisible();
  await expect(b.getByText("83 914 571 673")).toBeVisible();
  await shot(b, "pay-view");
  const card = b.getByRole("form", { name: "Card details" });
  await card.getByLabel("Card number").pressSequentially("4242424242424242");
  await card.getByLabel("Expiry").pressSequentially("12/34");
  await card.getByLabel("CVC").pressSequentially("123");
  await card.getByRole("button", { name: "Pay $1,100.00" }).click();
  await expect(b.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();

  // 4. The agent: the net in Earnings (CSV), the tax invoice PDF.
  await a.goto("/agent/invoices?tab=earnings");
  const earnings = a.getByRole("region", { name: "Earnings" });
  const month = earnings.getByRole("row").nth(1);
  await expect(month).toContainText("$1,100.00");
  await expect(month).toContainText("$50.00");
  await expect(month).toContainText("$1,050.00");
  await expectNoSeriousA11yViolations(a);
  await shot(a, "earnings");
  const [csv] = await Promise.all([
    a.waitForEvent("download"),
    earnings.getByRole("button", { name: "Download CSV" }).click(),
  ]);
  expect(csv.suggestedFilename()).toBe("closr-earnings.csv");
  await a.goto("/agent/invoices?tab=invoices");
  const paidCard = a.getByRole("region", { name: "Paid" }).locator(".invoice-card", { hasText: description });
  const pdfLink = paidCard.getByRole("link", { name: "Tax invoice PDF", exact: true });
  await expect(pdfLink).toBeVisible();
  const [pdf] = await Promise.all([a.waitForEvent("download"), pdfLink.click()]);
  expect(pdf.suggestedFilename()).toBe(`closr-invoice-${invoiceId}.pdf`);
  const pdfBytes = await a.request.get(`/api/invoices/${invoiceId}/tax-invoice.pdf`);
  expect(pdfBytes.headers()["content-type"]).toBe("application/pdf");
  expect((await pdfBytes.body()).subarray(0, 5).toString()).toBe("%PDF-");
  await shot(a, "invoices");
  await a.goto("/agent/dashboard");
  await expect(a.getByText("$1,050.00 net after fees", { exact: false })).toBeVisible();

  // 5. Staff refund half at /admin/payments; the invoice shows Refunded.
  const s = await aSignedInPage(browser, viewport, demo.admin);
  await s.goto("/admin/payments");
  await expect(s.getByRole("heading", { name: "Payments", exact: true })).toBeVisible();
  const row = s.getByRole("listitem").filter({ hasText: `Invoice #${invoiceId} ·` });
  await expect(row).toContainText("Completed");
  await expectNoSeriousA11yViolations(s);
  await shot(s, "admin");
  await row.getByRole("button", { name: "Half" }).click();
  await expect(row.getByLabel("Refund amount ($)")).toHaveValue("550.00");
  await row.getByLabel("Reason").pressSequentially("Half the demos were cancelled");
  await row.getByRole("button", { name: "Refund", exact: true }).click();
  await expect(s.getByText("Refund issued")).toBeVisible();
  await expect(row).toContainText("Partially refunded");
  await expect(row.getByRole("link", { name: "Credit note PDF" })).toBeVisible();
  await shot(s, "admin-refunded");
  await b.goto("/business/payments");
  await expect(
    b.locator(".invoice-card", { hasText: `Invoice #${invoiceId} -` }).locator(".badge"),
  ).toHaveText("Partly refunded");
  // Payment History: the payment is partly refunded, with how much.
  await b.goto("/business/payments?tab=history");
  const historyRow = b
    .getByRole("region", { name: "Payments" })
    .getByRole("row")
    .filter({
      hasText: `#${invoiceId}`,
    });
  await expect(historyRow).toContainText("$550.00 refunded");
  await expect(historyRow.locator(".badge")).toHaveText("Partly refunded");
  await expectNoSeriousA11yViolations(b);
  await shot(b, "history-partly-refunded");
  // The agent's invoice card says the same.
  await a.goto("/agent/invoices?tab=invoices");
  const agentInvoice = a.getByTestId(`invoice-${invoiceId}`);
  await expect(agentInvoice.locator(".badge")).toHaveText("Partly refunded");
  await expect(agentInvoice).toContainText("Refunded to the business");
  await expect(agentInvoice).toContainText("$550.00");
});

test("the payouts page lists the agent's payouts by month, and links to the invoices and back (issue 46)", async ({
  page,
}) => {
  await signInThroughApi(page, demo.agentWithProfile);
  await page.goto("/agent/payouts");
  await expect(page.getByRole("heading", { name: "Payouts", exact: true })).toBeVisible({ timeout: 45_000 });
  // The demo agent has six months of paid invoices (demo-insights seed).
  const payouts = page.getByRole("region", { name: "Earnings" });
  await expect(payouts.getByRole("columnheader", { name: "Paid out" })).toBeVisible();
  await expect(payouts.getByRole("row").nth(1)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shot(page, "list");
  await payouts.getByRole("link", { name: "Your invoices" }).click();
  await expect(page).toHaveURL(/\/agent\/invoices\?tab=invoices$/);
  await expect(page.getByRole("region", { name: "Paid" })).toBeVisible();
  await page.goto("/agent/invoices?tab=earnings");
  await page.getByRole("region", { name: "Earnings" }).getByRole("link", { name: "Payouts" }).click();
  await expect(page).toHaveURL(/\/agent\/payouts$/);
  await expect(page.getByRole("region", { name: "Earnings" })).toBeVisible();
});
