/**
 * Create air waybill (issue 10) through the BFF against the real API: the number from the forwarder's stock on S7 and
 * typed on SU (check digit beside the field, a used number refused), dimension rows added without JS with live
 * figures, the route search re-rendering the form with trips, every typed value kept after a refusal or a server
 * error, the warnings round trip (Continue / Cancel), and Russian labels.
 */
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { awbCheckDigit } from "../../cargo";
import { addUser } from "../api/helpers";
import { configuredNow, fieldErrorOf, hiddenInput, inLanguage, submit, textOf, useBff, type Browser, formPageOf } from "./harness";
import { spareParts } from "./waybills";

const bff = useBff();
const S7 = "s7.localhost";
const SU = "su.localhost";
const PAGE = "/dashboard/air-waybills/create";

/** The value an input shows back, whatever the attribute order (names with brackets too: "dimensions[0].height"). */
function shownValue(html: string, name: string): string | undefined {
  const tag = (html.match(/<input\b[^>]*>/g) ?? []).find((t) => t.includes(`name="${name}"`));
  return tag ? (tag.match(/\bvalue="([^"]*)"/)?.[1] ?? "") : hiddenInput(html, name);
}

/** A typed number whose serial no stock holds (the check digit is the serial's mod 7). */
function freshNumber(prefix: string, serial: number): string {
  return `${prefix}-${String(serial).padStart(7, "0")}${awbCheckDigit(serial)}`;
}
const wrongDigit = (mawb: string) => `${mawb.slice(0, -1)}${(Number(mawb.slice(-1)) + 1) % 7}`;

async function created(browser: Browser, host: string, fields: Record<string, string>) {
  const answer = await submit(browser, host, PAGE, fields);
  expect(answer.status, textOf(answer.body).slice(0, 600)).toBe(302);
  const page = await browser.get(host, answer.location!, { follow: true });
  return { location: answer.location!, page };
}

