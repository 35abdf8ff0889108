import type { Page } from "playwright-core";
import { expect } from "vitest";

/**
 * A phone's screen (issue 9 §1.4: on 390 × 844 the header hid Sign out, the burger's menu had none, and the flight page
 * was 573 px wide), and what every page must keep on it. Checked on every page of the JS-off walk
 * (phone-layout.test.ts) and of the hydrated walk (console-errors.test.ts).
 */
export const PHONE = { width: 390, height: 844 };

/** How far the page scrolls sideways: the document's width beyond the viewport, and the widest culprits. */
export async function sidewaysOverflow(page: Page): Promise<{ scrollWidth: number; widest: string[] }> {
  return page.evaluate((limit) => {
    const scrollWidth = document.documentElement.scrollWidth;
    const widest = [...document.querySelectorAll<HTMLElement>("body *")]
      .filter((el) => el.getBoundingClientRect().right > limit + 0.5)
      .map((el) => `${el.tagName.toLowerCase()}${el.dataset.testid ? `[${el.dataset.testid}]` : ""}.${[...el.classList].slice(0, 2).join(".")} → ${Math.round(el.getBoundingClientRect().right)}`)
      .slice(0, 5);
    return { scrollWidth, widest };
  }, PHONE.width);
}

/**
 * What the page cuts off: an element that hides overflow (a card, a badge, a cell) while its content is wider, so part
 * of a line cannot be read nor scrolled to. Ellipsis counts too: a badge squeezed to "Wai…" hides its status.
 */
export async function clippedContent(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("body *")]
      .filter((el) => {
        const style = getComputedStyle(el);
        // a text field scrolls its own text; a scroll area's viewport and thumb scroll (the tab bars)
        if (el.matches("input, textarea, select, .mantine-ScrollArea-viewport, .mantine-ScrollArea-thumb")) return false;
        if (!["hidden", "clip"].includes(style.overflowX) || el.clientWidth <= 1) return false;
        if (el.scrollWidth <= el.clientWidth + 1) return false;
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && style.visibility !== "hidden";
      })
      .map((el) => `${el.tagName.toLowerCase()}${el.dataset.testid ? `[${el.dataset.testid}]` : ""}.${[...el.classList].slice(0, 2).join(".")} ${el.scrollWidth}>${el.clientWidth} "${(el.textContent ?? "").replace(/\.__m__[^}]*}/g, "").slice(0, 40)}"`),
  );
}

/**
 * The phone checks of one signed-in page: a line for `overflowing` when it scrolls sideways and one for each element
 * that cuts its content off (clippedContent); the header's own Sign out
 * is hidden and the burger shown (the drawer's Sign out is checked once per walk: expectBurgerMenu).
 */
export async function checkPhonePage(page: Page, path: string, overflowing: string[]): Promise<void> {
  const { scrollWidth, widest } = await sidewaysOverflow(page);
  if (scrollWidth > PHONE.width) overflowing.push(`${path}: ${scrollWidth} px (${widest.join("; ")})`);
  for (const line of await clippedContent(page)) overflowing.push(`${path}: clips ${line}`);
  expect(await page.getByTestId("sign-out").isVisible(), path).toBe(false);
  expect(await page.getByTestId("burger").isVisible(), path).toBe(true);
}

/** Whether the element lies within the phone's screen (a closed drawer is translated off it, not hidden). */
async function onScreen(page: Page, testId: string): Promise<boolean> {
  const box = await page.getByTestId(testId).boundingBox();
  return box !== null && box.x >= 0 && box.x + box.width <= PHONE.width;
}

/** On the open page: the burger opens the drawer with the user, the switches and Sign out, and Sign out works. */
export async function expectBurgerMenuSignsOut(page: Page): Promise<void> {
  expect(await onScreen(page, "menu-sign-out")).toBe(false);
  await page.getByTestId("burger").click();
  await expect.poll(() => onScreen(page, "menu-sign-out")).toBe(true);
  for (const control of ["menu-header-profile", "menu-pref-locale", "menu-pref-timeMode", "menu-pref-colorScheme"]) {
    expect(await onScreen(page, control), control).toBe(true);
  }
  await page.getByTestId("menu-sign-out").click();
  await page.waitForURL((url) => url.pathname === "/signIn");
}

/**
 * Between a phone and the `sm` breakpoint (1024 px: a tablet, a narrow window) the burger shows and opens the drawer
 * too; its CSS once stopped at 768 px, and there the burger did nothing. Leaves the drawer closed at the phone's size.
 */
export async function expectBurgerOpensAt(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: PHONE.height });
  const sidebarLeft = async () => (await page.getByTestId("sidebar").boundingBox())?.x ?? -1;
  expect(await sidebarLeft()).toBeLessThan(0);
  await page.getByTestId("burger").click();
  await expect.poll(sidebarLeft).toBeGreaterThanOrEqual(0);
  await page.getByTestId("burger").click();
  await expect.poll(sidebarLeft).toBeLessThan(0);
  await page.setViewportSize(PHONE);
}
