import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { awbNumberFromSerial } from "../../cargo";
import { awbForm, CREATE_PATH, createWaybill, dayFromToday, fillAirport, submitWaybill, tripChoice } from "./awb-form";
import { fillDate, postedDate } from "./date-fields";
import { expectText, fieldError, inPage, JS_MODES, jsModesOfRun, newPage, openAs, origin, settle, signIn, switchLanguage, useBrowser } from "./helpers";

/**
 * The create air waybill form (issue 10) in Chromium with JavaScript on and off. A refusal only the API can make
 * (at su.localhost the forwarder types a number that is already used) comes back beside the number with every other
 * value as typed: cargo, a dimension row, goods, route, the chosen flight, parties, accounting and handling, the
 * certification; a free number then saves the same form. In Russian (the header's switch) the create page and the old
 * shipments list speak Russian, a filter error included.
 */

const browser = useBrowser();

const FORWARDER = "forwarder@cargodesk.test";

// numbers outside SU's demo stock (555-1000000…), one pair per mode: the two runs share one server
const MODES = [
  { ...JS_MODES[0], serial: 7_320_001 },
  { ...JS_MODES[1], serial: 7_320_011 },
];

/** Every value the journey types, by the name the form posts it under. */
const TYPED: Record<string, string> = {
  pieces: "6",
  weight: "250,5",
  "dimensions[0].pieces": "6",
  "dimensions[0].length": "60",
  "dimensions[0].width": "40",
  "dimensions[0].height": "50,5",
  shcs: "PER",
  commodity: "FROZEN FISH",
  hs_codes: "030389",
  "shipper.name": "Baikal Water",
  "shipper.city": "Irkutsk",
  "shipper.country_code": "RU",
  "shipper.phone": "+7 395 000-00-01",
  "consignee.name": "Neva Seafood",
  "consignee.address": "Sredny prospekt 1",
  "consignee.city": "Saint Petersburg",
  "notify.name": "Neva Customs Broker",
  accounting_information: "FREIGHT PREPAID",
  handling_information: "KEEP COOL 2-8 C",
};

const field = (form: Locator, name: string) => form.locator(`[name="${name}"]:not([type="hidden"])`);

async function typeEverything(page: Page, number: string, date: string): Promise<Locator> {
  const form = awbForm(page);
  await field(form, "mawb").fill(number);
  // the dimension row is added first: without JS that is a round trip that answers the form afresh
  await page.getByTestId("add-row").click();
  await settle(page);
  await field(form, "dimensions[0].pieces").waitFor();
  for (const [name, value] of Object.entries(TYPED)) {
    await field(form, name).fill(value);
    if (name === "shcs") await field(form, name).press("Escape");
  }
  await form.locator('select[name="product_code"]').selectOption("FRS");
  await fillAirport(form, "origin_iata", "SVO");
  await fillAirport(form, "destination_iata", "LED");
  await fillDate(form, "flight_date", date);
  return form;
}

describe.each(jsModesOfRun(MODES))("create air waybill form ($name)", ({ javaScriptEnabled, serial }) => {
  it("a number the API refuses is said beside it and every other value stays as typed; a free number then saves it", async () => {
    const used = awbNumberFromSerial("555", serial);
    const free = awbNumberFromSerial("555", serial + 1);
    const date = dayFromToday(6);
    await inPage(browser(), { javaScriptEnabled }, async (page) => {
      await signIn(page, origin("su"), FORWARDER);
      // the number is used first, by a waybill of this test
      await createWaybill(page, origin("su"), { mawb: used, origin: "SVO", destination: "AER", date, pieces: "1", weight: "10" });

      await page.goto(`${origin("su")}${CREATE_PATH}`);
      await settle(page);
      const form = await typeEverything(page, used, date);
      await page.getByTestId("search-flights").click();
      await settle(page);
      await tripChoice(page, /SU0026/).check();
      await form.locator('input[name="consignor_certified"]').check();
      await page.getByTestId("awb-submit").click();
      await settle(page);

      await expectText(fieldError(form, "mawb"), "Air waybill number not available");
      expect(await field(form, "mawb").inputValue()).toBe(used);
      for (const [name, value] of Object.entries(TYPED)) expect(await field(form, name).inputValue(), name).toBe(value);
      expect(await form.locator('select[name="product_code"]').inputValue()).toBe("FRS");
      expect(await field(form, "origin_iata").inputValue()).toBe("SVO");
      expect(await field(form, "destination_iata").inputValue()).toBe("LED");
      expect(await postedDate(form, "flight_date")).toBe(date);
      expect(await tripChoice(page, /SU0026/).isChecked()).toBe(true);
      expect(await form.locator('input[name="consignor_certified"]').isChecked()).toBe(true);

      await field(form, "mawb").fill(free);
      expect(await submitWaybill(page)).toBe(free);
      await expectText(page.getByTestId("shipment-bookings"), /SU0026/);
      await expectText(page.getByTestId("value-commodity"), "FROZEN FISH");
      await expectText(page.getByTestId("shipment-dimensions"), /60\D+40\D+50[.,]5/);
    });
  }, 120_000);

  it("in Russian the create page and the shipments list speak Russian", async () => {
    const { context, page } = await newPage(browser(), { javaScriptEnabled });
    let switched = false;
    try {
      await openAs(page, origin("s7"), FORWARDER, CREATE_PATH);
      await switchLanguage(page, "RU");
      switched = true;
      const form = awbForm(page);
      expect(await form.locator("legend").allInnerTexts()).toEqual(expect.arrayContaining(["Груз", "Маршрут и рейсы", "Отправитель", "Получатель"]));
      await expectText(labelOf(form, "pieces"), "Места");
      await expectText(labelOf(form, "origin_iata"), "Пункт отправления");
      await expectText(page.getByTestId("search-flights"), "Найти рейсы");
      await expectText(page.getByTestId("awb-submit"), "Создать авианакладную");
      // the form's own check in Russian too
      await field(form, "hs_codes").fill("12");
      await page.getByTestId("awb-submit").click();
      await settle(page);
      await expectText(fieldError(form, "hs_codes"), "Код ТН ВЭД — от 4 до 10 цифр");

      await page.goto(`${origin("s7")}/dashboard/shipments?mawb=abc`);
      await settle(page);
      await expectText(page.getByTestId("shipments-tab-booking"), "Бронирование");
      await expectText(page.getByTestId("shipments-tab-all"), "Все");
      await expectText(labelOf(page.getByTestId("filters"), "mawb"), "Номер AWB");
      await expectText(fieldError(page.getByTestId("filters"), "mawb"), "Номер AWB или его первые цифры");
      await expectText(page.getByTestId("shipments-filters-invalid"), /фильтры/);
    } finally {
      // the language is the account's: back to English for the journeys after this one
      if (switched) await switchLanguage(page, "EN").catch(() => undefined);
      await context.close();
    }
  }, 90_000);
});

/** The label Mantine draws for the input named `name`. */
function labelOf(scope: Locator, name: string): Locator {
  return scope
    .locator(`[name="${name}"]:not([type="hidden"])`)
    .locator("xpath=ancestor::div[contains(@class, 'mantine-InputWrapper-root')][1]")
    .locator(".mantine-InputWrapper-label");
}
