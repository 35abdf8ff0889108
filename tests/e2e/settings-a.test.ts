import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { collectScriptErrors, expectText, fieldError, inPage, JS_MODES, jsModesOfRun, openAs, openHydrated, origin, pathOf, RUN_ID, settle, signIn, switchLanguage, useBrowser } from "./helpers";
import { fillDate } from "./date-fields";

/**
 * Settings of issue 3, part A, in Chromium with JavaScript on and off: an S7 manager creates an agreement
 * with FWDONE and edits it; a platform user creates a company; a forwarder admin cannot open companies; every
 * form keeps what was typed after an error from the server; the pages render in Russian.
 */

const browser = useBrowser();

async function fillAgreement(page: Page, values: { contract: string; account: string; from: string; to: string; origins: string }) {
  const form = page.getByTestId("agreement-form");
  await form.locator('select[name="client"]').selectOption("FWDONE");
  await form.locator('input[name="contract_number"]').fill(values.contract);
  await form.locator('input[name="account_number"]').fill(values.account);
  await form.locator('select[name="currency"]').selectOption("EUR");
  await fillDate(form, "effective_from", values.from);
  await fillDate(form, "effective_to", values.to);
  await form.locator('input[name="sales_origins"]').fill(values.origins);
  await form.locator('input[name="beneficiary"]').fill("S7 Cargo LLC");
  return form;
}

