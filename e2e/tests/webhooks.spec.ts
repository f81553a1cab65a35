/**
 * Settings → API, outgoing webhooks (issue 20, ADR 0023): the demo admin (API access) adds an
 * endpoint pointing at a receiver this test starts, sees its secret once, sends a message (a
 * message.created event), sees the delivery in the log with HTTP 200, and replays it — the
 * receiver gets the same event id twice, correctly signed. Axe (serious/critical = 0). Runs at
 * 1280 and 390 px.
 */
import { createHmac } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "./fixtures.ts";
import { DEMO_PASSWORD, demo } from "./support.ts";

async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).exclude('[role="log"][aria-live]').analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

const received: { body: string; signature: string; eventId: string }[] = [];
let server: Server;
let receiverUrl = "";

test.beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      received.push({
        body,
        signature: String(req.headers["closr-signature"] ?? ""),
        eventId: String(req.headers["closr-event-id"] ?? ""),
      });
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/closr`;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()));
});

test("add an endpoint, see a delivery with 200 in the log, replay it", async ({ page }, info) => {
  test.setTimeout(240_000);
  expect(
    (
      await page.request.post("/api/login", { data: { username: demo.admin, password: DEMO_PASSWORD } })
    ).status(),
  ).toBe(200);
  await page.goto("/settings/api");
  const form = page.getByRole("form", { name: "Add a webhook endpoint" });
  // The session check and the remotes can be slow on a loaded machine.
  await expect(form).toBeVisible({ timeout: 60_000 });
  await expectAccessible(page);
  const description = `E2E ${info.project.name} ${Date.now().toString(36)}`;
  await form.getByLabel("Endpoint URL").fill(receiverUrl); // paste
  await form.getByLabel("Description (optional)").pressSequentially(description);
  // Keyboard: tick the checkbox with the space bar.
  await form.getByLabel("message.created").focus();
  await page.keyboard.press("Space");
  await expect(form.getByLabel("message.created")).toBeChecked();
  await form.getByRole("button", { name: "Add endpoint" }).click();

  const secretBox = page.getByTestId("webhook-secret");
  await expect(secretBox).toHaveText(/^whsec_[A-Za-z0-9_-]{43}$/);
  const secret = (await secretBox.textContent())!;
  await expectAccessible(page);
  await page.getByRole("button", { name: "Done" }).click();
  await expect(secretBox).toHaveCount(0);

  // An event: the admin sends a message to the demo agent (the sender is a party too).
  const users = await (await page.request.get(`/api/users?q=${demo.agent}`)).json();
  const agentId = users.items.find((u: { username: string }) => u.username === demo.agent).id as number;
  const before = received.length;
  const sent = await page.request.post("/api/messages", {
    data: { receiverId: agentId, content: `Webhook check ${description}` },
  });
  expect(sent.status()).toBe(201);
  await expect.poll(() => received.length, { timeout: 30_000 }).toBeGreaterThan(before);
  const first = received.at(-1)!;
  const event = JSON.parse(first.body);
  expect(event.type).toBe("message.created");
  expect(first.eventId).toBe(event.id);
  const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(first.signature)!;
  expect(v1).toBe(createHmac("sha256", secret).update(`${t}.${first.body}`).digest("hex"));

  const item = page.getByRole("listitem").filter({ hasText: description });
  const show = item.getByRole("button", { name: `Show deliveries of ${description}` });
  await show.focus();
  await page.keyboard.press("Enter");
  const log = item.getByRole("list", { name: "Recent deliveries" });
  await expect(log.getByRole("listitem").first()).toContainText("message.created");
  await expect(log.getByRole("listitem").first()).toContainText("HTTP 200");
  await expect(log.getByRole("listitem").first()).toContainText("delivered");
  await expectAccessible(page);
  await page.screenshot({ path: `test-results/webhooks-log-${info.project.name}.png`, fullPage: true });

  const count = received.length;
  await log
    .getByRole("button", { name: /^Replay message\.created delivery/ })
    .first()
    .click();
  await expect(page.getByText("Delivery queued")).toBeVisible();
  await expect.poll(() => received.length, { timeout: 30_000 }).toBeGreaterThan(count);
  expect(received.at(-1)!.eventId).toBe(event.id);

  // Clean up: the demo account keeps no test endpoints.
  await item.getByRole("button", { name: `Delete ${description}` }).click();
  await expect(page.getByRole("listitem").filter({ hasText: description })).toHaveCount(0);
});
