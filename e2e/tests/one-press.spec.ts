/**
 * One press, one request, and the card form under a person's hands (issue 46, items 4 and the
 * card form): a double tap on Connect sends one request and the success toast stays; a double tap
 * on Pay confirms the payment once; the local gateway's card form groups the number in fours and
 * reads `1229` as 12 / 29 as it is typed, clears a field's error once it is fixed, and its 3-D
 * Secure toast says a window opens (not "You'll be redirected"). Typed key by key.
 */
import { type Browser, expect, type Page, test } from "./fixtures.ts";
import { anInvoicingPair, aParty, expectNoSeriousAxe } from "./support.ts";

// Two parties, an invoice and every key typed: more than the default minute on a busy machine.
test.describe.configure({ timeout: 120_000 });

const unique = () => Date.now().toString(36).slice(-5).toUpperCase();

/** Counts the requests `page` sends whose method is `method` and whose path matches `path`. */
function countRequests(page: Page, method: string, path: RegExp): () => number {
  let count = 0;
  page.on("request", (request) => {
    if (request.method() === method && path.test(new URL(request.url()).pathname)) count++;
  });
  return () => count;
}

/**
 * A new business (`company`) and agent (`agentName`), each name made unique, with an invoice of
 * `amount` dollars for `description` raised by the agent, and the business's pay view of it open.
 */
async function aPayView(
  browser: Browser,
  company: string,
  agentName: string,
  amount: number,
  description: string,
) {
  const tag = unique();
  const pair = await anInvoicingPair(
    browser,
    { company: `${company} ${tag}`, agentName: `${agentName} ${tag}` },
    null,
  );
  const invoiceId = await pair.raise(amount, `${description} ${tag}`);
  const page = pair.business.page;
  return { page, form: await openPayView(page, invoiceId), invoiceId };
}

/** The business opens invoice `invoiceId`'s pay view; answers the card form. */
async function openPayView(page: Page, invoiceId: number) {
  await page.goto("/business/payments");
  const card = page.locator(".invoice-card", { hasText: `Invoice #${invoiceId} -` });
  await card.getByRole("button", { name: "Pay Now" }).click();
  await expect(page.getByRole("button", { name: "Back to Invoices" })).toBeVisible();
  return page.getByRole("form", { name: "Card details" });
}

test("a double tap on Connect sends one request, and the success toast stays", async ({ browser }) => {
  const tag = unique();
  const business = await aParty(browser, "business", `Banksia Solar ${tag}`);
  const agent = await aParty(browser, "agent", `Chloe Tran ${tag}`);
  const connects = countRequests(agent.page, "POST", /^\/api\/partnerships$/);

  await agent.page.goto(`/agent/find-businesses?q=${encodeURIComponent(business.name)}`);
  const card = agent.page.getByRole("article", { name: business.name });
  await card.getByRole("button", { name: `Connect with ${business.name}` }).dblclick();
  await expect(agent.page.getByText("Connection requested")).toBeVisible();
  await expect(card.getByRole("button", { name: "Requested" })).toBeDisabled();
  // Long enough for a second request's answer to have arrived and replaced the toast.
  await agent.page.waitForTimeout(1500);
  expect(connects()).toBe(1);
  await expect(agent.page.getByText("Connection requested")).toBeVisible();
  await expect(agent.page.getByText("Request failed")).toHaveCount(0);
});

