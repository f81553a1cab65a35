/// <reference lib="dom" />
/**
 * The installable app: the web app manifest, the service worker (a precache of only the app's
 * start, the rest cached as used; app shell offline for signed-in routes, offline page
 * elsewhere, never /api), installability and the
 * spec §2.2 install banner, and a console free of errors for a signed-out visitor.
 * The other journeys block service workers (playwright.config.ts); this file allows them.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { allowConsole, type BrowserContext, chromium, expect, type Page, test } from "./fixtures.ts";
import { DEMO_PASSWORD, demo, logIn } from "./support.ts";

test.use({ serviceWorkers: "allow" });

/** Loads `path`, waits until the service worker is active, reloads, and returns whether it controls the page. */
async function controlledAfterReload(page: Page, path: string): Promise<boolean> {
  await page.goto(path);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  return page.evaluate(() => navigator.serviceWorker.controller !== null);
}

async function cacheKeys(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const names = await caches.keys();
    const urls: string[] = [];
    for (const name of names)
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    return [...names, ...urls];
  });
}

test("the manifest names the app, its icons and its shortcuts", async ({ request }) => {
  const response = await request.get("/manifest.webmanifest");
  expect(response.ok()).toBe(true);
  const manifest = await response.json();
  expect(manifest).toMatchObject({ short_name: "Closr", display: "standalone", start_url: "/" });
  expect(
    manifest.icons.map((icon: { sizes: string; purpose: string }) => `${icon.sizes} ${icon.purpose}`),
  ).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);
  expect(manifest.shortcuts.map((s: { name: string; url: string }) => `${s.name} ${s.url}`)).toEqual([
    "Find /find",
    "Messages /messages",
  ]);
  for (const icon of manifest.icons) expect((await request.get(icon.src)).ok()).toBe(true);
});

test("Chromium offers to install the app (beforeinstallprompt) and the floating Install button appears", async ({
  baseURL,
}) => {
  // Installation is never offered in incognito, which Playwright's contexts are: use a profile.
  const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), "closr-pwa-")), {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--bypass-app-banner-engagement-checks"],
    viewport: { width: 390, height: 844 },
    ...(baseURL ? { baseURL } : {}),
  });
  try {
    await context.addInitScript(() => {
      window.addEventListener("beforeinstallprompt", () => {
        (window as unknown as { offered: boolean }).offered = true;
      });
    });
    const page = await context.newPage();
    expect(await controlledAfterReload(page, "/")).toBe(true);
    const cdp = await context.newCDPSession(page);
    expect((await cdp.send("Page.getInstallabilityErrors")).installabilityErrors).toEqual([]);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { offered?: boolean }).offered === true))
      .toBe(true);
    // A server-rendered page starts the app on the first interaction (ADR 0028); the offer waits for it.
    await page.mouse.move(10, 10);
    await expect(page.getByRole("button", { name: "Install Closr App" })).toBeVisible();
  } finally {
    await context.close();
  }
});

test("the service worker precaches only the app's start; a remote is cached when it is used", async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow(); // two first visits, each waiting for the worker's install
  // A first look at the landing page: the app shell, the offline page and the shell's start-up
  // files — no remote, nothing from /api (ADR 0050).
  expect(await controlledAfterReload(page, "/")).toBe(true);
  const precache = await page.evaluate(async () => {
    const name = (await caches.keys()).find((key) => /^closr-precache-[0-9a-z]+$/.test(key));
    return name
      ? (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname)
      : [];
  });
  expect(precache).toEqual(expect.arrayContaining(["/index.html", "/offline.html"]));
  expect(precache.filter((path) => path.startsWith("/remotes/"))).toEqual([]);
  expect(precache.filter((path) => path.startsWith("/api/"))).toEqual([]);

  // A business user's first visit to the dashboard (a fresh browser): the remote loads before the
  // worker controls the page; the page hands its files over, so the business remote is cached,
  // and nothing of the agent's or admin's.
  const context = await browser.newContext({ serviceWorkers: "allow", baseURL: baseURL ?? "" });
  try {
    const origin = new URL(baseURL ?? "").origin;
    const login = await context.request.post("/api/login", {
      data: { username: demo.businessWithProfile, password: DEMO_PASSWORD },
      headers: { origin },
    });
    expect(login.ok()).toBe(true);
    const business = await context.newPage();
    await business.goto("/business/dashboard");
    // A server-drawn dashboard starts the app on the first interaction (ADR 0028); without it,
    // nothing of the remote is used (a no-op where the app starts at load). A key press works
    // with and without touch emulation.
    await business.keyboard.press("Shift");
    await expect(business.getByRole("heading", { level: 1 }).first()).toBeVisible();
    // The worker registers after load and an idle moment, installs, then takes the hand-over.
    await expect
      .poll(
        async () => (await cacheKeys(business)).some((k) => k.includes("/remotes/business/remoteEntry.js")),
        {
          timeout: 45_000,
        },
      )
      .toBe(true);
    const keys = await cacheKeys(business);
    for (const remote of ["agent", "admin"])
      expect(keys.filter((k) => k.includes(`/remotes/${remote}/`))).toEqual([]);
    expect(keys.filter((k) => k.includes("/api/"))).toEqual([]);
  } finally {
    await context.close();
  }
});

