/**
 * Screens of issue 46's last changes at 320, 390 and 1280 px, for a person to look at (written to
 * the test's output folder), each checked with axe (serious/critical 0): Settings → Account with
 * its time-zone select, and a staff review of a verification request with its Reason.
 */
import { expect, test } from "./fixtures.ts";
import { aSignedInPage, demo, expectNoSeriousAxe } from "./support.ts";

const widths = [320, 390, 1280] as const;

test("settings' time zone and the staff's verification review at 320, 390 and 1280 px", async ({
  browser,
}) => {
  test.setTimeout(360_000);
  for (const width of widths) {
    const viewport = { width, height: 900 };
    const page = await aSignedInPage(browser, viewport, demo.agentWithProfile);
    await page.goto("/settings/account");
    const zone = page.getByLabel("Time zone");
    await expect(zone).toBeVisible({ timeout: 45_000 });
    // The chosen zone's words fit the select, in its font, inside its padding: nothing is cut off
    // (a native select clips its text without a scrollbar, so scrollWidth cannot tell).
    const room = await zone.evaluate((select: HTMLSelectElement) => {
      const style = getComputedStyle(select);
      const context = document.createElement("canvas").getContext("2d");
      if (!context) return { text: 0, box: 0 };
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      return {
        text: context.measureText(select.selectedOptions[0]?.text ?? "").width,
        box:
          select.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight),
      };
    });
    expect(room.text).toBeGreaterThan(0);
    expect(room.text).toBeLessThanOrEqual(room.box);
    // The page's heading is never under the settings tabs: scrolled so it sits 40 px below the top
    // bar, the point at its centre is the heading itself (on phones the tabs were sticky over it).
    const heading = page.getByRole("heading", { name: "Account", level: 1 });
    await heading.evaluate((element) => {
      const topBar = document.querySelector("header")?.getBoundingClientRect().bottom ?? 0;
      window.scrollBy(0, element.getBoundingClientRect().top - topBar - 40);
    });
    expect(
      await heading.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const hit = document.elementFromPoint(
          box.left + Math.min(box.width / 2, 40),
          box.top + box.height / 2,
        );
        return element === hit || element.contains(hit);
      }),
    ).toBe(true);
    await page.screenshot({ path: test.info().outputPath(`settings-account-heading-${width}.png`) });
    await zone.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`settings-time-zone-${width}.png`) });
    await expectNoSeriousAxe(page);
    await page.context().close();

    const staff = await aSignedInPage(browser, viewport, demo.admin);
    await staff.goto("/admin/verification");
    await expect(staff.getByRole("heading", { name: "Verification" })).toBeVisible({ timeout: 45_000 });
    const first = staff.locator("a[href^='/admin/verification/']").first();
    if ((await first.count()) > 0) {
      await first.click();
      await expect(staff.getByRole("heading", { name: /^Verification: / })).toBeVisible();
      // The Details card holds its facts: nothing wider than the card (it overflowed at 390 px).
      const facts = staff.locator(".review-facts");
      expect(await facts.evaluate((list) => list.scrollWidth <= list.clientWidth + 1)).toBe(true);
      expect(await staff.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
        true,
      );
      await staff.screenshot({
        path: test.info().outputPath(`verification-review-${width}.png`),
        fullPage: true,
      });
      await expectNoSeriousAxe(staff);
    }
    await staff.context().close();
  }
});
