/**
 * Journeys of the "Messaging with live delivery and read receipts" issue (spec §2.10): two
 * users in two browser contexts; a message sent by one appears for the other without a
 * reload, and its read mark appears for the sender once the receiver has the conversation
 * open. Also: the unread count on the Messages link, HTML shown as text, the
 * deep link /messages?with={userId}, and the two-screen layout at 390 px.
 */
import { type Browser, type BrowserContext, expect, type Page, test } from "./fixtures.ts";
import { demo, logIn } from "./support.ts";

const business = demo.businessWithProfile; // harbourtech
const agent = demo.agentWithProfile; // mia.chen

async function signedIn(
  browser: Browser,
  username: string,
  options: Parameters<Browser["newContext"]>[0] = {},
) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await logIn(page, username);
  return { context, page };
}

/** Opens /messages, searches for `username` and opens the conversation; returns their user id. */
async function openConversationWith(page: Page, username: string): Promise<number> {
  await page.goto("/messages");
  await page.getByRole("searchbox", { name: "Search conversations" }).pressSequentially(username);
  const entry = page.getByRole("link", { name: username, exact: true });
  await entry.click();
  await expect(page).toHaveURL(/\/messages\?with=\d+$/);
  await expect(page.getByRole("heading", { level: 2, name: username })).toBeVisible();
  return Number(new URL(page.url()).searchParams.get("with"));
}

const conversation = (page: Page) => page.getByRole("list", { name: /^Messages with / });
const bubble = (page: Page, text: string) =>
  conversation(page).getByRole("listitem").filter({ hasText: text });

async function send(page: Page, text: string) {
  await page.getByRole("textbox", { name: "Message" }).pressSequentially(text);
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByRole("textbox", { name: "Message" })).toHaveValue("");
}

/** At ≤ 768 px the list and the conversation are two screens and the bottom bar is the navigation. */
const onPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) <= 768;
const navigation = (page: Page) =>
  page.getByRole("navigation", { name: onPhone(page) ? "Quick navigation" : "Main" });

let contexts: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  contexts = [];
});

