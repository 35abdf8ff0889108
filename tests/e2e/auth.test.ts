import { describe, expect, it } from "vitest";
import { expectText, inPage, JS_MODES, jsModesOfRun, openSignIn, origin, pathOf, signInThroughForm, submitSignIn, useBrowser } from "./helpers";

const browser = useBrowser();

describe.each(jsModesOfRun(JS_MODES))("sign-in and sign-out ($name)", ({ javaScriptEnabled }) => {
  it("a wrong password shows the translated error and keeps the e-mail", async () => {
    await inPage(browser(), { javaScriptEnabled }, async (page) => {
      await openSignIn(page, origin("s7"));
      await submitSignIn(page, "s7.billing@cargodesk.test", "not-the-password");
      await expectText(page.getByTestId("form-error"), "Invalid e-mail or password");
      expect(pathOf(page)).toBe("/signIn");
      expect(await page.locator('input[name="email"]').inputValue()).toBe("s7.billing@cargodesk.test");
      // the server never sends the password back
      if (!javaScriptEnabled) expect(await page.locator('input[name="password"]').inputValue()).toBe("");
      // and the right one still works afterwards
      await submitSignIn(page, "s7.billing@cargodesk.test", "cargodesk-demo");
      await page.waitForURL((url) => url.pathname === "/dashboard/air-waybills");
    });
  });

  it("sign-out returns to /signIn, after which a guarded page asks to sign in again", async () => {
    await inPage(browser(), { javaScriptEnabled }, async (page) => {
      // through the form: signing out revokes this session, so no other journey may hold a copy of it
      await signInThroughForm(page, origin(), "visitor@cargodesk.test");
      expect(pathOf(page)).toBe("/dashboard/profile");
      await page.getByTestId("sign-out").click();
      await page.waitForURL((url) => url.pathname === "/signIn");
      await page.locator('input[name="email"]').waitFor();

      await page.goto(`${origin()}/dashboard/profile`);
      const url = new URL(page.url());
      expect(url.pathname).toBe("/signIn");
      expect(url.searchParams.get("redirect")).toBe("/dashboard/profile");
      expect(await page.getByTestId("sidebar").count()).toBe(0);

      // signing in from there goes back to the page that was asked for
      await submitSignIn(page, "visitor@cargodesk.test", "cargodesk-demo");
      await page.waitForURL((u) => u.pathname === "/dashboard/profile");
      await page.getByTestId("sidebar").waitFor();
    });
  });
});

it("a wrong password in a Russian browser shows the Russian error (JS off) and keeps the e-mail", async () => {
  await inPage(browser(), { javaScriptEnabled: false, locale: "ru-RU" }, async (page) => {
    await openSignIn(page, origin("s7"));
    await submitSignIn(page, "s7.comcor@cargodesk.test", "wrong-password");
    await expectText(page.getByTestId("form-error"), "Неверный email или пароль");
    expect(await page.locator('input[name="email"]').inputValue()).toBe("s7.comcor@cargodesk.test");
  });
});

it("a wrong password in a Russian browser shows the Russian error (JS on)", async () => {
  await inPage(browser(), { javaScriptEnabled: true, locale: "ru-RU" }, async (page) => {
    await openSignIn(page, origin());
    await submitSignIn(page, "platform@cargodesk.test", "wrong-password");
    await expectText(page.getByTestId("form-error"), "Неверный email или пароль");
    expect(await page.locator('input[name="email"]').inputValue()).toBe("platform@cargodesk.test");
  });
});
