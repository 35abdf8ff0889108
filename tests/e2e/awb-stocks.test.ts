import { describe, expect, it } from "vitest";
import { awbNumberFromSerial } from "../../cargo";
import { expectText, fieldError, inPage, JS_MODES, jsModesOfRun, openAs, origin, settle, signIn, useBrowser } from "./helpers";

/**
 * AWB stocks (issue 10) in Chromium with JavaScript on and off: an S7 manager loads a range, a reversed range is said
 * beside the field with what was typed kept, assigns part of it to FWDONE; the forwarder finds those numbers on its
 * own stock page.
 */

const browser = useBrowser();

// each mode loads its own serials: the two runs share one server and its data
const MODES = [
  { ...JS_MODES[0], first: 9_800_000 },
  { ...JS_MODES[1], first: 9_800_100 },
];
const seven = (n: number) => String(n).padStart(7, "0");

describe.each(jsModesOfRun(MODES))("AWB stocks ($name)", ({ javaScriptEnabled, first }) => {
  it("an S7 manager loads a range and assigns numbers to FWDONE, who finds them on its stock page", async () => {
    const range = `${seven(first)}-${seven(first + 19)}`;
    await inPage(browser(), { javaScriptEnabled }, async (page) => {
      await openAs(page, origin("s7"), "s7.manager@cargodesk.test", "/dashboard/settings/stocks");
      await expectText(page.getByTestId("stock-ranges-table"), "FWDONE");

      await page.getByTestId("stock-load").click();
      const load = page.getByTestId("stock-load-form");
      await load.locator('input[name="range"]').fill(`${seven(first + 19)}-${seven(first)}`);
      await load.locator('input[name="location_iata"]').fill("OVB");
      await page.getByTestId("stock-load-submit").click();
      await expectText(fieldError(load, "range"), "The range starts at its lower serial");
      expect(await load.locator('input[name="location_iata"]').inputValue()).toBe("OVB");
      expect(await load.locator('input[name="range"]').inputValue()).toBe(`${seven(first + 19)}-${seven(first)}`);
      await load.locator('input[name="range"]').fill(range);
      await page.getByTestId("stock-load-submit").click();
      await expectText(page.getByTestId("notice"), `Range ${range} loaded: 20 numbers`);
      await expectText(page.getByTestId("stock-ranges-table"), range);

      await page.getByTestId("stock-assign").click();
      const assign = page.getByTestId("stock-assign-form");
      await assign.locator('select[name="forwarder_short_name"]').selectOption("FWDONE");
      await assign.locator('input[name="range"]').fill(`${seven(first)}-${seven(first + 4)}`);
      await page.getByTestId("stock-assign-submit").click();
      await expectText(page.getByTestId("notice"), "5 numbers assigned to FWDONE");
      await expectText(page.getByTestId("stock-ranges-table"), new RegExp(`${seven(first)}-${seven(first + 4)}\\s+FWDONE\\s+5\\s+5`));
    });

    await inPage(browser(), { javaScriptEnabled }, async (page) => {
      await signIn(page, origin("cargo"), "forwarder@cargodesk.test");
      const number = awbNumberFromSerial("421", first + 2);
      await page.goto(`${origin("cargo")}/dashboard/settings/agent/stocks?q=${number}`);
      await settle(page);
      // the state badge reads in capitals (Mantine badges): the word, whatever its case
      await expectText(page.getByTestId("stock-numbers-table"), new RegExp(`${number}\\s+Free`, "i"));
      await expectText(page.getByTestId("stock-total-free"), "1");
    });
  });
});
