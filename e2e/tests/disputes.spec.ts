/**
 * Journey of issue 17 "Disputes" at 1280 px (desktop project) and 390 px (mobile project): the
 * business disputes an unpaid invoice from its card, the agent counter-offers half, the business
 * accepts, and the dispute page shows the reduced amount and a credit note; a second dispute is
 * rejected into mediation and staff propose a resolution from the admin app's mediation queue,
 * which both parties accept. axe (serious/critical = 0) on the disputes pages; screenshots in
 * test-results/. Invoices are raised through the API after payouts are set up (local gateway).
 */
import { expect, type Page, test } from "./fixtures.ts";
import {
  anInvoicingPair,
  aSignedInPage,
  demo,
  expectNoSeriousAxe,
  retype,
  signInThroughApi,
} from "./support.ts";

const expectNoSeriousA11yViolations = (page: Page) => expectNoSeriousAxe(page, "[data-live-announcer]");

async function shot(page: Page, name: string) {
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `test-results/disputes-${name}-${width}.png`, fullPage: true });
}

test("disputes: counter-offer of half accepted (credit note); a second dispute resolved by staff mediation", async ({
  browser,
  page: defaultPage,
}) => {
  test.setTimeout(300_000);
  const viewport = defaultPage.viewportSize();
  const suffix = Date.now().toString(36);
  const company = `Dispute Test Co ${suffix}`;
  // Payouts first (local gateway test account), then two invoices.
  const { business, agent, raise } = await anInvoicingPair(
    browser,
    { company, agentName: `Dana Agent ${suffix}` },
    viewport,
  );
  const a = agent.page;
  const b = business.page;
  const first = await raise(400, `Lead generation ${suffix}`);
  const second = await raise(300, `Follow-up calls ${suffix}`);

  // 1. The business disputes the first invoice from its card.
  await b.goto("/business/payments");
  const card = b.locator(".invoice-card", { hasText: `Invoice #${first} -` });
  await expect(card).toBeVisible({ timeout: 45_000 });
  await card.getByRole("button", { name: `Dispute invoice #${first}` }).click();
  const dialog = b.getByRole("dialog", { name: `Dispute invoice #${first}` });
  await expect(dialog.getByLabel("Reason")).toHaveValue("amount_not_owed");
  await dialog.getByLabel("What went wrong?").pressSequentially("None of these leads matched our brief.");
  await expectNoSeriousA11yViolations(b);
  await shot(b, "open-dialog");
  await dialog.getByRole("button", { name: "Open dispute" }).click();
  await expect(b).toHaveURL(/\/business\/payments\/disputes\/\d+$/);
  await expect(b.getByRole("heading", { name: new RegExp(`Invoice #${first}`) })).toBeVisible({
    timeout: 45_000,
  });
  await expect(b.getByText("Waiting for the agent")).toBeVisible();
  const disputeId = Number(/disputes\/(\d+)/.exec(b.url())?.[1]);
  // Paying now is refused (409).
  expect((await b.request.post("/api/create-payment-intent", { data: { invoiceId: first } })).status()).toBe(
    409,
  );

  // 2. The agent sees it in the Disputes tab with its countdown and counter-offers half.
  await a.goto("/agent/invoices?tab=disputes");
  const row = a.getByRole("link", { name: new RegExp(`Dispute #${disputeId} `) });
  await expect(row).toBeVisible({ timeout: 45_000 });
  await expect(a.getByText("Your answer is due")).toBeVisible();
  await expectNoSeriousA11yViolations(a);
  await shot(a, "tab");
  await row.click();
  await expect(a.getByText(/proposes the business pays/)).toBeVisible();
  await retype(a.getByLabel("Counter-offer (AUD, total the business pays)"), "200");
  await a.getByRole("button", { name: "Send counter-offer" }).click();
  await expect(a.getByText("Waiting for the business")).toBeVisible();
  await expectNoSeriousA11yViolations(a);
  await shot(a, "countered");

  // 3. The business accepts: the invoice is reduced to $200 with a credit note.
  await b.reload();
  await b.getByRole("button", { name: "Accept $200.00" }).click();
  await expect(b.getByText("Resolved", { exact: true })).toBeVisible();
  await expect(b.getByTestId("dispute-invoice-amount")).toHaveText("$200.00");
  await expect(b.getByTestId("dispute-credit-note")).toContainText("Credit note: $200.00");
  const creditNote = await b.request.get(`/api/disputes/${disputeId}/credit-note.pdf`);
  expect(creditNote.headers()["content-type"]).toBe("application/pdf");
  await expect(b.getByRole("link", { name: "Credit note PDF" })).toBeVisible();
  await expectNoSeriousA11yViolations(b);
  await shot(b, "resolved");
  await b.goto("/business/payments");
  await expect(b.locator(".invoice-card", { hasText: `Invoice #${first} -` })).toContainText("$200.00");

  // 4. A second dispute: the agent rejects, so it goes to mediation.
  const opened = await b.request.post(`/api/invoices/${second}/disputes`, {
    data: { reason: "work_not_done", description: "The follow-up calls were never made." },
  });
  expect(opened.status()).toBe(201);
  const secondId = ((await opened.json()) as { id: number }).id;
  await a.goto(`/agent/invoices/disputes/${secondId}`);
  await a.getByRole("button", { name: "Reject and ask for mediation" }).click();
  await expect(a.getByText("In mediation", { exact: true })).toBeVisible();

  // 5. Staff propose a resolution from the mediation queue.
  const s = await aSignedInPage(browser, viewport, demo.admin);
  await s.goto("/admin/disputes");
  await expect(s.getByRole("heading", { name: "Mediation", exact: true })).toBeVisible({ timeout: 45_000 });
  await expectNoSeriousA11yViolations(s);
  await shot(s, "queue");
  await s.getByRole("link", { name: new RegExp(`Dispute #${secondId} `) }).click();
  await expect(s.getByRole("link", { name: "Agreement (PDF)" })).toBeVisible();
  const propose = s.getByRole("form", { name: "Propose resolution" });
  await retype(propose.getByLabel("The business pays in total (AUD)"), "150");
  await propose
    .getByLabel("Note to both parties")
    .pressSequentially("Half of the calls were logged; the business pays half.");
  await expectNoSeriousA11yViolations(s);
  await shot(s, "mediation");
  await propose.getByRole("button", { name: "Propose resolution" }).click();
  await expect(s.getByText("Resolution proposed", { exact: true })).toBeVisible();

  // 6. Both parties accept; the invoice is reduced to $150.
  await a.reload();
  await a.getByRole("button", { name: "Accept resolution" }).click();
  await expect(a.getByText("Waiting for the other party")).toBeVisible();
  await b.goto(`/business/payments/disputes/${secondId}`);
  await b.getByRole("button", { name: "Accept resolution" }).click();
  await expect(b.getByText("Resolved", { exact: true })).toBeVisible();
  await expect(b.getByTestId("dispute-invoice-amount")).toHaveText("$150.00");
  await shot(b, "mediated");
});

test("a dispute that is not there is a not-found page with a way back to the disputes (issue 46)", async ({
  page,
}) => {
  await signInThroughApi(page, demo.agentWithProfile);
  await page.goto("/agent/invoices/disputes/987654");
  await expect(page.getByRole("heading", { name: "Dispute not found", level: 1 })).toBeVisible({
    timeout: 45_000,
  });
  await expect(page.getByText("This dispute doesn't exist, or it isn't one of yours.")).toBeVisible();
  await expect(page.getByText(/Error loading dispute/)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await shot(page, "not-found");
  await page.getByRole("link", { name: "Back to disputes" }).click();
  await expect(page).toHaveURL(/\/agent\/invoices\?tab=disputes$/);
});
