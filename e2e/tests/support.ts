/**
 * Helpers for the browser journeys: demo logins, unique sign-up data and parties (object
 * mothers), the local gateway's payout set-up and the axe check every page gets.
 */
import AxeBuilder from "@axe-core/playwright";
import {
  type APIRequestContext,
  type Browser,
  type BrowserContextOptions,
  expect,
  type Locator,
  type Page,
} from "./fixtures.ts";

export const DEMO_PASSWORD = "closr-demo-2026";
/** Demo accounts (services/api/src/seed): the plain ones have no profile yet; the *WithProfile ones do. */
export const demo = {
  business: "sunrisehealth",
  agent: "jack.wilson",
  businessWithProfile: "harbourtech",
  agentWithProfile: "mia.chen",
  admin: "admin",
} as const;

let n = 0;
/** A unique new account's details. */
export const aNewAccount = (userType: "business" | "agent") => {
  const id = `${Date.now().toString(36)}${(n++).toString(36)}`;
  return {
    email: `e2e-${id}@example.com.au`,
    username: `e2e_${id}`,
    password: "a good long password",
    userType,
  };
};

/**
 * Types `text` over whatever `field` holds, as a person does: select all (Ctrl/Cmd+A), then the
 * keys one by one, so the field sees every keystroke (issue 46: `fill` pastes the whole value at
 * once and hid a field that lost focus after each key). For a field with a value (a default, a
 * value typed before, a form opened on saved terms); an empty field takes `pressSequentially`.
 */
export async function retype(field: Locator, text: string) {
  await field.press("ControlOrMeta+a");
  await field.pressSequentially(text);
}

/**
 * Types `isoDate` (yyyy-MM-dd) into a native date input with the keyboard, as a person in an
 * Australian browser does: day, month, year, in the order the field shows them (dd/mm/yyyy), each
 * segment over what it held (issue 46: no journey fills a date). The field shows en-AU's order only
 * when Chromium's own interface is in Australian English: playwright.config.ts starts it with
 * LANGUAGE=en_AU, which needs Debian's `chromium-l10n` (the en-GB strings en-AU falls back to); a
 * browser without them lays the field out mm/dd/yyyy, and the value check below says so.
 */
export async function typeDate(field: Locator, isoDate: string) {
  const [year, month, day] = isoDate.split("-");
  await field.focus(); // the first segment: the day
  await field.pressSequentially(`${day}${month}${year}`);
  await expect(
    field,
    "typed as dd/mm/yyyy: an mm/dd/yyyy field means Chromium's interface is not en-AU (chromium-l10n)",
  ).toHaveValue(isoDate);
}

