/**
 * Server-rendered public pages whose HTML is the whole first screen (/, /auth and /pricing) start the app
 * on the first interaction (issue 19, ADR 0028): an untouched page loads no app JavaScript, its links are full navigations, and on /auth what
 * a visitor typed into the server's form, and the focus, carry over into the app's form.
 * The signed-in dashboards (ADR 0033) come the same way, drawn with the user's figures.
 */
import { expect, type Page, test } from "@playwright/test";
import { DEMO_PASSWORD, holdAppScripts } from "./support.ts";

/** Records the URLs of the scripts the page requests. */
function scriptRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") urls.push(new URL(request.url()).pathname);
  });
  return urls;
}

/** True once the app (react-aria) has rendered the form named `name`. */
const appForm = (page: Page, name: string) =>
  page.locator(`form[aria-label="${name}"]:not([data-server-form])`);

test("an untouched page loads only app-boot.js; its links navigate without the app", async ({ page }) => {
  const scripts = scriptRequests(page);
  for (const path of ["/", "/auth", "/pricing"]) {
    await page.goto(path, { waitUntil: "load" });
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.waitForTimeout(1500); // the old boot started the app right after the first paint
    expect(
      scripts.filter((url) => url.startsWith("/assets/")),
      path,
    ).toEqual([]);
    expect(scripts, path).toContain("/app-boot.js");
  }

  // A link followed with the keyboard alone: Enter on a focused link is a full navigation.
  await page.goto("/", { waitUntil: "load" });
  await page.getByRole("link", { name: "Find Sales Agents" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/auth\?tab=signup$/);
  await expect(page.getByRole("form", { name: "Sign up" })).toBeVisible();
});

test("text typed into /auth before the app starts, and its focus, carry over into the app's form", async ({
  page,
}) => {
  // Hold the app's JavaScript back until the visitor has typed, so the hand-over is certain to come after.
  const release = await holdAppScripts(page);
  await page.goto("/auth");
  const serverForm = page.locator('form[aria-label="Log in"][data-server-form]');
  await serverForm.getByLabel("Username").click();
  await page.keyboard.type("harbourtech");
  await serverForm.getByLabel("Password", { exact: true }).click();
  await page.keyboard.type("closr-");
  release();

  const form = appForm(page, "Log in");
  await expect(form.getByLabel("Username")).toHaveValue("harbourtech");
  await expect(form.getByLabel("Password", { exact: true })).toHaveValue("closr-");
  await expect(form.getByLabel("Password", { exact: true })).toBeFocused();
  await expect(serverForm).toHaveCount(0);
  // Typing goes on where it stopped, and the app's state holds the whole value: logging in works.
  await page.keyboard.type(DEMO_PASSWORD.slice("closr-".length));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/business\/dashboard$/);
});

test("a form submitted before the app starts is submitted by the app once it has started", async ({
  page,
}) => {
  const release = await holdAppScripts(page);
  await page.goto("/auth");
  const serverForm = page.locator('form[aria-label="Log in"][data-server-form]');
  await serverForm.getByLabel("Username").fill("mia.chen");
  await serverForm.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
  await serverForm.getByRole("button", { name: "Log In" }).click();
  await expect(page).toHaveURL(/\/auth$/); // no GET or POST of the password
  release();
  await expect(page).toHaveURL(/\/agent\/dashboard$/);
});

test("a tap held on /auth's Sign Up tab while the app takes over is not lost: Sign Up is chosen", async ({
  page,
}) => {
  const release = await holdAppScripts(page);
  await page.goto("/auth", { waitUntil: "load" });
  const box = await page
    .locator("#root [data-server-tabs]")
    .getByRole("tab", { name: "Sign Up" })
    .boundingBox();
  if (!box) throw new Error("the server's Sign Up tab has no box");
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  release();
  // The app has drawn its Log In form in the hidden root; the swap waits for the release.
  await expect(appForm(page, "Log in")).toHaveCount(1);
  await page.waitForTimeout(500);
  await expect(page.locator("#server-root [data-server-tabs]")).toHaveCount(1);
  await page.mouse.up();
  await expect(page.locator("#server-root")).toHaveCount(0);
  await expect(page.getByRole("tab", { name: "Sign Up" })).toHaveAttribute("aria-selected", "true");
  await expect(appForm(page, "Sign up")).toBeVisible();
});