test("a message appears live for the receiver, and its read mark appears live for the sender", async ({
  browser,
}) => {
  const a = await signedIn(browser, business);
  const b = await signedIn(browser, agent);
  contexts = [a.context, b.context];

  // The page before choosing anyone: placeholder (beside the list; on a phone the list is the
  // whole screen) and the send guard.
  await a.page.goto("/messages");
  if (onPhone(a.page)) {
    await expect(a.page.getByRole("heading", { name: "Messages", level: 1 })).toBeVisible();
  } else {
    await expect(a.page.getByRole("heading", { name: "Your Messages" })).toBeVisible();
    await expect(
      a.page.getByText("Select a conversation from the list to view and send messages."),
    ).toBeVisible();
  }
  await a.page.getByRole("searchbox", { name: "Search conversations" }).pressSequentially("no-such-user-zzz");
  await expect(a.page.getByText("No conversations found")).toBeVisible();

  const agentId = await openConversationWith(a.page, agent);
  if (onPhone(a.page)) {
    // The conversation is the whole screen; its list entry shows on the list screen.
    await a.page.getByRole("button", { name: "Back to conversations" }).click();
    await expect(a.page.getByRole("link", { name: agent, exact: true })).toContainText("Sales Agent");
    await a.page.getByRole("link", { name: agent, exact: true }).click();
    await expect(a.page.getByRole("heading", { level: 2, name: agent })).toBeVisible();
  } else {
    await expect(a.page.getByRole("link", { name: agent, exact: true })).toContainText("Sales Agent");
  }
  await expect(a.page.getByRole("button", { name: "Send" })).toBeDisabled();
  const messageBox = a.page.getByRole("textbox", { name: "Message" });
  await messageBox.pressSequentially("   ");
  await expect(a.page.getByRole("button", { name: "Send" })).toBeDisabled();
  // The spaces are deleted the way they were typed, before the first message.
  await messageBox.press("ControlOrMeta+a");
  await messageBox.press("Backspace");

  // B waits on the list screen: the new conversation and the unread counts arrive live.
  await b.page.goto("/messages");
  await expect(b.page.getByRole("heading", { name: "Messages", level: 1 })).toBeVisible();

  const first = `Hi Mia, are you free for a call on Thursday? ${Date.now()}`;
  await send(a.page, first);
  await expect(bubble(a.page, first)).toBeVisible();
  await expect(bubble(a.page, first).getByRole("img", { name: "Sent" })).toBeVisible();

  const fromBusiness = b.page.getByRole("link", { name: business, exact: true });
  await expect(fromBusiness).toContainText(first);
  await expect(fromBusiness).toContainText("Business");
  await expect(fromBusiness).toContainText("unread");
  await expect(navigation(b.page).getByRole("link", { name: /Messages/ })).toHaveAccessibleName(/unread/);

  // B opens it: the message is there (no reload happened), and A sees the read mark live.
  await fromBusiness.click();
  await expect(bubble(b.page, first)).toBeVisible();
  await expect(bubble(a.page, first).getByRole("img", { name: "Read" })).toBeVisible();
  await expect(navigation(b.page).getByRole("link", { name: "Messages", exact: true })).toBeVisible();

  // Both have the conversation open: B's reply appears for A at once and is read at once.
  const reply = `Thursday 10am works. ${Date.now()}`;
  await send(b.page, reply);
  await expect(bubble(a.page, reply)).toBeVisible();
  await expect(bubble(b.page, reply).getByRole("img", { name: "Read" })).toBeVisible();
  // Own messages sit on the right, the other's on the left.
  const own = await bubble(b.page, reply).locator(".bubble").boundingBox();
  const theirs = await bubble(b.page, first).locator(".bubble").boundingBox();
  expect(own!.x).toBeGreaterThan(theirs!.x);
  await expect(bubble(b.page, reply)).toContainText(/\d{1,2}:\d{2} (am|pm)/i);

  // HTML in a message is shown as text and never runs.
  // Unique per run: the desktop and phone projects write to the same demo conversation.
  const html = `<img src=x onerror="window.__pwned=1"><b>bold?</b> ${Date.now()}`;
  await send(a.page, html);
  await expect(bubble(b.page, html)).toBeVisible();
  expect(await b.page.evaluate(() => (globalThis as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(await bubble(b.page, html).locator("img, b").count()).toBe(0);

  // The deep link opens the conversation directly.
  await a.page.goto(`/messages?with=${agentId}`);
  await expect(bubble(a.page, reply)).toBeVisible();
});

test("a failed send shows the failure toast and keeps the text", async ({ browser }) => {
  const a = await signedIn(browser, business);
  contexts = [a.context];
  await openConversationWith(a.page, agent);
  await a.page.route("**/api/messages", (route) =>
    route.request().method() === "POST"
      ? route.fulfill({
          status: 429,
          contentType: "application/problem+json",
          body: JSON.stringify({
            type: "/problems/rate-limited",
            title: "Too many requests",
            status: 429,
            detail: "You are sending messages too quickly. Please wait a moment and try again.",
          }),
        })
      : route.continue(),
  );
  await a.page.getByRole("textbox", { name: "Message" }).pressSequentially("This one will fail");
  await a.page.getByRole("button", { name: "Send" }).click();
  await expect(a.page.getByText("Failed to send message")).toBeVisible();
  await expect(a.page.getByText("You are sending messages too quickly.")).toBeVisible();
  await expect(a.page.getByRole("textbox", { name: "Message" })).toHaveValue("This one will fail");
});

test("on a phone the list and the conversation are two screens", async ({ browser }) => {
  const b = await signedIn(browser, agent, {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  contexts = [b.context];
  await b.page.goto("/messages");
  const search = b.page.getByRole("searchbox", { name: "Search conversations" });
  await expect(search).toBeVisible();
  await expect(b.page.getByRole("heading", { name: "Your Messages" })).toBeHidden();
  await search.pressSequentially(business);
  await b.page.getByRole("link", { name: business, exact: true }).tap();
  await expect(b.page.getByRole("textbox", { name: "Message" })).toBeVisible();
  await expect(search).toBeHidden();
  await b.page.getByRole("button", { name: "Back to conversations" }).tap();
  await expect(b.page).toHaveURL(/\/messages$/);
  await expect(b.page.getByRole("searchbox", { name: "Search conversations" })).toBeVisible();
});
