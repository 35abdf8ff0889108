import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { walkBuiltPages } from "../built-pages";
import { inPage, JS_MODES, jsModesOfRun, origin, pathOf, settle, signIn, useBrowser } from "./helpers";

/**
 * Issue 9 §1.4: on a phone (390 × 844) the header hid Sign out, the switches and the user, the burger's menu had
 * no Sign out, and the flight page was 573 px wide. Every built page (the route table's, ids taken from links the
 * user is offered) is walked by an airline user and a forwarder, with JavaScript on and off: the page never
 * scrolls sideways, and Sign out is reachable through the burger.
 */

const PHONE = { width: 390, height: 844 };
const USERS = [
  { email: "s7.manager@cargodesk.test", base: () => origin("s7") },
  { email: "forwarder@cargodesk.test", base: () => origin() },
] as const;

const browser = useBrowser();

/** Opens a path; the links of the page it shows, or null when it is not a page the user may open (404, redirect). */
async function openPage(page: Page, base: string, path: string): Promise<string[] | null> {
  const response = await page.goto(`${base}${path}`);
  await settle(page);
  // a page's width is final once hydrated (the chart draws after hydration)
  if (!response || response.status() !== 200 || pathOf(page) !== path) return null;
  return page.locator("a[href^='/']").evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
}

/** How far the page scrolls sideways: the document's width beyond the viewport, and the widest culprits. */
async function sidewaysOverflow(page: Page): Promise<{ scrollWidth: number; widest: string[] }> {
  return page.evaluate((limit) => {
    const scrollWidth = document.documentElement.scrollWidth;
    const widest = [...document.querySelectorAll<HTMLElement>("body *")]
      .filter((el) => el.getBoundingClientRect().right > limit + 0.5)
      .map((el) => `${el.tagName.toLowerCase()}${el.dataset.testid ? `[${el.dataset.testid}]` : ""}.${[...el.classList].slice(0, 2).join(".")} → ${Math.round(el.getBoundingClientRect().right)}`)
      .slice(0, 5);
    return { scrollWidth, widest };
  }, PHONE.width);
}

/** Whether the element lies within the phone's screen (a closed drawer is translated off it, not hidden). */
async function onScreen(page: Page, testId: string): Promise<boolean> {
  const box = await page.getByTestId(testId).boundingBox();
  return box !== null && box.x >= 0 && box.x + box.width <= PHONE.width;
}

describe.each(jsModesOfRun(JS_MODES))("every page at 390 px ($name)", ({ javaScriptEnabled }) => {
  it.each(USERS)("$email: no page scrolls sideways, and Sign out is in the burger's menu", async ({ email, base }) => {
    await inPage(browser(), { javaScriptEnabled }, async (page) => {
      await page.setViewportSize(PHONE);
      await signIn(page, base(), email);
      const overflowing: string[] = [];
      const walked = await walkBuiltPages(async (path) => {
        const links = await openPage(page, base(), path);
        if (links === null) return null;
        const { scrollWidth, widest } = await sidewaysOverflow(page);
        if (scrollWidth > PHONE.width) overflowing.push(`${path}: ${scrollWidth} px (${widest.join("; ")})`);
        // the header's own Sign out is hidden on a phone; the drawer's is there
        expect(await page.getByTestId("sign-out").isVisible(), path).toBe(false);
        expect(await page.getByTestId("burger").isVisible(), path).toBe(true);
        return links;
      });
      // the walk reached pages behind parameters too (a flight, an edit page), not only the static ones
      expect([...walked.keys()].some((pattern) => pattern.includes(":"))).toBe(true);
      expect(overflowing).toEqual([]);

      // the burger opens the drawer with the user, the switches and Sign out, and Sign out works
      await page.goto(`${base()}${walked.values().next().value}`);
      await settle(page);
      expect(await onScreen(page, "menu-sign-out")).toBe(false);
      await page.getByTestId("burger").click();
      await expect.poll(() => onScreen(page, "menu-sign-out")).toBe(true);
      for (const control of ["menu-header-profile", "menu-pref-locale", "menu-pref-timeMode", "menu-pref-colorScheme"]) {
        expect(await onScreen(page, control), control).toBe(true);
      }
      await page.getByTestId("menu-sign-out").click();
      await page.waitForURL((url) => url.pathname === "/signIn");
    });
  }, 900_000); // every built page, twice a user: minutes on a busy 2-core machine
});