test("the card form formats as typed, clears fixed errors, and a double tap on Pay confirms once", async ({
  browser,
}) => {
  const { page, form, invoiceId } = await aPayView(
    browser,
    "Ironbark Tools",
    "Noah Kelly",
    850,
    "Trade show leads",
  );
  const number = form.getByLabel("Card number");
  const expiry = form.getByLabel("Expiry");
  const cvc = form.getByLabel("CVC");

  // Nothing typed: every field says what is missing.
  await form.getByRole("button", { name: "Pay $850.00" }).click();
  await expect(form.getByText("Your card number is incomplete.")).toBeVisible();
  await expect(form.getByText("Your card's expiration date is incomplete.")).toBeVisible();
  await expect(form.getByText("Your card's security code is incomplete.")).toBeVisible();

  // As typed: the number in groups of four, the expiry as MM / YY; each fixed field's error goes.
  await number.pressSequentially("4242424242424242");
  await expect(number).toHaveValue("4242 4242 4242 4242");
  await expect(form.getByText("Your card number is incomplete.")).toHaveCount(0);
  await expiry.pressSequentially("1229");
  await expect(expiry).toHaveValue("12 / 29");
  await expect(form.getByText("Your card's expiration date is incomplete.")).toHaveCount(0);
  await cvc.pressSequentially("123");
  await expect(form.getByText("Your card's security code is incomplete.")).toHaveCount(0);
  await expectNoSeriousAxe(page, "[data-live-announcer]", '[role="log"][aria-live]');

  // A second tap that lands before React has drawn the pending button: both clicks in one task
  // (Playwright's dblclick lets React draw between them, so it passed without the guard too).
  const confirms = countRequests(page, "POST", /^\/api\/local-gateway\/payment-intents\/[^/]+\/confirm$/);
  await form.getByRole("button", { name: "Pay $850.00" }).evaluate((pay: HTMLButtonElement) => {
    pay.click();
    pay.click();
  });
  await expect(page).toHaveURL(
    new RegExp(`/payment-confirmation\\?payment_intent=pi_local_\\w+&invoice_id=${invoiceId}`),
  );
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
  expect(confirms()).toBe(1);
});

test("a press that sends nothing leaves the button free: the next press, a moment later, counts", async ({
  browser,
}) => {
  const { page, form } = await aPayView(browser, "Kurrajong Print", "Ella Nguyen", 310, "Print run leads");
  const pay = form.getByRole("button", { name: "Pay $310.00" });
  const confirms = countRequests(page, "POST", /^\/api\/local-gateway\/payment-intents\/[^/]+\/confirm$/);

  // Refused before sending (nothing typed): no request, and the button is not held.
  await pay.click();
  await expect(form.getByText("Your card's security code is incomplete.")).toBeVisible();
  await expect(pay).not.toHaveAttribute("aria-busy", "true");
  // At once a second refused press: it runs the checks again (issue 46: the button ignored every
  // press for a second after one that started nothing).
  await form.getByLabel("CVC").pressSequentially("1");
  await expect(form.getByText("Your card's security code is incomplete.")).toHaveCount(0);
  await pay.click();
  await expect(form.getByText("Your card's security code is incomplete.")).toBeVisible();
  expect(confirms()).toBe(0);

  // A press that sends: busy while its request is in flight, and the payment goes through once.
  await form.getByLabel("Card number").pressSequentially("4242424242424242");
  await form.getByLabel("Expiry").pressSequentially("1229");
  await form.getByLabel("CVC").pressSequentially("23");
  await pay.click();
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
  expect(confirms()).toBe(1);
});

test("3-D Secure: the toast says a window opens, and the dialog completes the payment", async ({
  browser,
}) => {
  const { page, form } = await aPayView(browser, "Wollemi Freight", "Grace Pham", 420, "Freight leads");
  await form.getByLabel("Card number").pressSequentially("4000002500003155");
  await expect(form.getByLabel("Card number")).toHaveValue("4000 0025 0000 3155");
  await form.getByLabel("Expiry").pressSequentially("0830");
  await expect(form.getByLabel("Expiry")).toHaveValue("08 / 30");
  await form.getByLabel("CVC").pressSequentially("123");
  await form.getByRole("button", { name: "Pay $420.00" }).click();

  await expect(page.getByText("Additional verification required")).toBeVisible();
  await expect(
    page.getByText("Your bank asks you to confirm this payment in the window that has opened."),
  ).toBeVisible();
  await expect(page.getByText("You'll be redirected")).toHaveCount(0);
  const dialog = page.getByRole("dialog", { name: "Authenticate payment" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Complete" }).click();
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
});
