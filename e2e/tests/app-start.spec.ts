/**
 * The app's pages come rendered from the server and the app hydrates them at load (ADR 0047):
 * the served HTML holds the whole page (every landing section and anchor, its own title, 404
 * for a missing page), the app's JavaScript runs without waiting for an interaction, hydration
 * keeps the served nodes, and what a visitor does before it has finished is not lost: tabs are
 * links, typed text stays, a form pressed early sends nothing in the URL.
 */
import { expect, type Page, test } from "./fixtures.ts";
import { DEMO_PASSWORD, holdAppScripts } from "./support.ts";

/** Records the URLs of the scripts the page requests. */
function scriptRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") urls.push(new URL(request.url()).pathname);
  });
  return urls;
}

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

test("the served HTML is the whole page: landing sections and anchors, own titles, 404s", async ({
  request,
}) => {
  const landing = await request.get("/");
  expect(landing.status()).toBe(200);
  const html = await landing.text();
  for (const id of ["features", "for-businesses", "for-agents", "testimonials"])
    expect(html, id).toContain(`id="${id}"`);
  expect(html).toContain('<script type="application/json" id="closr-query-data">');
  expect(html).not.toContain("app-boot");

  const titles = new Set<string | undefined>();
  for (const path of ["/", "/auth", "/pricing", "/about", "/help", "/how-it-works", "/contact"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    titles.add(titleOf(await response.text()));
  }
  expect(titles.size).toBe(7);

  for (const path of ["/no-such-page", "/blog/no-such-post", "/help/no-such-article"]) {
    const missing = await request.get(path);
    expect(missing.status(), path).toBe(404);
    expect(await missing.text(), path).toContain("404 Page Not Found");
  }
});

test("the app starts at load: its scripts run and hydrate the page without an interaction", async ({
  page,
}) => {
  const scripts = scriptRequests(page);
  await page.goto("/");
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  expect(scripts.some((url) => url.startsWith("/assets/"))).toBe(true);
  // A link followed with the keyboard alone goes to the Sign Up tab.
  await page.getByRole("link", { name: "Find Sales Agents" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/auth\?tab=signup$/);
  await expect(page.getByRole("form", { name: "Sign up" })).toBeVisible();
});

test("text typed into /auth before hydration stays in the fields and logs in", async ({ page }) => {
  // Hold the app's JavaScript back until the visitor has typed, so hydration is certain to come after.
  const release = await holdAppScripts(page);
  await page.goto("/auth", { waitUntil: "commit" });
  const form = page.getByRole("form", { name: "Log in" });
  await form.getByLabel("Username").pressSequentially("harbourtech");
  await form.getByLabel("Password", { exact: true }).pressSequentially("closr-");
  const heading = page.getByRole("heading", { level: 1 });
  await heading.evaluate((el) => {
    (el as HTMLElement & { servedMark?: boolean }).servedMark = true;
  });
  release();
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  // Hydration kept the served nodes and the text in them.
  expect(await heading.evaluate((el) => (el as HTMLElement & { servedMark?: boolean }).servedMark)).toBe(
    true,
  );
  await expect(form.getByLabel("Username")).toHaveValue("harbourtech");
  await expect(form.getByLabel("Password", { exact: true })).toHaveValue("closr-");
  // Typing goes on where it stopped, and the app's state holds the whole value: logging in works.
  await form.getByLabel("Password", { exact: true }).press("End");
  await form.getByLabel("Password", { exact: true }).pressSequentially(DEMO_PASSWORD.slice("closr-".length));
  await form.getByLabel("Password", { exact: true }).press("Enter");
  await expect(page).toHaveURL(/\/business\/dashboard$/);
});

test("before hydration, the Sign Up tab is a link that opens Sign Up", async ({ page }) => {
  const release = await holdAppScripts(page);
  await page.goto("/auth", { waitUntil: "commit" });
  await page.getByRole("tab", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(/\/auth\?tab=signup$/);
  await expect(page.getByRole("tab", { name: "Sign Up" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("form", { name: "Sign up" })).toBeVisible();
  release();
});

test("a log-in pressed before hydration signs in on the server, with no password in any URL", async ({
  page,
}) => {
  const release = await holdAppScripts(page);
  const urls: string[] = [];
  page.on("request", (request) => urls.push(request.url()));
  await page.goto("/auth", { waitUntil: "commit" });
  const form = page.getByRole("form", { name: "Log in" });
  await form.getByLabel("Username").pressSequentially("mia.chen");
  await form.getByLabel("Password", { exact: true }).pressSequentially(DEMO_PASSWORD);
  await form.getByRole("button", { name: "Log In" }).click();
  // A POST to the page that the server answers (issue 46): signed in, sent on to the dashboard.
  await expect(page).toHaveURL(/\/agent\/dashboard$/);
  release();
  expect(urls.filter((url) => url.includes(DEMO_PASSWORD))).toEqual([]);
});

test("signed out, a dashboard sends the visitor to /auth (a server redirect since ADR 0051)", async ({
  page,
}) => {
  await page.goto("/agent/dashboard");
  await expect(page).toHaveURL(/\/auth/);
});