describe.each(jsModesOfRun(JS_MODES))("settings part A ($name)", ({ name, javaScriptEnabled }) => {
  const tag = `${name.replace(/\W/g, "").toUpperCase()}-${RUN_ID}`;

  it("an S7 manager creates an agreement with FWDONE and edits it; errors keep every typed value", async () => {
    await inPage(browser(), { javaScriptEnabled }, async (page) => {
      const contract = `E2E/${tag}`;
      await openAs(page, origin("s7"), "s7.manager@cargodesk.test", "/dashboard/settings");
      expect(pathOf(page)).toBe("/dashboard/settings/airline"); // S7 shows the airline page first
      await page.getByTestId("settings-nav").getByRole("link", { name: "Agreements", exact: true }).click();
      await page.waitForURL((url) => url.pathname === "/dashboard/settings/agreements");
      await settle(page);
      await page.getByTestId("add-agreement").click();
      await page.waitForURL((url) => url.pathname === "/dashboard/settings/agreements/create");
      await settle(page);

      // effective_to before effective_from: the message beside the field (browser-side with JS, server-side without)
      let form = await fillAgreement(page, { contract, account: `ACC-${tag}`, from: "2026-05-01", to: "2026-04-30", origins: "OVB, KJA" });
      await page.getByTestId("agreement-submit").click();
      await expectText(fieldError(page, "effective_to"), "The end date must not be before the start date");
      expect(await form.locator('input[name="contract_number"]').inputValue()).toBe(contract);
      expect(await form.locator('input[name="effective_to"]').inputValue()).toBe("2026-04-30");
      expect(await form.locator('select[name="client"]').inputValue()).toBe("FWDONE");
      expect(await form.locator('select[name="currency"]').inputValue()).toBe("EUR");

      await fillDate(form, "effective_to", "2026-12-31");
      await page.getByTestId("agreement-submit").click();
      await page.waitForURL((url) => url.pathname === "/dashboard/settings/agreements");
      await expectText(page.getByTestId("notice"), "Agreement created");
      const row = page.getByTestId("agreements-table").locator("tr", { hasText: contract });
      await expectText(row, "FWDONE · Forwarder One");
      expect(await row.innerText()).toContain(`ACC-${tag}`);
      expect(await row.innerText()).toContain("OVB, KJA");

      // the same contract again: "Agreement already exists" from the server, everything typed still there
      await page.getByTestId("add-agreement").click();
      await page.waitForURL((url) => url.pathname === "/dashboard/settings/agreements/create");
      await settle(page);
      form = await fillAgreement(page, { contract, account: `SECOND-${tag}`, from: "2026-05-01", to: "", origins: "DME" });
      await page.getByTestId("agreement-submit").click();
      await expectText(fieldError(page, "contract_number"), "Agreement already exists");
      await expectText(page.getByTestId("form-errors"), "Agreement already exists");
      expect(await form.locator('input[name="account_number"]').inputValue()).toBe(`SECOND-${tag}`);
      expect(await form.locator('input[name="sales_origins"]').inputValue()).toBe("DME");
      expect(await form.locator('input[name="beneficiary"]').inputValue()).toBe("S7 Cargo LLC");
      expect(await form.locator('select[name="currency"]').inputValue()).toBe("EUR");

      // edit: the list shows the new value
      await page.goto(`${origin("s7")}/dashboard/settings/agreements`);
      await settle(page);
      await page.getByTestId("agreements-table").locator("tr", { hasText: contract }).getByRole("link", { name: "Edit" }).click();
      await page.waitForURL((url) => /\/dashboard\/settings\/agreements\/\d+\/edit$/.test(url.pathname));
      await settle(page);
      form = page.getByTestId("agreement-form");
      expect(await form.locator('input[name="account_number"]').inputValue()).toBe(`ACC-${tag}`);
      await expectText(page.getByTestId("agreement-supplier"), "S7 Airlines (S7)");
      await form.locator('input[name="account_number"]').fill(`EDITED-${tag}`);
      await form.locator('select[name="currency"]').selectOption("USD");
      await page.getByTestId("agreement-submit").click();
      await page.waitForURL((url) => url.pathname === "/dashboard/settings/agreements");
      await expectText(page.getByTestId("notice"), "Agreement saved");
      const edited = page.getByTestId("agreements-table").locator("tr", { hasText: contract });
      await expectText(edited, `EDITED-${tag}`);
      expect(await edited.innerText()).toContain("USD");
    });
  });

  it("a platform user creates a company; the same short name again keeps the typed values", async ({ task }) => {
    await inPage(browser(), { javaScriptEnabled }, async (page) => {
      // a retry (vitest.e2e.config.ts) creates its own company: the first attempt's is there already
      const attempt = task.result?.retryCount ?? 0;
      const short = `E2E${tag}`.replace(/[^A-Z0-9]/gi, "").toUpperCase().slice(0, 19) + String(attempt);
      await openAs(page, origin(), "platform@cargodesk.test", "/dashboard/settings/companies");
      await page.getByTestId("add-company").click();
      await page.waitForURL((url) => url.pathname === "/dashboard/settings/companies/create");
      await settle(page);
      const fill = async (companyName: string) => {
        const form = page.getByTestId("company-form");
        await form.locator('input[name="name"]').fill(companyName);
        await form.locator('input[name="short_name"]').fill(short);
        await form.locator('select[name="business_type"]').selectOption("forwarder");
        await form.locator('input[name="city"]').fill("Irkutsk");
        await form.locator('input[name="country"]').fill("RU");
        await form.locator('input[name="cass_codes"]').fill("CASS-1, CASS-2");
        await form.locator('input[name="terminal_operational_hours"]').fill("Mon-Fri 09:00-18:00");
        await form.locator('input[name="shcs_accepted"]').fill("PER, AVI");
        await form.locator('input[name="contacts[0].name"]').fill("Irina Petrova");
        await form.locator('input[name="contacts[0].email"]').fill("irina@baikal.test");
        return form;
      };
      let form = await fill("Baikal Air Cargo");
      await page.getByTestId("company-submit").click();
      await page.waitForURL((url) => url.pathname === "/dashboard/settings/companies");
      await expectText(page.getByTestId("notice"), "Company created");
      await page.goto(`${origin()}/dashboard/settings/companies?q=${short}`);
      await settle(page);
      const row = page.getByTestId("companies-table").locator("tr", { hasText: short });
      await expectText(row, "Baikal Air Cargo");
      expect((await row.innerText()).toLowerCase()).toContain("forwarder"); // a badge, upper-cased by CSS

      await page.goto(`${origin()}/dashboard/settings/companies/create`);
      await settle(page);
      form = await fill("Baikal Second");
      await page.getByTestId("company-submit").click();
      await expectText(fieldError(page, "short_name"), "A company with this short name already exists");
      expect(await form.locator('input[name="name"]').inputValue()).toBe("Baikal Second");
      expect(await form.locator('input[name="contacts[0].email"]').inputValue()).toBe("irina@baikal.test");
      expect(await form.locator('input[name="terminal_operational_hours"]').inputValue()).toBe("Mon-Fri 09:00-18:00");
      expect(await form.locator('select[name="business_type"]').inputValue()).toBe("forwarder");

      // the detailed view comes back on the edit page
      await page.goto(`${origin()}/dashboard/settings/companies?q=${short}`);
      await settle(page);
      await page.getByTestId(`edit-company-${short}`).click();
      await page.waitForURL((url) => /\/dashboard\/settings\/companies\/\d+\/edit$/.test(url.pathname));
      await settle(page);
      form = page.getByTestId("company-form");
      expect(await form.locator('input[name="contacts[0].name"]').inputValue()).toBe("Irina Petrova");
      expect(await form.locator('input[name="shcs_accepted"]').inputValue()).toBe("PER, AVI");
      // contacts are added and removed with buttons, JS on (client) and off (a server round trip)
      const contacts = page.getByTestId("company-contacts");
      const rows = () => contacts.locator('input[name^="contacts["][name$="].name"]').count();
      const before = await rows();
      await contacts.getByRole("button", { name: "Add contact", exact: true }).click();
      await expect.poll(rows).toBe(before + 1);
      await contacts.locator(`input[name="contacts[${before}].name"]`).fill("Second Contact");
      await contacts.getByRole("button", { name: "Remove", exact: true }).last().click();
      await expect.poll(rows).toBe(before);
      expect(await form.locator('input[name="contacts[0].name"]').inputValue()).toBe("Irina Petrova");
    });
  });

  it("a forwarder admin cannot open companies: the not-found page", async () => {
    await inPage(browser(), { javaScriptEnabled }, async (page) => {
      await signIn(page, origin(), "forwarder.admin@cargodesk.test");
      for (const path of ["/dashboard/settings/companies", "/dashboard/settings/companies/create"]) {
        const response = await page.goto(`${origin()}${path}`);
        expect(response?.status()).toBe(404);
        await expectText(page.getByTestId("not-found"), "Page not found");
      }
      await page.goto(`${origin()}/dashboard/settings`);
      await settle(page);
      expect(pathOf(page)).toBe("/dashboard/settings/users");
      expect(await page.getByTestId("settings-nav").getByRole("link", { name: "Companies" }).count()).toBe(0);
    });
  });
});

