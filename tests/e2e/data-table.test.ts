import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { collectScriptErrors, inPage, JS_MODES, jsModesOfRun, openAs, origin, settle, signIn, useBrowser } from "./helpers";

/**
 * The one DataTable (issue 9 §2) in Chromium with JavaScript on and off: a sort header and the pager are links whose
 * state is the URL, so sorting, paging, Back and reload all show the same list; with JS on a hidden column stays
 * hidden after a reload, the server HTML hydrates without a mismatch, and the links work before mantine-react-table's
 * chunk has arrived. Read-only: the demo data is never changed.
 */

const browser = useBrowser();

const HANDLERS = "/dashboard/settings/handlers";
const FLIGHTS = "/dashboard/flights/tabs/all";

const searchOf = (page: Page) => new URL(page.url()).searchParams;
const sortOf = (page: Page, column: string) => page.locator("th", { has: page.getByRole("link", { name: column }) }).first().getAttribute("aria-sort");
const handlerIds = (page: Page) =>
  page.getByTestId("handlers-table").locator('[data-testid^="edit-handler-"]').evaluateAll((links) => links.map((a) => a.getAttribute("data-testid")));
const flightIds = (page: Page) =>
  page.getByTestId("flights-table").locator('[data-testid^="flight-link-"]').evaluateAll((links) => links.map((a) => a.getAttribute("data-testid")));

/** React's hydration complaints (production builds log them as minified errors #418, #423, #425). */
const collectHydrationErrors = (page: Page) => collectScriptErrors(page, /#418|#423|#425|hydrat|did not match/i);

describe.each(jsModesOfRun(JS_MODES))("DataTable ($name)", ({ javaScriptEnabled }) => {
  it("sorts by a header link; Back and reload show the same order", async () => {
    await inPage(browser(), { javaScriptEnabled }, async (page) => {
      const errors = collectHydrationErrors(page);
      await openAs(page, origin("s7"), "s7.manager@cargodesk.test", HANDLERS);
      const unsorted = await handlerIds(page);
      expect(unsorted.length).toBeGreaterThan(1);

      await page.getByTestId("handlers-table").getByRole("link", { name: "Station" }).click();
      await page.waitForURL((url) => url.searchParams.get("sort") === "location" && url.searchParams.get("direction") === "asc");
      await expect.poll(() => sortOf(page, "Station")).toBe("ascending");
      const ascending = await handlerIds(page);

      await page.getByTestId("handlers-table").getByRole("link", { name: /Station/ }).click();
      await page.waitForURL((url) => url.searchParams.get("direction") === "desc");
      await expect.poll(() => sortOf(page, "Station")).toBe("descending");
      await expect.poll(() => handlerIds(page)).toEqual([...ascending].reverse());

      await page.goBack();
      await page.waitForURL((url) => url.searchParams.get("direction") === "asc");
      await expect.poll(() => sortOf(page, "Station")).toBe("ascending");
      await expect.poll(() => handlerIds(page)).toEqual(ascending);

      await page.reload();
      await settle(page);
      expect(searchOf(page).get("sort")).toBe("location");
      expect(await handlerIds(page)).toEqual(ascending);
      expect(errors).toEqual([]);
    });
  }, 120_000);

  it("pages forward with the pager; Back and reload show the same page", async () => {
    await inPage(browser(), { javaScriptEnabled }, async (page) => {
      const errors = collectHydrationErrors(page);
      await openAs(page, origin("s7"), "s7.manager@cargodesk.test", FLIGHTS);
      const first = await flightIds(page);
      expect(first.length).toBe(25);

      await page.getByTestId("pagination").getByRole("link", { name: "Next" }).click();
      await page.waitForURL((url) => url.searchParams.get("page") === "2");
      await expect.poll(async () => (await flightIds(page)).some((id) => first.includes(id))).toBe(false);
      const second = await flightIds(page);
      expect(second.length).toBeGreaterThan(0);

      await page.goBack();
      await page.waitForURL((url) => !url.searchParams.has("page"));
      await expect.poll(() => flightIds(page)).toEqual(first);

      await page.goForward();
      await page.waitForURL((url) => url.searchParams.get("page") === "2");
      await page.reload();
      await settle(page);
      expect(await flightIds(page)).toEqual(second);
      expect(errors).toEqual([]);
    });
  }, 120_000);
});

describe("DataTable (JS on)", () => {
  it("a hidden column stays hidden after a reload (per user and table); the list hydrates without a mismatch", async () => {
    await inPage(browser(), { javaScriptEnabled: true }, async (page) => {
      const errors = collectHydrationErrors(page);
      await openAs(page, origin("s7"), "s7.manager@cargodesk.test", HANDLERS);
      const table = page.getByTestId("handlers-table");
      await expect.poll(() => table.locator("thead").innerText()).toContain("Note");

      // the toolbar appears once the table is hydrated
      await page.getByRole("button", { name: "Show/Hide columns" }).click();
      await page.getByRole("menu").getByText("Note", { exact: true }).click();
      await page.keyboard.press("Escape");
      await expect.poll(() => table.locator("thead").innerText()).not.toContain("Note");

      await page.reload();
      await settle(page);
      await page.getByRole("button", { name: "Show/Hide columns" }).waitFor();
      await expect.poll(() => table.locator("thead").innerText()).not.toContain("Note");
      expect(await table.locator("thead").innerText()).toContain("Station");
      // another table of the same user keeps its own layout
      await page.goto(`${origin("s7")}/dashboard/settings/airline-customers`);
      await settle(page);
      await page.getByRole("button", { name: "Show/Hide columns" }).waitFor();
      expect(await page.getByTestId("customers-table").locator("thead").innerText()).toContain("Name");
      expect(errors).toEqual([]);
    });
  }, 120_000);

  it("the server HTML's links work before mantine-react-table's chunk arrives", async () => {
    await inPage(browser(), { javaScriptEnabled: true }, async (page) => {
      await signIn(page, origin("s7"), "s7.manager@cargodesk.test");
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      let requested = false;
      await page.route(/\/build\/_shared\/mrt-table-[^/]+\.js$/, async (route) => {
        requested = true;
        await held;
        await route.continue();
      });
      await page.goto(`${origin("s7")}${HANDLERS}`);
      await page.waitForLoadState("domcontentloaded");
      await expect.poll(() => requested).toBe(true);
      // the table is still the server's HTML (no toolbar yet) and its sort link navigates
      expect(await page.getByRole("button", { name: "Show/Hide columns" }).count()).toBe(0);
      await page.getByTestId("handlers-table").getByRole("link", { name: "Station" }).click();
      await page.waitForURL((url) => url.searchParams.get("sort") === "location");
      release();
      await page.getByRole("button", { name: "Show/Hide columns" }).waitFor();
      await expect.poll(() => sortOf(page, "Station")).toBe("ascending");
    });
  }, 120_000);
});
