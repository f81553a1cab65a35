/**
 * Journeys of ADR 0040 at 1280 px (desktop) and 390 px (mobile): an invoice cancelled through a
 * dispute settlement (the business claims $0, the agent accepts) reads Cancelled — never Overdue,
 * never payable — on both parties' screens; and on a fresh demo start the business's /analytics
 * net per month equals the sum of its Payment History for that month (the figures the analytics
 * page shows are the ledger's).
 */
import { expect, test } from "./fixtures.ts";
import { anInvoicingPair, demo, logIn } from "./support.ts";

test("an invoice cancelled by a dispute settlement shows Cancelled, never Overdue, on both sides", async ({
  browser,
  page: defaultPage,
}) => {
  test.setTimeout(240_000);
  const viewport = defaultPage.viewportSize();
  const suffix = Date.now().toString(36);
  const { business, agent, raise } = await anInvoicingPair(
    browser,
    { company: `Cancel Test Co ${suffix}`, agentName: `Cara Agent ${suffix}` },
    viewport,
  );
  const a = agent.page;
  const b = business.page;
  const invoiceId = await raise(250, `Cold calls ${suffix}`);

  // The business says nothing is owed; the agent accepts: the settlement cancels the invoice.
  const opened = await b.request.post(`/api/invoices/${invoiceId}/disputes`, {
    data: { reason: "work_not_done", description: "No calls were made this month.", claimedAmount: 0 },
  });
  expect(opened.status()).toBe(201);
  const disputeId = ((await opened.json()) as { id: number }).id;
  expect(
    (await a.request.post(`/api/disputes/${disputeId}/responses`, { data: { action: "accept" } })).status(),
  ).toBe(200);

  const invoice = (await (await b.request.get(`/api/invoices/${invoiceId}`)).json()) as {
    status: string;
    cancelledAt: string | null;
  };
  expect(invoice.status).toBe("cancelled");
  expect(invoice.cancelledAt).not.toBeNull();
  // Never payable again.
  expect((await b.request.post("/api/create-payment-intent", { data: { invoiceId } })).status()).toBe(409);

  await b.goto("/business/payments");
  const card = b.locator(".invoice-card", { hasText: `Invoice #${invoiceId} -` });
  await expect(card).toBeVisible({ timeout: 45_000 });
  await expect(card).toContainText("Cancelled");
  await expect(card).not.toContainText("Overdue");
  await expect(card.getByRole("button", { name: `Pay Now invoice #${invoiceId}` })).toHaveCount(0);

  await a.goto("/agent/invoices?tab=invoices");
  const agentCard = a.getByTestId(`invoice-${invoiceId}`);
  await expect(agentCard).toBeVisible({ timeout: 45_000 });
  await expect(agentCard).toContainText("Cancelled");
  await expect(agentCard).not.toContainText("Overdue");
  const width = viewport?.width ?? 0;
  await b.screenshot({ path: `test-results/invoice-cancelled-business-${width}.png`, fullPage: true });
  await a.screenshot({ path: `test-results/invoice-cancelled-agent-${width}.png`, fullPage: true });
});

test("on a fresh demo start, analytics per month equals the Payment History of that month", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await logIn(page, demo.businessWithProfile);
  const analytics = (await (await page.request.get("/api/analytics?range=12m")).json()) as {
    months: { month: string; netPaid: number }[];
  };
  const history = (await (await page.request.get("/api/payments?pageSize=100")).json()) as {
    items: { amount: number; refundedAmount: number; status: string; createdAt: string }[];
  };
  const monthOf = (iso: string) =>
    new Intl.DateTimeFormat("en-CA", { timeZone: "Australia/Sydney", year: "numeric", month: "2-digit" })
      .format(new Date(iso))
      .slice(0, 7);
  const paidMonths = new Set<string>();
  for (const { month, netPaid } of analytics.months) {
    const items = history.items.filter(
      (p) => (p.status === "completed" || p.status === "refunded") && monthOf(p.createdAt) === month,
    );
    const cents = items.reduce(
      (sum, p) => sum + Math.round(p.amount * 100) - Math.round(p.refundedAmount * 100),
      0,
    );
    expect({ month, analytics: Math.round(netPaid * 100) }).toEqual({ month, analytics: cents });
    if (items.length > 0) paidMonths.add(month);
  }
  // The demo holds paid invoices in more than one month, and the page shows them.
  expect(paidMonths.size).toBeGreaterThan(0);
  await page.goto("/analytics?range=12m");
  await expect(page.getByRole("table", { name: /Commission paid per month/ })).toBeVisible({
    timeout: 45_000,
  });
});