test("a signed-in user going offline keeps the shell and sees a clear offline notice", async ({
  page,
  context,
}) => {
  // Provoked on purpose: offline, the app's requests fail at the network.
  allowConsole(/net::ERR_INTERNET_DISCONNECTED/);
  await logIn(page, demo.businessWithProfile);
  expect(await controlledAfterReload(page, "/business/dashboard")).toBe(true);
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();

  await context.setOffline(true);
  await expect(page.getByRole("status").filter({ hasText: "You're offline." })).toBeVisible();
  // A fresh load of a signed-in route while offline: the cached app shell, not the browser's error page.
  await page.reload();
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "You're offline." })).toBeVisible();
  await expect(page.getByRole("heading", { name: "This page needs a connection" })).toBeVisible();
  // A public page offline: the offline page.
  await page.goto("/pricing").catch(() => undefined);
  await expect(page.getByRole("heading", { name: "You're offline" })).toBeVisible();

  await context.setOffline(false);
  await page.goto("/business/dashboard");
  await expect(page.getByRole("status").filter({ hasText: "You're offline." })).toHaveCount(0);
  // Nothing from /api was ever stored.
  expect((await cacheKeys(page)).filter((k) => k.includes("/api/"))).toEqual([]);
});

test("API answers carry no-store, so no cache keeps personal data", async ({ request }) => {
  const session = await request.get("/api/session");
  expect(session.status()).toBe(200);
  expect(session.headers()["cache-control"]).toBe("no-store");
  expect(await session.json()).toEqual({ user: null });
});

/** Fires a `beforeinstallprompt` the way Chromium does, with a stub prompt that records its calls. */
async function offerInstall(page: Page) {
  await page.evaluate(() => {
    const event = new Event("beforeinstallprompt", { cancelable: true }) as Event & {
      prompt: () => Promise<void>;
      userChoice: Promise<{ outcome: string; platform: string }>;
    };
    (window as unknown as { prompted: number }).prompted = 0;
    event.prompt = async () => {
      (window as unknown as { prompted: number }).prompted++;
    };
    event.userChoice = Promise.resolve({ outcome: "accepted", platform: "web" });
    window.dispatchEvent(event);
  });
}

test.describe("install prompt on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("floating button at once, the banner after 15 s, Install opens the browser's dialog", async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await offerInstall(page);
    // The app starts on the first touch (ADR 0028) and picks up the offer kept by pwa-early.js.
    await page.getByRole("heading", { level: 1 }).tap();
    const fab = page.getByRole("button", { name: "Install Closr App" });
    await expect(fab).toBeVisible();
    const banner = page.getByRole("region", { name: "Install Closr App" });
    await expect(banner).toHaveCount(0);

    await page.clock.runFor(15_000);
    await expect(banner).toBeVisible();
    await expect(banner.getByText("Add to your home screen for a better experience")).toBeVisible();
    await banner.getByRole("button", { name: "Close install banner" }).click();
    await expect(banner).toHaveCount(0);
    await expect(fab).toBeVisible();

    await fab.click();
    expect(await page.evaluate(() => (window as unknown as { prompted: number }).prompted)).toBe(1);
    await expect(fab).toHaveCount(0);
  });

  test("no prompt on a desktop-width window", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await offerInstall(page);
    await page.getByRole("heading", { level: 1 }).tap();
    await expect(page.locator(".top-bar")).toBeVisible(); // the app has rendered
    await expect(page.getByRole("button", { name: "Install Closr App" })).toHaveCount(0);
  });
});

/** Console errors and failed requests while `path` loads signed out. */
async function consoleErrors(context: BrowserContext, path: string): Promise<string[]> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(path, { waitUntil: "networkidle" });
  await page.close();
  return errors;
}

test("a signed-out visit logs no console error (favicon present, session check answers 200)", async ({
  context,
}) => {
  for (const path of ["/", "/auth", "/pricing"]) expect(await consoleErrors(context, path), path).toEqual([]);
});
