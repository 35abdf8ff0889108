import { describe, expect, it } from "vitest";
import { expectText, inPage, JS_MODES, jsModesOfRun, openAs, origin, pathOf, RUN_ID, settle, useBrowser } from "./helpers";
import { checkPhonePage, PHONE } from "./phone-screen";

/**
 * Cargo-IMP telegrams (issue 23) in Chromium with JavaScript on and off, on a phone: an S7 manager opens Telegrams,
 * uploads a telegram whose type no codec reads, lands on its page and follows its error to the line it is on. The
 * list, the upload page and the telegram's page fit 390 px (the original text scrolls inside its own box).
 */

const browser = useBrowser();

describe.each(jsModesOfRun(JS_MODES))("Cargo-IMP telegrams ($name)", ({ javaScriptEnabled, name }) => {
  it("an S7 manager uploads a telegram and sees its error on its line", async () => {
    await inPage(browser(), { javaScriptEnabled }, async (page) => {
      await page.setViewportSize(PHONE);
      const overflowing: string[] = [];
      await openAs(page, origin("s7"), "s7.manager@cargodesk.test", "/dashboard/messaging");
      expect(pathOf(page)).toBe("/dashboard/messaging/cimp-telegrams");
      await checkPhonePage(page, pathOf(page), overflowing);

      await page.getByTestId("upload-telegram").click();
      // with JS on the link navigates in the page: wait for the address, then for the page to settle
      await page.waitForURL((url) => url.pathname === "/dashboard/messaging/cimp");
      await settle(page);
      await checkPhonePage(page, pathOf(page), overflowing);
      const tag = `${RUN_ID}-${name.replace(" ", "")}`.toUpperCase();
      await page.getByTestId("cimp-text").fill(`XYZ/1\n555-12345675LHRJFK/T2K50.0/A VERY LONG LINE THAT A PHONE CANNOT SHOW WHOLE ${tag}\nTAG ${tag}`);
      await page.getByTestId("cimp-submit").click();
      await page.waitForURL((url) => /^\/dashboard\/messaging\/cimp-telegrams\/\d+$/.test(url.pathname));
      await settle(page);
      await expectText(page.getByTestId("notice"), "Telegram received");
      const error = page.getByTestId("telegram-error");
      await expectText(error, /Line 1\s*:\s*Unknown message type XYZ/);
      await expectText(page.getByTestId("telegram-line-3"), `TAG ${tag}`);
      await checkPhonePage(page, pathOf(page), overflowing);

      await error.getByRole("link", { name: "Line 1" }).click();
      expect(new URL(page.url()).hash).toBe("#line-1");
      const line = page.locator("#line-1");
      expect(await line.getAttribute("data-error")).toBe("true");
      await expectText(line, "XYZ/1");
      expect(overflowing).toEqual([]);
    });
  });
});