/** The date `days` from today in Sydney, yyyy-MM-dd. */
export const sydneyDateIn = (days: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Australia/Sydney" }).format(Date.now() + days * 86_400_000);

/** Signs `page`'s context in through the API (the same cookies as the /auth form). */
export async function signInThroughApi(page: Page, username: string, password = DEMO_PASSWORD) {
  expect((await page.request.post("/api/login", { data: { username, password } })).status()).toBe(200);
}

/**
 * A page in a new context of `browser`, at `viewport` (null: the project's), signed in as
 * `username` through the API: a second party (staff, the other side) beside the journey's page.
 */
export async function aSignedInPage(
  browser: Browser,
  viewport: { width: number; height: number } | null,
  username: string,
  password = DEMO_PASSWORD,
): Promise<Page> {
  const context = await browser.newContext(viewport ? { viewport } : {});
  const page = await context.newPage();
  await signInThroughApi(page, username, password);
  return page;
}

/** Logs in through the /auth page and waits for the role dashboard. */
export async function logIn(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.goto("/auth");
  const form = page.getByRole("form", { name: "Log in" });
  await form.getByLabel("Username").pressSequentially(username);
  await form.getByLabel("Password", { exact: true }).pressSequentially(password);
  await form.getByRole("button", { name: "Log In" }).click();
  await expect(page).toHaveURL(/\/(business|agent)\/dashboard$/);
}

/** Opens the user menu (named with the username) and chooses Log out. */
export async function logOut(page: Page, username: string) {
  await page.getByRole("button", { name: username }).click();
  await page.getByRole("menuitem", { name: "Log out" }).click();
  await expect(page.getByText("Logged out successfully")).toBeVisible();
}

/** Closes the onboarding walkthrough a new account sees on its dashboard (issue 15). */
export async function skipOnboarding(page: Page) {
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Skip tour" }).click();
  await expect(dialog).toBeHidden();
}

/**
 * The filter panel of a find page (`name`: "Agent filters" or "Business filters"), once that page
 * is on screen. On a phone (≤ 768 px) its fields sit behind the "Filters" toggle: this waits for
 * the toggle and opens the panel. Select filters through the returned panel, never the page: a
 * followed link renders the find page in a React transition, so for a moment the previous screen
 * (a dashboard's quick search has its own Keyword, Industry and Location fields) is still the one
 * on screen, and a field found by label alone can be that screen's.
 */
export async function showFilters(page: Page, name: "Agent filters" | "Business filters") {
  const panel = page.getByRole("complementary", { name });
  await expect(panel).toBeVisible();
  if ((page.viewportSize()?.width ?? 1280) <= 768) {
    const toggle = panel.getByRole("button", { name: /^Filters/ }); // not "Reset Filters"
    if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
  }
  return panel;
}

/**
 * Confirms the signed-in account's email the way its owner would (applying for verification and
 * setting up payouts need it): waits for the sign-up's "Confirm your email" mail in the development
 * mailbox (a queued job) and posts its token to /api/verify-email.
 */
export async function confirmEmail(request: APIRequestContext) {
  let token: string | undefined;
  await expect
    .poll(
      async () => {
        const mailbox = (await (await request.get("/api/dev/mailbox")).json()) as {
          items: { subject: string; text: string }[];
        };
        const mail = mailbox.items.find((m) => m.subject.startsWith("Confirm your email"));
        token = mail?.text.match(/\/verify-email\?token=([A-Za-z0-9_-]+)/)?.[1];
        return token !== undefined;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  expect((await request.post("/api/verify-email", { data: { token } })).status()).toBe(200);
}

/**
 * A new account of `userType` registered through the API in a browser context of its own (signed
 * in there, email confirmed, onboarding walkthrough dismissed) with a profile named `name`: a business's company
 * name or an agent's full name. `contextOptions` as for `browser.newContext` (viewport, …).
 */
export async function aParty(
  browser: Browser,
  userType: "business" | "agent",
  name: string,
  contextOptions: BrowserContextOptions = {},
) {
  const context = await browser.newContext(contextOptions);
  const page = await context.newPage();
  const account = aNewAccount(userType);
  expect((await context.request.post("/api/register", { data: account })).status()).toBe(201);
  await confirmEmail(context.request);
  // The dashboard's onboarding walkthrough is not what these journeys are about (issue 15).
  await context.request.patch("/api/onboarding/complete", { data: { dismissed: true } });
  const profile =
    userType === "business"
      ? await context.request.post("/api/business-profiles", { data: { companyName: name } })
      : await context.request.post("/api/agent-profiles", {
          data: { fullName: name, specialization: "SaaS Sales", yearsOfExperience: 6 },
        });
  expect(profile.status()).toBe(201);
  return { page, profileId: ((await profile.json()) as { id: number }).id, password: account.password, name };
}

/**
 * Object mother of the dispute and invoice-state journeys: a new business (`company`) and a new
 * agent (`agentName`) in contexts of `viewport`, their partnership made active, the agent's
 * payouts set up on the local gateway, and `raise(amount, description)` raising an invoice of
 * `amount` dollars from the agent through the API (answers its id).
 */
export async function anInvoicingPair(
  browser: Browser,
  names: { readonly company: string; readonly agentName: string },
  viewport: { width: number; height: number } | null,
) {
  const business = await aParty(browser, "business", names.company, viewport ? { viewport } : {});
  const agent = await aParty(browser, "agent", names.agentName, viewport ? { viewport } : {});
  const { id: partnershipId } = (await (
    await agent.page.request.post("/api/partnerships", { data: { businessId: business.profileId } })
  ).json()) as { id: number };
  expect(
    (
      await business.page.request.patch(`/api/partnerships/${partnershipId}`, { data: { status: "active" } })
    ).status(),
  ).toBe(200);
  await setUpPayouts(agent.page, names.agentName);
  const raise = async (amount: number, description: string) => {
    const res = await agent.page.request.post("/api/invoices", {
      data: { businessId: business.profileId, partnershipId, amount, description },
    });
    expect(res.status()).toBe(201);
    return ((await res.json()) as { id: number }).id;
  };
  return { business, agent, partnershipId, raise };
}

/**
 * Sets up the signed-in agent's payouts on the local gateway through the API: onboarding, then
 * the test bank account 000-000 / 000123456 in `accountName` (payouts come before the first
 * invoice, issue 14).
 */
export async function setUpPayouts(page: Page, accountName: string) {
  expect((await page.request.post("/api/payout-account/onboarding")).status()).toBe(200);
  const bank = await page.request.post("/api/local-gateway/payout-account/bank-details", {
    data: { accountName, bsb: "000-000", accountNumber: "000123456" },
  });
  expect(bank.status()).toBe(200);
}

/**
 * Asserts axe finds no serious or critical violation on the page as it is now, listing each as
 * "rule: targets" when it fails. `exclude`: selectors left out of the scan (React Aria's live
 * announcer `[data-live-announcer]` or `[role="log"][aria-live]`, its `[data-react-aria-top-layer]`).
 */
export async function expectNoSeriousAxe(page: Page, ...exclude: string[]) {
  // React Aria's live announcer is always left out: a pending Button announces itself there as a
  // `div[role=img]` labelled by the button (react-aria-components' Button with isPending), which
  // axe reads as an image without a text alternative.
  let axe = new AxeBuilder({ page }).exclude("[data-live-announcer]");
  for (const selector of exclude) axe = axe.exclude(selector);
  const results = await axe.analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map(
      (v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(" ")} ${n.html.slice(0, 160)}`).join(", ")}`,
    ),
  ).toEqual([]);
}

/**
 * Holds every app script request (/assets/*.js) until the returned function is called: the
 * server-rendered page stays as it is, whatever the visitor does (ADR 0028).
 */
export async function holdAppScripts(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
