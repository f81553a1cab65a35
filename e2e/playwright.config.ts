import { defineConfig, devices } from "@playwright/test";

/**
 * Browser journeys against the real built app on a real database (docs/architecture.md, Tests).
 * Chromium comes from Debian (CHROMIUM_PATH, default /usr/bin/chromium); no browser is downloaded.
 * Build the frontends first (the root `pnpm test:e2e` does).
 */
const port = Number(process.env.E2E_PORT ?? 3210);
/**
 * Parallel workers (E2E_WORKERS, default 2), each against its own server and database on
 * port + its parallel index: a journey never sees another worker's data. The config is loaded
 * in every worker process, where Playwright sets TEST_PARALLEL_INDEX (0 … workers − 1).
 */
const workers = Number(process.env.E2E_WORKERS ?? 2);
const workerPort = port + Number(process.env.TEST_PARALLEL_INDEX ?? 0);
/**
 * The journeys that move money (invoices, payments, payouts, subscriptions, agreements' invoices,
 * disputes' refunds): they run once more in Perth (UTC+8, no daylight saving) at desktop size, so a
 * date formatted in the wrong zone shows (issue 46). Each is also in the mobile project.
 */
const moneyJourneys =
  /(invoices|invoice-states|payouts|subscriptions|subscriptions-stripe|agreements|disputes)\.spec\.ts/;

export default defineConfig({
  testDir: "./tests",
  fullyParallel: false,
  workers,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  outputDir: "./test-results",
  use: {
    baseURL: `http://localhost:${workerPort}`,
    // A person in Sydney with an Australian browser (issue 46); every context a journey opens,
    // browser.newContext() too, inherits these.
    locale: "en-AU",
    timezoneId: "Australia/Sydney",
    trace: "retain-on-failure",
    // Journeys run without the service worker (it would answer from its cache, past page.route);
    // pwa.spec.ts allows it.
    serviceWorkers: "block",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      // Chromium's interface in Australian English, so a date input reads dd/mm/yyyy as in an
      // Australian browser (the context's locale sets only the page's language and Intl); needs
      // Debian's chromium-l10n, which .ci/run installs (support.ts typeDate, issue 46).
      env: { ...process.env, LANGUAGE: "en_AU" },
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } } },
    {
      name: "desktop-perth",
      testMatch: moneyJourneys,
      use: {
        ...devices["Desktop Chrome"],
        viewport: { width: 1280, height: 800 },
        timezoneId: "Australia/Perth",
      },
    },
    {
      // The phone layout (≤ 768 px: drawer, bottom bar) for the platform journeys.
      name: "mobile",
      testMatch:
        /(identity|verification|subscriptions|subscriptions-stripe|account|content|reviews|insights|payouts|agreements|operations|discovery|partnerships|invoices|messaging|disputes|integrators|webhooks|invoice-states|independent-deploy|pwa|signed-in-frame|time-zones|opportunities)\.spec\.ts/,
      use: {
        ...devices["Desktop Chrome"],
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      },
    },
  ],
  webServer: Array.from({ length: workers }, (_, index) => ({
    command: "node --import tsx e2e/serve.ts",
    cwd: "..",
    url: `http://localhost:${port + index}/api/health`,
    // A loaded machine can take longer to start the server (E2E_SERVER_TIMEOUT_MS).
    timeout: Number(process.env.E2E_SERVER_TIMEOUT_MS ?? 120_000),
    reuseExistingServer: false,
    env: { PORT: String(port + index) },
    stdout: "pipe" as const,
    stderr: "pipe" as const,
  })),
});