describe("create air waybill", () => {
  it("takes the next number of the forwarder's S7 stock and lands on the shipment page with a notice", async () => {
    const forwarder = await bff.signedIn(S7, "forwarder@cargodesk.test");
    const form = await formPageOf(forwarder, S7, PAGE);
    expect(form.status).toBe(200);
    expect(textOf(form.body)).toContain("The number is the next free one of your air waybill stock");
    // no number field on S7: forwarders type numbers only on c6 and su
    expect(form.body).not.toMatch(/name="mawb"/);
    const { location, page } = await created(forwarder, S7, spareParts());
    expect(location).toMatch(/^\/dashboard\/shipments\/421-\d{8}$/);
    const mawb = location.split("/").pop()!;
    const text = textOf(page.body);
    expect(text).toContain(`Air waybill ${mawb} created`);
    expect(text).toContain("OVB → DME");
    expect(text).toContain("SPARE PARTS");
    expect(text).toContain("12.5 kg");
  });

  it("on SU the forwarder types its own number: a wrong check digit and a used number are said beside the field", async () => {
    const forwarder = await bff.signedIn(SU, "forwarder@cargodesk.test");
    const form = await formPageOf(forwarder, SU, PAGE);
    expect(form.body).toMatch(/name="mawb"/);
    const mawb = freshNumber("555", 7_300_000 + (Date.now() % 90_000));
    const route = { origin_iata: "SVO", destination_iata: "LED" };

    const bad = await submit(forwarder, SU, PAGE, spareParts({ ...route, mawb: wrongDigit(mawb) }));
    expect([bad.status, bad.refused]).toEqual([200, 400]);
    expect(fieldErrorOf(bad.body, "mawb")).toBe("Invalid control bit");
    expect(shownValue(bad.body, "mawb")).toBe(wrongDigit(mawb));
    const format = await submit(forwarder, SU, PAGE, spareParts({ ...route, mawb: "555-123" }));
    expect(fieldErrorOf(format.body, "mawb")).toBe("Format XXX-XXXXXXXX");

    const { location } = await created(forwarder, SU, spareParts({ ...route, mawb }));
    expect(location).toBe(`/dashboard/shipments/${mawb}`);
    const again = await submit(forwarder, SU, PAGE, spareParts({ ...route, mawb }));
    expect([again.status, again.refused]).toEqual([200, 422]);
    expect(fieldErrorOf(again.body, "mawb")).toBe("Air waybill number not available");
    expect(shownValue(again.body, "commodity")).toBe("SPARE PARTS");

    // the API's other number refusals are said in the user's language, never in the API's words
    const otherAirline = await submit(forwarder, SU, PAGE, spareParts({ ...route, mawb: freshNumber("421", 7_300_001) }));
    expect(fieldErrorOf(otherAirline.body, "mawb")).toBe("This number is not one of this airline's (another prefix)");
    const inRussian = await inLanguage(forwarder, SU, "ru", async () => submit(forwarder, SU, PAGE, spareParts({ ...route, mawb: freshNumber("421", 7_300_001) })));
    expect(fieldErrorOf(inRussian.body, "mawb")).toBe("Этот номер не принадлежит этой авиакомпании (другой префикс)");
  });

  it("on SU an airline ComCor, whom the page admits, saves a waybill (issue 22: the API threw them out on Save)", async () => {
    await addUser(bff.api, "su.comcor@cargodesk.test", "SU", "com_cor");
    const comCor = await bff.signedIn(SU, "su.comcor@cargodesk.test");
    expect((await formPageOf(comCor, SU, PAGE)).status).toBe(200);
    const { location, page } = await created(comCor, SU, spareParts({ origin_iata: "SVO", destination_iata: "LED", forwarder_short_name: "FWDONE" }));
    expect(location).toMatch(/^\/dashboard\/shipments\/555-\d{8}$/);
    expect(textOf(page.body)).toContain(`Air waybill ${location.split("/").pop()} created`);
  });

  it("a consignee in the EU needs a post code: said beside it in the user's language, the form kept (issue 22 item 15)", async () => {
    const forwarder = await bff.signedIn(S7, "forwarder@cargodesk.test");
    const berlin = spareParts({ "consignee.city": "Berlin", "consignee.country_code": "de" });
    const refused = await submit(forwarder, S7, PAGE, berlin);
    expect([refused.status, refused.refused]).toEqual([200, 400]);
    expect(fieldErrorOf(refused.body, "consignee.post_code")).toBe("A post code is required for addresses in Great Britain and the EU");
    expect([shownValue(refused.body, "consignee.city"), shownValue(refused.body, "consignee.country_code"), shownValue(refused.body, "commodity")]).toEqual(["Berlin", "de", "SPARE PARTS"]);
    const inRussian = await inLanguage(forwarder, S7, "ru", async () => submit(forwarder, S7, PAGE, berlin));
    expect(fieldErrorOf(inRussian.body, "consignee.post_code")).toBe("Для адресов в Великобритании и ЕС почтовый индекс обязателен");
    await created(forwarder, S7, { ...berlin, "consignee.post_code": "10115" });
  });

  it("on S7 a posted number is not taken (the number comes from the stock) and oversized rows are said in the user's words", async () => {
    const forwarder = await bff.signedIn(S7, "forwarder@cargodesk.test");
    // S7's form has no number field: a number posted anyway is dropped and the stock gives the next one
    const forged = freshNumber("421", 7_300_002);
    const { location } = await created(forwarder, S7, spareParts({ mawb: forged }));
    const taken = decodeURIComponent(location.split("/").pop()!);
    expect(taken).toMatch(/^421-\d{8}$/);
    expect(taken).not.toBe(forged);
    const rows = { "dimensions[0].pieces": "2", "dimensions[0].length": "2999", "dimensions[0].width": "2999", "dimensions[0].height": "2999" };
    const giant = await submit(forwarder, S7, PAGE, spareParts({ pieces: "2", ...rows }));
    const rowsError = /data-testid="dimensions-error"[^>]*>([\s\S]*?)<\//.exec(giant.body)?.[1];
    expect(textOf(rowsError ?? "")).toBe("The dimension rows make more than 10 000 m³: check the sizes (cm)");
    expect(shownValue(giant.body, "dimensions[0].length")).toBe("2999");
  });

  it("adds a dimension row without JS, keeping everything typed, and shows the rows' volume and chargeable weight", async () => {
    const forwarder = await bff.signedIn(S7, "forwarder@cargodesk.test");
    const fields = spareParts({ "dimensions[0].pieces": "2", "dimensions[0].length": "100", "dimensions[0].width": "50", "dimensions[0].height": "40,5" });
    const added = await submit(forwarder, S7, PAGE, { ...fields, __intent__: JSON.stringify({ type: "insert", payload: { name: "dimensions" } }) });
    expect(added.status).toBe(200);
    expect(added.body).toMatch(/name="dimensions\[1\]\.pieces"/);
    expect(shownValue(added.body, "dimensions[0].height")).toBe("40,5");
    expect(shownValue(added.body, "shipper.name")).toBe("ACME LLC");
    // 2 × 100 × 50 × 40.5 cm = 0.405 m³ → 0.41 m³; at 6000 cm³/kg that weighs 68.3 kg, more than the 12.5 kg gross:
    // chargeable 68.5 (S7 rounds up to the next half kilogram)
    expect(added.body).toMatch(/data-testid="figure-volume"[^>]*>0\.41</);
    expect(added.body).toMatch(/data-testid="figure-volume-weight"[^>]*>68\.3</);
    expect(added.body).toMatch(/data-testid="figure-chargeable"[^>]*>68\.5</);
  });

  it("searches flights without JS and books the chosen one; the certification is required to book", async () => {
    const forwarder = await bff.signedIn(S7, "forwarder@cargodesk.test");
    // the demo flights are relative to the service's day (S7 flies DME→OVB daily): look at the coming days for a free trip
    const route = { origin_iata: "DME", destination_iata: "OVB" };
    let found: { date: string; trip: string } | null = null;
    for (let day = 1; day <= 10 && !found; day++) {
      const date = new Date(configuredNow().getTime() + day * 86_400_000).toISOString().slice(0, 10);
      const searched = await submit(forwarder, S7, PAGE, { ...spareParts(route), flight_date: date, step: "search" });
      expect(searched.status).toBe(200);
      expect(shownValue(searched.body, "commodity")).toBe("SPARE PARTS");
      const trip = searched.body.match(/<input[^>]*name="trip"[^>]*value="(\d[\d-]*)"(?![^>]*disabled)/)?.[1];
      if (trip) found = { date, trip };
    }
    expect(found, "a flight DME-OVB in the coming days").not.toBeNull();
    const uncertified = await submit(forwarder, S7, PAGE, { ...spareParts(route), flight_date: found!.date, trip: found!.trip, searched: "1" });
    expect([uncertified.status, uncertified.refused]).toEqual([200, 400]);
    expect(textOf(uncertified.body)).toContain("Accept the consignor certification to book");
    // the trips are shown again with the choice kept
    expect(uncertified.body).toMatch(new RegExp(`value="${found!.trip}"[^>]*checked|checked[^>]*value="${found!.trip}"`));

    const { page } = await created(forwarder, S7, { ...spareParts(route), flight_date: found!.date, trip: found!.trip, consignor_certified: "on" });
    const text = textOf(page.body);
    expect(text).toMatch(/created and booked/);
    expect(page.body).toMatch(/data-testid="bookings-table"/);
  });

  it("asks to confirm the warnings: Cancel keeps the form, Continue creates it", async () => {
    const forwarder = await bff.signedIn(S7, "forwarder@cargodesk.test");
    // 6 000 kg in one piece: over the 5 000 kg and 300 kg-per-piece limits (warnings the user may accept)
    const heavy = spareParts({ pieces: "1", weight: "6000" });
    const asked = await submit(forwarder, S7, PAGE, heavy);
    expect([asked.status, asked.refused]).toEqual([200, 409]);
    const text = textOf(asked.body);
    expect(text).toContain("The weight is over 5000 kg");
    expect(text).toContain("Continue");
    expect(shownValue(asked.body, "weight")).toBe("6000");

    const cancelled = await submit(forwarder, S7, PAGE, { ...heavy, step: "edit" });
    expect(cancelled.status).toBe(200);
    expect(textOf(cancelled.body)).not.toContain("The weight is over 5000 kg");
    expect(shownValue(cancelled.body, "commodity")).toBe("SPARE PARTS");

    const { page } = await created(forwarder, S7, { ...heavy, accept_warnings: "true" });
    expect(textOf(page.body)).toContain("The weight is over 5000 kg");
  });

  it("keeps every value after a server error and says so above the form", async () => {
    const forwarder = await bff.signedIn(S7, "forwarder@cargodesk.test");
    bff.msw.use(http.post(`${bff.api.url}/api/v3/air_waybills`, () => HttpResponse.json({ error: "boom" }, { status: 500 }), { once: true }));
    const failed = await submit(forwarder, S7, PAGE, spareParts({ "notify.city": "Omsk", handling_information: "KEEP DRY", postal: "on", postal_number: "P-77" }));
    expect(failed.status).toBe(502);
    for (const [name, value] of Object.entries({ weight: "12,5", "shipper.name": "ACME LLC", "notify.city": "Omsk", hs_codes: "8708", postal_number: "P-77", origin_iata: "OVB" })) {
      expect(shownValue(failed.body, name), name).toBe(value);
    }
    expect(failed.body).toContain("KEEP DRY");
    expect(failed.body).toMatch(/data-testid="form-errors"/);
  });

  it("refuses a commodity in Cyrillic and a missing HS code beside their fields", async () => {
    const forwarder = await bff.signedIn(S7, "forwarder@cargodesk.test");
    const bad = await submit(forwarder, S7, PAGE, spareParts({ commodity: "ЗАПЧАСТИ", hs_codes: "" }));
    expect([bad.status, bad.refused]).toEqual([200, 400]);
    expect(fieldErrorOf(bad.body, "commodity")).toBe("Latin letters and numbers only");
    expect(fieldErrorOf(bad.body, "hs_codes")).toBe("At least one HS code");
  });

  it("applies an accounting preset and takes a party from the lists without JS", async () => {
    const forwarder = await bff.signedIn(S7, "forwarder@cargodesk.test");
    const preset = await submit(forwarder, S7, PAGE, { ...spareParts({ accounting_information: "" }), accounting_preset: "government_bill_mvd", step: "preset" });
    expect(preset.status).toBe(200);
    expect(preset.body).toContain("GOVERNMENT BILL MVD NO ____ DATED ____");
    expect(shownValue(preset.body, "weight")).toBe("12,5");
    const page = await formPageOf(forwarder, S7, PAGE);
    const option = page.body.match(/<option value="((?:fc|nc):\d+)"[^>]*>([^<]+)</);
    expect(option, "a forwarder customer or notable company in the demo data").not.toBeNull();
    const picked = await submit(forwarder, S7, PAGE, { ...spareParts({ "consignee.name": "" }), consignee_pick: option![1]!, step: "pick_consignee" });
    expect(picked.status).toBe(200);
    expect(shownValue(picked.body, "consignee.name")).toBe(option![2]!.split(" · ")[0]!.replace(/&quot;/g, '"').replace(/&amp;/g, "&"));
  });

  it("reads in Russian", async () => {
    const forwarder = await bff.signedIn(S7, "forwarder@cargodesk.test");
    const text = await inLanguage(forwarder, S7, "ru", async () => textOf((await formPageOf(forwarder, S7, PAGE)).body));
    expect(text).toContain("Наименование груза");
    expect(text).toContain("Найти рейсы");
    expect(text).toContain("Добавить строку");
  });
});
