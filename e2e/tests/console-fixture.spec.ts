/**
 * The journeys' console check (fixtures.ts, issue 46) on pages of its own, with no app: a console
 * error, a hydration warning or an uncaught error in the default page, in a popup or in a page of
 * a context the test opens fails the test (each is marked `test.fail()`: it passes only when the
 * fixture fails it); an allowance lets through exactly what it matches.
 */
import { allowConsole, expect, test } from "./fixtures.ts";

test("a console error in the default page fails the journey", async ({ page }) => {
  test.fail();
  await page.evaluate(() => console.error("Something broke"));
});

test("a hydration warning fails the journey", async ({ page }) => {
  test.fail();
  await page.evaluate(() => console.warn("A tree hydrated but some attributes didn't match"));
});

test("an uncaught error in a page of a context the test opens fails the journey", async ({ browser }) => {
  test.fail();
  const context = await browser.newContext();
  const other = await context.newPage();
  await Promise.all([
    context.waitForEvent("weberror"),
    other.setContent("<script>setTimeout(() => { throw new Error('late failure'); })</script>"),
  ]);
  await context.close();
});

test("a console error in a popup fails the journey", async ({ page }) => {
  test.fail();
  const [popup] = await Promise.all([
    page.waitForEvent("popup"),
    page.evaluate(() => window.open("about:blank")),
  ]);
  await popup.evaluate(() => console.error("In the popup"));
});

test("an allowance lets through what it matches, and only that", async ({ page }) => {
  allowConsole(/^Expected 404 of the journey$/);
  await page.evaluate(() => console.error("Expected 404 of the journey"));
  await page.evaluate(() => console.warn("An ordinary warning is not a problem"));
  await page.evaluate(() => console.log("Nor is a log line"));
  expect(true).toBe(true);
});

test("an allowance does not cover another error", async ({ page }) => {
  test.fail();
  allowConsole(/^Expected 404 of the journey$/);
  await page.evaluate(() => console.error("Expected 404 of the journey"));
  await page.evaluate(() => console.error("Something else broke"));
});