test("an untouched dashboard shows the user's figures from the server; the first interaction hands over to the app", async ({
  page,
  baseURL,
}) => {
  const login = await page.request.post("/api/login", {
    data: { username: "harbourtech", password: DEMO_PASSWORD },
    headers: { origin: baseURL ?? "" },
  });
  expect(login.ok()).toBe(true);
  const scripts = scriptRequests(page);
  await page.goto("/business/dashboard", { waitUntil: "load" });
  const heading = page.getByRole("heading", { level: 1, name: "Welcome back, Harbour Tech!" });
  await expect(heading).toBeVisible();
  const figures = page.locator(".stat-grid .stat-value");
  await expect(figures).toHaveCount(3);
  const served = await figures.allTextContents();
  expect(served.every((value) => value !== "–")).toBe(true);
  await expect(page.getByRole("list", { name: "Active agents" }).getByRole("listitem")).not.toHaveCount(0);
  await expect(page.locator("section[aria-labelledby=top-matches] article")).toHaveCount(3);
  await page.waitForTimeout(1500);
  expect(scripts.filter((url) => url.startsWith("/assets/") || url.startsWith("/remotes/"))).toEqual([]);
  const before = await heading.boundingBox();

  // The first tap on a button that needs the app (the user menu) starts it, and the app, once
  // its dashboard has settled, replaces the server's page in place and opens the menu.
  await page.getByRole("button", { name: "harbourtech" }).click();
  await expect(page.locator("[data-server-screen]")).toHaveCount(0);
  await expect(page.getByRole("menuitem", { name: "Log out" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(figures).toHaveText(served);
  expect(await heading.boundingBox()).toEqual(before);
  expect(scripts.some((url) => url.startsWith("/assets/"))).toBe(true);
});

test("a tap held on a dashboard link while the app takes over is not lost: the link is followed", async ({
  page,
  baseURL,
}) => {
  const login = await page.request.post("/api/login", {
    data: { username: "mia.chen", password: DEMO_PASSWORD },
    headers: { origin: baseURL ?? "" },
  });
  expect(login.ok()).toBe(true);
  const release = await holdAppScripts(page);
  await page.goto("/agent/dashboard", { waitUntil: "load" });
  const viewAll = page
    .locator("#root [data-server-screen]")
    .getByRole("link", { name: "View All", exact: true });
  const box = await viewAll.boundingBox();
  if (!box) throw new Error("the server's View All link has no box");
  // The pointer goes down on the server's link (the app starts), and stays down while the app
  // loads and settles in its hidden root.
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  release();
  const appFigures = page.locator("#root:not(:has([data-server-screen])) main .stat-value");
  await expect(appFigures).toHaveCount(3);
  await expect
    .poll(async () => (await appFigures.allTextContents()).filter((v) => v.trim() === "–"))
    .toEqual([]);
  await page.waitForTimeout(500);
  // The swap waits for the release, so the press and the release land on the same link.
  await expect(page.locator("#server-root [data-server-screen]")).toHaveCount(1);
  await page.mouse.up();
  await expect(page).toHaveURL(/\/agent\/current-partners$/);
});

test("signed out, a dashboard is the app's as before: it sends the visitor to /auth", async ({ page }) => {
  await page.goto("/agent/dashboard");
  await expect(page).toHaveURL(/\/auth/);
  await expect(page.locator("[data-server-screen]")).toHaveCount(0);
});
