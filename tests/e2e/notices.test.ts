import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectText, inPage, openAs, origin, signIn, useBrowser } from "./helpers";

/**
 * Issue 9 §2 and spec 1 §9: a flashed notice is centred below the header (whose switches stay clickable) and,
 * with JS on, leaves after 2500 ms; with JS off the server's HTML shows it and nothing takes it away. The notice
 * is "Language changed" from the header's language switch (English to English: no other journey is affected).
 */

const browser = useBrowser();

const PAGE = "/dashboard/profile";
const TEXT = "Language changed";

async function switchToEnglish(page: Page): Promise<void> {
  await page.getByTestId("pref-locale").getByRole("button", { name: "EN", exact: true }).click();
}

/** Centred in the window, starting below the header, and the header's language switch is still what a click hits. */
async function expectPlacedBelowHeader(page: Page, notice: Locator): Promise<void> {
  const box = (await notice.boundingBox())!;
  const header = (await page.locator("header").first().boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(Math.abs(box.x + box.width / 2 - width / 2), "centred").toBeLessThanOrEqual(2);
  expect(box.y, "below the header").toBeGreaterThanOrEqual(header.y + header.height);
  const switchBox = (await page.getByTestId("pref-locale").getByRole("button", { name: "EN", exact: true }).boundingBox())!;
  const hit = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x!, y!)?.closest("[data-testid='pref-locale']") !== null,
    [switchBox.x + switchBox.width / 2, switchBox.y + switchBox.height / 2],
  );
  expect(hit, "the language switch is not covered").toBe(true);
}

describe("a notice", () => {
  it("with JS on: shown by @mantine/notifications centred below the header, gone after 2.5 s of the browser's clock", async () => {
    await inPage(browser(), { javaScriptEnabled: true }, async (page, context) => {
      await openAs(page, origin("s7"), "s7.manager@cargodesk.test", PAGE);
      // the page's clock stops here: from now on only runFor moves it, so the 2.5 s are counted exactly
      try {
        await context.clock.install();
      } catch {
        // newPage installed it already (CARGO_NOW)
      }
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);

      await switchToEnglish(page);
      // the client's notifications container holds it (the server's stand-in box is gone)
      const notice = page.locator('[data-position="top-center"] [data-testid="notice"]');
      await expectText(notice, TEXT);
      expect(await page.getByTestId("notice").count(), "one notice, not the server's box beside it").toBe(1);
      await expectPlacedBelowHeader(page, notice);

      await page.clock.runFor(2_300);
      expect(await notice.count(), "still there at 2.3 s").toBe(1);
      // 2.5 s, then the exit transition (its timers are set once React has rendered the hiding)
      await page.clock.runFor(300);
      await expect
        .poll(async () => {
          await page.clock.runFor(300);
          return page.getByTestId("notice").count();
        })
        .toBe(0);
    });
  });

  it("with JS off: the server's HTML shows it, centred below the header, and it stays", async () => {
    await inPage(browser(), { javaScriptEnabled: false }, async (page) => {
      await signIn(page, origin("s7"), "s7.manager@cargodesk.test");
      await page.goto(`${origin("s7")}${PAGE}`);
      await switchToEnglish(page);
      await page.waitForURL((url) => url.pathname === PAGE);
      const notice = page.getByTestId("notice");
      await expectText(notice, TEXT);
      await expectPlacedBelowHeader(page, notice);
      // no script can remove it: it is the page's own markup
      expect(await page.content()).toContain(TEXT);
    });
  });
});
