import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectText, fieldError, inPage, JS_MODES, jsModesOfRun, origin, outbox, pathOf, RUN_ID, settle, signInThroughForm, useBrowser } from "./helpers";

const browser = useBrowser();

async function requestReset(page: Page, email: string) {
  await page.goto(`${origin()}/restore`);
  await settle(page);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('form button[type="submit"]').click();
  await expectText(page.getByTestId("restore-sent"), "a link to reset the password is on its way");
}

/**
 * The reset link of the newest e-mail to `email` once `count` were sent (the API keeps mail in an outbox when SMTP_URL
 * is unset; its job sends it after the request answered).
 */
async function resetLink(email: string, count: number): Promise<URL> {
  const [mail] = await outbox(email, count);
  expect(mail, `no e-mail to ${email} in the outbox`).toBeDefined();
  const href = mail!.body.match(/https?:\/\/\S+reset_password_token=[\w-]+/)?.[0];
  expect(href, mail!.body).toBeDefined();
  return new URL(href!);
}

describe.each(jsModesOfRun(JS_MODES))("password reset ($name)", ({ name, javaScriptEnabled }) => {
  it("restore for a demo account answers 'on its way' and mails a link back to this host", async () => {
    await inPage(browser(), { javaScriptEnabled }, async (page) => {
      const before = (await outbox("forwarder@cargodesk.test")).length;
      await requestReset(page, "forwarder@cargodesk.test");
      const mails = await outbox("forwarder@cargodesk.test", before + 1);
      expect(mails.length).toBe(before + 1);
      const link = await resetLink("forwarder@cargodesk.test", before + 1);
      expect(link.origin).toBe(origin());
      expect(link.pathname).toBe("/users/password/edit");
    });
  });

  it("a new account resets its password from the e-mailed link and signs in with the new one", async () => {
    const email = `e2e.reset.${name.replace(/\W/g, "").toLowerCase()}.${RUN_ID}@cargodesk.test`;
    await inPage(browser(), { javaScriptEnabled }, async (page) => {
      // a throwaway account, so the demo accounts keep their password
      await page.goto(`${origin()}/login`);
      await settle(page);
      await page.locator('input[name="email"]').fill(email);
      await page.locator('input[name="firstname"]').fill("Erin");
      await page.locator('input[name="lastname"]').fill("Tester");
      await page.locator('input[name="password"]').fill("first-password-1");
      await page.locator('input[name="confirmation"]').fill("first-password-1");
      await page.locator('form button[type="submit"]').click();
      await page.waitForURL((url) => url.pathname === "/registered");
      await page.getByTestId("registered").waitFor();

      await requestReset(page, email);
      const link = await resetLink(email, 1);

      await page.goto(link.toString());
      await settle(page);
      await page.locator('input[name="password"]').fill("second-password-2");
      await page.locator('input[name="confirmation"]').fill("something-else-3");
      await page.locator('form button[type="submit"]').click();
      await expectText(fieldError(page, "confirmation"), "Passwords do not match");
      expect(pathOf(page)).toBe("/users/password/edit");

      await page.locator('input[name="password"]').fill("second-password-2");
      await page.locator('input[name="confirmation"]').fill("second-password-2");
      await page.locator('form button[type="submit"]').click();
      await page.waitForURL((url) => url.pathname === "/signIn");
      await expectText(page.getByTestId("notice"), "Password changed");

      // the old password no longer works, the new one does (a user without a company lands on the profile)
      await page.locator('input[name="email"]').fill(email);
      await page.locator('input[name="password"]').fill("first-password-1");
      await page.locator('form button[type="submit"]').click();
      await expectText(page.getByTestId("form-error"), "Invalid e-mail or password");
      await signInThroughForm(page, origin(), email, "second-password-2");
      expect(pathOf(page)).toBe("/dashboard/profile");
    });
  });
});