describe("settings part A in Russian", () => {
  it("the agreements list and form render in Russian", async () => {
    await inPage(browser(), { javaScriptEnabled: true }, async (page) => {
      await openAs(page, origin("s7"), "s7.manager@cargodesk.test", "/dashboard/settings/agreements");
      await switchLanguage(page, "RU");
      await expectText(page.getByTestId("add-agreement"), "Новый договор");
      await expectText(page.locator("thead"), "Номер договора");
      await page.getByTestId("add-agreement").click();
      await page.waitForURL((url) => url.pathname === "/dashboard/settings/agreements/create");
      await settle(page);
      await expectText(page.getByTestId("agreement-form"), "Поставщик (авиакомпания)");
      await page.getByTestId("agreement-submit").click();
      await expectText(fieldError(page, "contract_number"), "Поле обязательно для заполнения");
      // back to English, so the account is as the seed left it
      await switchLanguage(page, "EN");
    });
  });
});

describe("settings part A pages hydrate without script errors (JS on)", () => {
  const PAGES = [
    {
      tenant: "s7",
      email: "s7.manager@cargodesk.test",
      paths: [
        "/dashboard/settings/airline",
        "/dashboard/settings/agreements",
        "/dashboard/settings/agreements/create",
        "/dashboard/settings/handlers",
        "/dashboard/settings/handlers/create",
        "/dashboard/settings/airline-customers",
        "/dashboard/settings/airline-customers/create",
      ],
    },
    { tenant: undefined, email: "platform@cargodesk.test", paths: ["/dashboard/settings/companies", "/dashboard/settings/companies/create"] },
    { tenant: "cargo", email: "forwarder@cargodesk.test", paths: ["/dashboard/settings/agent/agreements"] },
  ];

  it.each(PAGES)("$email", async ({ tenant, email, paths }) => {
    await inPage(browser(), { javaScriptEnabled: true }, async (page) => {
      const failures = collectScriptErrors(page, /hydrat|did not match|Minified React error|Warning:/i);
      await signIn(page, origin(tenant), email);
      for (const path of paths) {
        await openHydrated(page, `${origin(tenant)}${path}`);
        // the first row's edit page too, when the list has one
        const edit = page.locator('a[href$="/edit"]').first();
        if (!path.endsWith("/create") && (await edit.count())) {
          await openHydrated(page, new URL((await edit.getAttribute("href"))!, page.url()).href);
        }
      }
      expect(failures).toEqual([]);
    });
  });
});
