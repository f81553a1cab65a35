/**
 * The keyboard path of issue 19 (spec §2.2 accessibility): sign-up, search, connect, invoice and
 * pay with the keyboard alone (Tab, Shift+Tab, Enter, Space, arrows, typing; no click, no
 * `fill`, no `selectOption`), with every focus stop visibly marked (an outline, or for fields
 * the focus ring shadow), in a browser that asks for reduced motion, which the app honours.
 * Setup that is not the path under test (the business, the agent's profile and payout account)
 * goes through the API.
 */
import { type Browser, expect, type Locator, type Page, test } from "./fixtures.ts";
import { aNewAccount, confirmEmail } from "./support.ts";

test.use({ reducedMotion: "reduce" });

/**
 * Describes the focused element when its focus is not visible: no `:focus-visible` /
 * `data-focus-visible` on it or a close ancestor, or no ring drawn (an outline, a field's ring
 * shadow, or a radio's card outline). Returns null when focus is visible.
 */
async function invisibleFocus(page: Page): Promise<string | null> {
  // React marks focus (data-focused / data-focus-visible) a render after the key press.
  let problem: string | null = null;
  for (let attempt = 0; attempt < 5; attempt++) {
    problem = await focusProblem(page);
    if (!problem) return null;
    await page.waitForTimeout(50);
  }
  return problem;
}

function focusProblem(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return "nothing focused";
    const chain: Element[] = [];
    for (let node: Element | null = el; node && chain.length < 3; node = node.parentElement) chain.push(node);
    // A field shows its ring on any focus (a date input's calendar button takes focus inside
    // it, where :focus-visible does not match the input).
    const field = el.matches("input, select, textarea") && el.matches(":focus-within");
    const marked =
      field || chain.some((n) => n.matches(":focus-visible") || n.hasAttribute("data-focus-visible"));
    const ring = chain.some((n, i) => {
      const s = getComputedStyle(n);
      const outline = s.outlineStyle !== "none" && Number.parseFloat(s.outlineWidth) > 0;
      // Fields mark focus with a ring shadow (no blur, a spread of 2px or more); only the
      // element's own counts.
      const shadow = i === 0 && /0px 0px 0px [2-9]/.test(s.boxShadow);
      return outline || shadow;
    });
    if (marked && ring) return null;
    const name = el.getAttribute("aria-label") ?? el.textContent?.trim().slice(0, 40) ?? "";
    const type = el.getAttribute("type") ?? "";
    return `<${el.tagName.toLowerCase()}${type ? ` type=${type}` : ""}> "${name}" (marked: ${marked}, ring: ${ring})`;
  });
}

/** Presses Tab (or Shift+Tab) until `target` has focus, checking every stop on the way shows it. */
async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}) {
  const unmarked: string[] = [];
  for (let i = 0; i <= max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) {
      const last = await invisibleFocus(page);
      if (last) unmarked.push(last);
      expect(unmarked, "every focus stop is visibly marked").toEqual([]);
      return;
    }
    if (i > 0) {
      const stop = await invisibleFocus(page);
      if (stop && stop !== "nothing focused") unmarked.push(stop);
    }
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
  }
  throw new Error(`Could not reach ${target} with ${back ? "Shift+Tab" : "Tab"} in ${max} presses`);
}

/** Tabs to a field and types into it. */
async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

async function aBusiness(browser: Browser, name: string) {
  const context = await browser.newContext();
  const { request } = context;
  expect((await request.post("/api/register", { data: aNewAccount("business") })).status()).toBe(201);
  await request.patch("/api/onboarding/complete", { data: { dismissed: true } });
  const profile = await request.post("/api/business-profiles", {
    data: { companyName: name, industry: "technology", size: "small", location: "sydney" },
  });
  expect(profile.status()).toBe(201);
  return { page: await context.newPage(), name };
}

