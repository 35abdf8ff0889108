import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectText, fieldError, inPage, JS_MODES, jsModesOfRun, origin, pathOf, RUN_ID, signIn, useBrowser } from "./helpers";

const browser = useBrowser();

async function openAddDialog(page: Page) {
  await page.getByTestId("add-user").click();
  await page.waitForURL((url) => url.searchParams.get("dialog") === "new");
  const dialog = page.getByTestId("user-dialog");
  await dialog.waitFor();
  return dialog;
}

describe.each(jsModesOfRun(JS_MODES))("settings → users ($name)", ({ name, javaScriptEnabled }) => {
  it("s7.admin adds a user through the dialog; the same e-mail again is refused beside the field", async () => {
    const email = `e2e.${name.replace(/\W/g, "").toLowerCase()}.${RUN_ID}@cargodesk.test`;
    await inPage(browser(), { javaScriptEnabled }, async (page) => {
      await signIn(page, origin("s7"), "s7.admin@cargodesk.test");
      expect(pathOf(page)).toBe("/dashboard/settings/users");
      const table = page.getByTestId("users-table");
      expect(await table.innerText()).not.toContain(email);

      let dialog = await openAddDialog(page);
      await dialog.locator('input[name="email"]').fill(email);
      await dialog.locator('input[name="description"]').fill("Night shift, OVB");
      await dialog.locator('select[name="role"]').selectOption("manager");
      await dialog.locator('input[name="stations_allowed"]').fill("OVB, DME");
      await page.getByTestId("user-dialog-submit").click();

      await expectText(page.getByTestId("notice"), "User added to the company");
      await page.waitForURL((url) => url.pathname === "/dashboard/settings/users" && !url.searchParams.has("dialog"));
      expect(await page.getByTestId("user-dialog").count()).toBe(0);
      const row = table.locator("tr", { hasText: email });
      await expectText(row, "Night shift, OVB");
      expect(await row.innerText()).toContain("OVB, DME");

      dialog = await openAddDialog(page);
      await dialog.locator('input[name="email"]').fill(email);
      await dialog.locator('input[name="description"]').fill("Second try");
      await dialog.locator('select[name="role"]').selectOption("billing");
      await page.getByTestId("user-dialog-submit").click();

      await expectText(fieldError(dialog, "email"), "User already exists in the company");
      // the dialog stays open with what was typed
      expect(await dialog.locator('input[name="email"]').inputValue()).toBe(email);
      expect(await dialog.locator('input[name="description"]').inputValue()).toBe("Second try");
      expect(await dialog.locator('select[name="role"]').inputValue()).toBe("billing");
      // and nothing was added twice
      expect(await table.locator("tr", { hasText: email }).count()).toBe(1);
    });
  });
});
