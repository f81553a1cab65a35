/**
 * Journey of issue 22 "Reviews": after a partnership ends, the business reviews the agent (the
 * review stays blind: the agent sees only that one is waiting), the agent reviews back (both
 * become public at once), each replies to the review received, and the agent's card on Find
 * Agents shows the rating. Runs in the desktop (1280 px) and mobile (390 px) projects; axe on
 * /reviews; screenshots of /reviews at each width go to test-results/.
 */
import { type Browser, expect, type Page, test } from "./fixtures.ts";
import { aParty, expectNoSeriousAxe } from "./support.ts";

/** A context like the project's own (base URL, viewport, touch), for a second party's browser. */
const projectContext = () => {
  const { baseURL, viewport, isMobile, hasTouch } = test.info().project.use;
  return {
    ...(baseURL ? { baseURL } : {}),
    ...(viewport ? { viewport } : {}),
    ...(isMobile ? { isMobile, hasTouch: hasTouch ?? true } : {}),
  };
};

/** A business and an agent whose partnership ran and has ended (so both may review at once). */
async function formerPartners(browser: Browser) {
  const suffix = Date.now().toString(36);
  const business = await aParty(browser, "business", `Review Test Co ${suffix}`, projectContext());
  const agent = await aParty(browser, "agent", `Riley Agent ${suffix}`, projectContext());
  const asked = await agent.page.request.post("/api/partnerships", {
    data: { businessId: business.profileId },
  });
  expect(asked.status()).toBe(201);
  const { id } = (await asked.json()) as { id: number };
  expect(
    (await business.page.request.patch(`/api/partnerships/${id}`, { data: { status: "active" } })).status(),
  ).toBe(200);
  expect(
    (
      await business.page.request.patch(`/api/partnerships/${id}`, { data: { status: "terminated" } })
    ).status(),
  ).toBe(200);
  return { business, agent };
}

async function writeReview(page: Page, about: string, stars: string, comment: string) {
  await page.goto("/reviews");
  await expect(page.getByRole("heading", { name: "Reviews", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: `Write a review of ${about}` }).click();
  const form = page.getByRole("form", { name: `Review ${about}` });
  for (const label of ["Overall rating", "Communication", "Reliability", "Results"])
    await form.getByLabel(label).selectOption(stars);
  await form.getByLabel("Your review (public)").pressSequentially(comment);
  await form.getByRole("button", { name: "Submit review" }).click();
  await expect(page.getByText("Review submitted")).toBeVisible();
}

async function reply(page: Page, from: string, text: string) {
  await page.goto("/reviews");
  const item = page.getByRole("listitem", { name: `Review from ${from}` });
  await item.getByLabel("Public reply (one per review)").pressSequentially(text);
  await item.getByRole("button", { name: "Post reply" }).click();
  await expect(item.getByText(text)).toBeVisible();
  await expect(item.getByRole("button", { name: "Post reply" })).toBeHidden();
}

test("review → reveal → reply on both sides", async ({ browser }, info) => {
  // Two users, two reviews, two replies: more than the default minute on a loaded machine.
  test.setTimeout(240_000);
  const { business, agent } = await formerPartners(browser);
  const width = info.project.name === "mobile" ? 390 : 1280;

  await writeReview(
    business.page,
    agent.name,
    "5",
    "Riley opened three enterprise accounts for us in a month. Clear weekly updates.",
  );
  // Blind: the agent sees that a review waits, not what it says.
  await agent.page.goto("/reviews");
  await expect(agent.page.getByText("1 review of you is waiting")).toBeVisible();
  await expect(agent.page.getByText("Riley opened three enterprise accounts")).toBeHidden();
  await agent.page.screenshot({ path: info.outputPath(`reviews-blind-${width}.png`), fullPage: true });
  await expectNoSeriousAxe(agent.page, "[data-react-aria-top-layer]");

  await writeReview(
    agent.page,
    business.name,
    "4",
    "Fair terms, quick answers and commission paid on the day.",
  );
  // Revealed on both sides at once.
  await agent.page.goto("/reviews");
  await expect(agent.page.getByText("Riley opened three enterprise accounts")).toBeVisible();
  await business.page.goto("/reviews");
  await expect(business.page.getByText("Fair terms, quick answers")).toBeVisible();

  await reply(agent.page, business.name, "Thank you — a pleasure to sell for you.");
  await reply(business.page, agent.name, "Thanks Riley, we enjoyed it too.");
  await agent.page.screenshot({ path: info.outputPath(`reviews-replied-${width}.png`), fullPage: true });
  // react-aria's live announcer keeps the pending button's announcement (a role="img" labelled
  // by the reply button, which is gone once the reply is posted) for a few seconds: a screen-reader
  // live region, not page content.
  await expectNoSeriousAxe(agent.page, "[data-react-aria-top-layer]", "[data-live-announcer]");

  // The rating reaches the agent's search card.
  await business.page.goto(`/business/find-agents?q=${encodeURIComponent(agent.name)}`);
  const card = business.page.getByRole("article", { name: agent.name });
  await expect(card.getByText("(1 review)")).toBeVisible();
  await expect(card.getByText("Rated 5.0 from 1 review")).toBeVisible();
  await business.page.screenshot({
    path: info.outputPath(`find-agents-rating-${width}.png`),
    fullPage: true,
  });
});