test("sign-up, search, connect, invoice and pay with the keyboard only, focus always visible", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36).slice(-5).toUpperCase();
  const business = await aBusiness(browser, `Keyboard Freight ${tag}`);
  const account = aNewAccount("agent");

  // Reduced motion: the app's animations (splash, drawer, toasts) collapse to nothing.
  await page.goto("/auth");
  expect(await page.evaluate(() => matchMedia("(prefers-reduced-motion: reduce)").matches)).toBe(true);
  const splash = page.locator(".splash");
  if ((await splash.count()) > 0) {
    const duration = await splash.evaluate((el) => getComputedStyle(el).animationDuration);
    expect(Number.parseFloat(duration)).toBeLessThan(0.001);
  }
  await expect(splash).toHaveCount(0);

  // Sign up: the tabs move with the arrow keys, the user type with the arrows of the radio group.
  await tabTo(page, page.getByRole("tab", { name: "Log In" }));
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("tab", { name: "Sign Up" })).toHaveAttribute("aria-selected", "true");
  const form = page.getByRole("form", { name: "Sign up" });
  await typeInto(page, form.getByLabel("Email"), account.email);
  await typeInto(page, form.getByLabel("Username"), account.username);
  await typeInto(page, form.getByLabel("Password", { exact: true }), account.password);
  await typeInto(page, form.getByLabel("Confirm Password"), account.password);
  await tabTo(page, form.getByRole("radio", { checked: true }));
  await page.keyboard.press("ArrowDown");
  await expect(form.getByRole("radio", { name: "Sales agent looking for opportunities" })).toBeChecked();
  await tabTo(page, form.getByRole("button", { name: "Create Account" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/agent\/dashboard$/);

  // The onboarding tour is a modal dialog: focus is inside it; Skip tour with Enter.
  const tour = page.getByRole("dialog");
  await expect(tour).toBeVisible();
  await tabTo(page, tour.getByRole("button", { name: "Skip tour" }));
  await page.keyboard.press("Enter");
  await expect(tour).toBeHidden();

  // Profile and payout account (not the path under test) through the API.
  const profile = await page.request.post("/api/agent-profiles", {
    data: { fullName: `Kim Keys ${tag}`, specialization: "Freight Sales", yearsOfExperience: 5 },
  });
  expect(profile.status()).toBe(201);
  await confirmEmail(page.request);
  expect((await page.request.post("/api/payout-account/onboarding")).status()).toBe(200);
  const bank = await page.request.post("/api/local-gateway/payout-account/bank-details", {
    data: { accountName: "Kim Keys", bsb: "000-000", accountNumber: "000123456" },
  });
  expect(bank.status()).toBe(200);

  // Search: type the name into Keyword, Enter; then Connect with Space.
  await page.goto("/agent/find-businesses");
  await typeInto(page, page.getByLabel("Keyword"), business.name);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/q=Keyboard/);
  const card = page.getByRole("article", { name: business.name });
  await expect(card).toBeVisible();
  await tabTo(page, card.getByRole("button", { name: `Connect with ${business.name}` }));
  await page.keyboard.press("Space");
  await expect(page.getByText("Connection requested")).toBeVisible();
  await expect(card.getByRole("button", { name: "Requested" })).toBeDisabled();

  // The business accepts under Pending Requests with the keyboard.
  await business.page.goto("/business/active-agents?tab=pending");
  const pending = business.page.getByRole("article", { name: `Kim Keys ${tag}` });
  await expect(pending).toBeVisible();
  await tabTo(business.page, pending.getByRole("button", { name: "Accept" }));
  await business.page.keyboard.press("Enter");
  await expect(business.page.getByText("Partnership updated")).toBeVisible();

  // Invoice: native selects change with the arrow keys, the amount and description are typed.
  await page.goto("/agent/invoices");
  const invoice = page.getByRole("form", { name: "Create invoice" });
  await tabTo(page, invoice.getByLabel("Business"));
  await page.keyboard.press("ArrowDown");
  await expect(invoice.getByLabel("Business").locator("option:checked")).toHaveText(business.name);
  await tabTo(page, invoice.getByLabel("Partnership"));
  await page.keyboard.press("ArrowDown");
  await expect(invoice.getByLabel("Partnership").locator("option:checked")).toHaveText(
    /^Partnership since \d{1,2} [A-Z][a-z]{2} \d{4}$/,
  );
  await typeInto(page, invoice.getByLabel("Amount ($)"), "880.00");
  const description = `Keyboard-only freight leads ${tag}`;
  await typeInto(page, invoice.getByLabel("Description"), description);
  await tabTo(page, invoice.getByRole("button", { name: "Create Invoice" }));
  await page.keyboard.press("Enter");
  await expect(page.getByText("The invoice has been created successfully")).toBeVisible();

  // Pay: Pay Now with Enter, the card typed, Pay with Enter.
  await business.page.goto("/business/payments");
  const due = business.page.locator(".invoice-card", { hasText: description });
  await expect(due.locator(".badge")).toHaveText("Due");
  await tabTo(business.page, due.getByRole("button", { name: "Pay Now" }));
  await business.page.keyboard.press("Enter");
  const cardForm = business.page.getByRole("form", { name: "Card details" });
  await typeInto(business.page, cardForm.getByLabel("Card number"), "4242424242424242");
  await typeInto(business.page, cardForm.getByLabel("Expiry"), "12/34");
  await typeInto(business.page, cardForm.getByLabel("CVC"), "123");
  await tabTo(business.page, cardForm.getByRole("button", { name: "Pay $880.00" }));
  await business.page.keyboard.press("Enter");
  await expect(business.page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
});
