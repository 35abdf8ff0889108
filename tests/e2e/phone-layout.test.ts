import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { walkBuiltPages } from "../built-pages";
import { inPage, origin, pathOf, settle, signIn, useBrowser } from "./helpers";
import { checkPhonePage, expectBurgerMenuSignsOut, expectBurgerOpensAt, PHONE } from "./phone-screen";

/**
 * Issue 9 §1.4: on a phone (390 × 844) the header hid Sign out, the switches and the user, the burger's menu had
 * no Sign out, and the flight page was 573 px wide. Every built page (the route table's, ids taken from links the
 * user is offered) is walked by an airline user and a forwarder with JavaScript off: the page never scrolls sideways,
 * and Sign out is reachable through the burger. With JavaScript on, the hydrated walk of console-errors.test.ts
 * makes the same checks on every page it opens, at the same size.
 */

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

describe("every page at 390 px (JS off)", () => {
  it.each(USERS)("$email: no page scrolls sideways, and Sign out is in the burger's menu", async ({ email, base }) => {
    await inPage(browser(), { javaScriptEnabled: false }, async (page) => {
      await page.setViewportSize(PHONE);
      await signIn(page, base(), email);
      const overflowing: string[] = [];
      const walked = await walkBuiltPages(async (path) => {
        const links = await openPage(page, base(), path);
        if (links === null) return null;
        await checkPhonePage(page, path, overflowing);
        return links;
      });
      // the walk reached pages behind parameters too (a flight, an edit page), not only the static ones
      expect([...walked.keys()].some((pattern) => pattern.includes(":"))).toBe(true);
      expect(overflowing).toEqual([]);

      await page.goto(`${base()}${walked.values().next().value}`);
      await settle(page);
      await expectBurgerOpensAt(page, 900);
      await expectBurgerMenuSignsOut(page);
    });
  }, 900_000); // every built page of a user: minutes on a busy 2-core machine
});
