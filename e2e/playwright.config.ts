import { defineConfig, devices } from "@playwright/test";

/**
 * Browser journeys against the real built app on a real database (docs/architecture.md, Tests).
 * Chromium comes from Debian (CHROMIUM_PATH, default /usr/bin/chromium); no browser is downloaded.
 * Build the frontends first (the root `pnpm test:e2e` does).
 */
const port = Number(process.env.E2E_PORT ?? 3210);

export default defineConfig({
  testDir: "./tests",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  outputDir: "./test-results",
  use: {
    baseURL: `http://localhost:${port}`,
    trace: "retain-on-failure",
    // Journeys run without the service worker (it would answer from its cache, past page.route);
    // pwa.spec.ts allows it.
    serviceWorkers: "block",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
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
      // The phone layout (≤ 768 px: drawer, bottom bar) for the platform journeys.
      name: "mobile",
      testMatch:
        /(identity|verification|subscriptions|account|content|reviews|insights|payouts|agreements|operations|discovery|partnerships|invoices|messaging|disputes|integrators|webhooks)\.spec\.ts/,
      use: {
        ...devices["Desktop Chrome"],
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      },
    },
  ],
  webServer: {
    command: "node --import tsx e2e/serve.ts",
    cwd: "..",
    url: `http://localhost:${port}/api/health`,
    // A loaded machine can take longer to start the server (E2E_SERVER_TIMEOUT_MS).
    timeout: Number(process.env.E2E_SERVER_TIMEOUT_MS ?? 120_000),
    reuseExistingServer: false,
    env: { PORT: String(port) },
    stdout: "pipe",
    stderr: "pipe",
  },
});
