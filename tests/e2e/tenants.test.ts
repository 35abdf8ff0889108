import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectText, inPage, JS_MODES, jsModesOfRun, origin, pathOf, signIn, switchLanguage, useBrowser } from "./helpers";

const browser = useBrowser();

const languageButtons = (page: Page) =>
  page.getByTestId("pref-locale").getByRole("button").allInnerTexts().then((t) => t.map((s) => s.trim()));

const profileEntry = (page: Page) => page.getByTestId("sidebar").locator('a[href="/dashboard/profile"]');

describe.each(jsModesOfRun(JS_MODES))("tenants and languages ($name)", ({ javaScriptEnabled }) => {
  it("su.localhost shows the SU tenant and offers English and Russian", async () => {
    await inPage(browser(), { javaScriptEnabled }, async (page) => {
      await signIn(page, origin("su"), "su.manager@cargodesk.test");
      await expectText(page.getByTestId("header-profile"), /· SU$/);
      expect(await languageButtons(page)).toEqual(["EN", "RU"]);
    });
  });

  it("v0.localhost offers English and Spanish (not Russian); switching to ES changes the page", async () => {
    await inPage(browser(), { javaScriptEnabled }, async (page) => {
      await signIn(page, origin("v0"), "v0.manager@cargodesk.test");
      await expectText(page.getByTestId("header-profile"), /· V0$/);
      expect(await languageButtons(page)).toEqual(["EN", "ES"]);
      await expectText(profileEntry(page), "Profile");

      await switchLanguage(page, "ES");
      await expectText(profileEntry(page), "Perfil");
      // the landing page, the shipments list, in Spanish: its sidebar entry and the list's own words
      expect(pathOf(page)).toBe("/dashboard/air-waybills");
      await expectText(page.getByTestId("sidebar").getByRole("link", { name: "Envíos", exact: true }), "Envíos");

      // back to English, so the account is as the seed left it
      await switchLanguage(page, "EN");
      await expectText(profileEntry(page), "Profile");
    });
  });

  it("s7.localhost offers English and Russian; switching to RU changes the page", async () => {
    await inPage(browser(), { javaScriptEnabled }, async (page) => {
      await signIn(page, origin("s7"), "s7.operator@cargodesk.test");
      await expectText(page.getByTestId("header-profile"), /· S7$/);
      expect(await languageButtons(page)).toEqual(["EN", "RU"]);
      await expectText(profileEntry(page), "Profile");

      await switchLanguage(page, "RU");
      await expectText(profileEntry(page), "Профиль");
      await expectText(page.getByTestId("sign-out"), "Выйти");

      await switchLanguage(page, "EN");
      await expectText(profileEntry(page), "Profile");
    });
  });

  it("an unknown path shows the 404 page in the shell; a page the role may not open shows not-found", async () => {
    await inPage(browser(), { javaScriptEnabled }, async (page) => {
      await signIn(page, origin("s7"), "s7.manager@cargodesk.test");
      const unknown = await page.goto(`${origin("s7")}/dashboard/nope`);
      expect(unknown?.status()).toBe(404);
      expect(pathOf(page)).toBe("/dashboard/nope");
      await expectText(page.getByTestId("not-found"), "Page not found");
      await page.getByTestId("sidebar").waitFor();
      await page.getByTestId("sign-out").waitFor();

      const denied = await page.goto(`${origin("s7")}/dashboard/settings/users`);
      expect(denied?.status()).toBe(404);
      expect(pathOf(page)).toBe("/dashboard/settings/users");
      await expectText(page.getByTestId("not-found"), "Page not found");
      await page.getByTestId("sidebar").waitFor();
      expect(await page.getByTestId("users-table").count()).toBe(0);
    });
  });
});

describe("the public pages follow the tenant's languages", () => {
  it("a Spanish browser gets Spanish on v0.localhost and English on s7.localhost", async () => {
    await inPage(browser(), { javaScriptEnabled: false, locale: "es-ES" }, async (page) => {
      await page.goto(`${origin("v0")}/signIn`);
      await expectText(page.locator("h2"), "Iniciar sesión");
      await page.goto(`${origin("s7")}/signIn`);
      await expectText(page.locator("h2"), "Sign in");
    });
  });
});
