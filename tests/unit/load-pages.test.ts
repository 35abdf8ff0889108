/**
 * How the load run reads the BFF's pages and its own options (scripts/load/html-forms.ts, page-readers.ts,
 * stock-supply.ts, options.ts, roster.ts): a form is posted with exactly the fields a browser without JavaScript
 * would send, what a page tells the user is read from the markup our components render, options outside their bounds
 * or a target other than 127.0.0.1 stop the run before it starts, and the users are 70 % forwarders.
 */
import { describe, expect, it } from "vitest";
import { formsOf, PageShapeError, submission } from "../../scripts/load/html-forms";
import { OptionError, parseOptions } from "../../scripts/load/options";
import { bookingsOfWaybillPage, bookLinksOf, flightOfPage, freeWeightsOf, noticeOf, refusalText } from "../../scripts/load/page-readers";
import { roster } from "../../scripts/load/roster";
import { stockRowsOf } from "../../scripts/load/stock-supply";

const FORM = `
<form method="post" action="/dashboard/air-waybills/create?trip=2" id="awb-create" data-testid="awb-form">
  <input type="hidden" name="csrf" value="tok&amp;en"/><input type="hidden" name="idempotency_key" value="seed:R1:"/>
  <input name="weight" value="300" class="x"/><input name="commodity" value=""/>
  <input type="radio" name="trip" value=""/><input type="radio" name="trip" value="2" checked=""/><input type="radio" name="trip" value="3" disabled=""/>
  <input type="checkbox" name="consignor_certified" value="on"/>
  <select name="product_code"><option value="">—</option><option value="GEN" selected="">General</option></select>
  <textarea name="handling_information">KEEP &quot;DRY&quot;</textarea>
  <input name="disabled_one" value="x" disabled=""/>
  <button type="submit" name="step" value="search">Search flights</button><button type="submit">Save</button><button type="button" name="nope">x</button>
</form>
<form method="get" action="/dashboard/offers/select"><input name="flight_date" value="2026-11-24"/></form>
<div role="dialog"><input type="hidden" name="reason" value="late" form="awb-create"/></div>`;

describe("forms as a browser without JavaScript posts them", () => {
  it("sends hidden fields, values, checked choices, selected options and textareas; never disabled controls", () => {
    const [form, search] = formsOf(FORM);
    expect(form).toMatchObject({ id: "awb-create", testId: "awb-form", method: "post", action: "/dashboard/air-waybills/create?trip=2" });
    expect(form!.fields).toEqual([
      ["csrf", "tok&en"],
      ["idempotency_key", "seed:R1:"],
      ["weight", "300"],
      ["commodity", ""],
      ["trip", "2"],
      ["product_code", "GEN"],
      ["handling_information", 'KEEP "DRY"'],
      ["reason", "late"],
    ]);
    expect(form!.choices.filter((c) => c.name === "trip").map((c) => [c.value, c.checked, c.disabled])).toEqual([
      ["", false, false],
      ["2", true, false],
      ["3", false, true],
    ]);
    expect(form!.buttons).toEqual([{ name: "step", value: "search", text: "Search flights" }]);
    expect(search).toMatchObject({ method: "get", fields: [["flight_date", "2026-11-24"]] });
  });

  it("posts the changes in place of the page's values, adds new ones and the pressed button", () => {
    const [form] = formsOf(FORM);
    const sent = submission(form!, { commodity: "SPARE PARTS", trip: "3", consignor_certified: "on" }, { name: "step", value: "search" });
    expect(sent).toEqual([
      ["csrf", "tok&en"],
      ["idempotency_key", "seed:R1:"],
      ["weight", "300"],
      ["commodity", "SPARE PARTS"],
      ["trip", "3"],
      ["product_code", "GEN"],
      ["handling_information", 'KEEP "DRY"'],
      ["reason", "late"],
      ["consignor_certified", "on"],
      ["step", "search"],
    ]);
  });
});

describe("what the pages tell the user", () => {
  const WAYBILL = `<title>Air waybill 421-10100005 | Cargo Desk</title>
    <table data-testid="bookings-table"><thead><tr><th>Flight</th><th>Status</th></tr></thead><tbody>
    <tr><td>S70101/26NOV26</td><td>DME → OVB</td><td><div data-testid="booking-status-KK"><span>Confirmed (KK)</span></div></td></tr>
    <tr><td>S70103/27NOV26</td><td>OVB → KJA</td><td><div data-testid="booking-status-LL"><span>Waitlisted (LL)</span></div></td></tr>
    </tbody></table>
    <div role="status"><div role="alert" data-testid="notice"><div><div>Air waybill 421-10100005 created and booked</div></div></div></div>`;

  it("reads the created notice and the bookings a waybill page lists", () => {
    expect(noticeOf(WAYBILL)).toBe("Air waybill 421-10100005 created and booked");
    expect(noticeOf("<main>no notice</main>")).toBeUndefined();
    expect(bookingsOfWaybillPage(WAYBILL, "421-10100005")).toEqual([
      { mawb: "421-10100005", flight: "S70101/26NOV26", status: "KK" },
      { mawb: "421-10100005", flight: "S70103/27NOV26", status: "LL" },
    ]);
    // a booking row the run cannot read stops it instead of being skipped
    expect(() => bookingsOfWaybillPage(WAYBILL.replace('data-testid="booking-status-LL"', ""), "421-10100005")).toThrow(PageShapeError);
  });

  it("reads the booking search's Book links and free space, and the flight a flight page is about", () => {
    const search = `<a href="/dashboard/air-waybills/create">Create</a>
      <p>S70101/25NOV26 DME 22:00 → OVB 06:00+1 · free 1,212 kg, 6.94 m³</p><p>free -300 kg, 0 m³</p>
      <a href="/dashboard/air-waybills/create?origin_iata=DME&amp;destination_iata=KJA&amp;flight_date=2026-11-26&amp;trip=3-63">Book</a>`;
    expect(bookLinksOf(search)).toEqual([{ href: "/dashboard/air-waybills/create?origin_iata=DME&destination_iata=KJA&flight_date=2026-11-26&trip=3-63", trip: "3-63" }]);
    expect(freeWeightsOf(search)).toEqual([1212, -300]);
    expect(flightOfPage("<title>Flight S70101/26NOV26 | Cargo Desk</title>")).toBe("S70101/26NOV26");
    expect(() => flightOfPage("<title>Page not found | Cargo Desk</title>")).toThrow(PageShapeError);
  });

  it("says a refusal by the error beside the form, not by the shell's notifications", () => {
    const page = `<div data-testid="global-notifications"><div role="alert"><p>Planned maintenance on Sunday</p></div></div>
      <div role="alert"><p>Planned maintenance on Sunday</p></div><div id="mantine-R1-error">There is not enough free space on the flight to confirm</div>`;
    expect(refusalText(page)).toBe("There is not enough free space on the flight to confirm");
    expect(refusalText(page.replace(/<div id="mantine-R1-error">[^<]*<\/div>/, '<div role="alert"><p>Unknown flight</p></div>'))).toBe("Unknown flight");
    // Mantine's Alert wraps its text in empty and nested elements
    expect(refusalText('<div role="alert" data-testid="form-errors"><div></div><div><div><p>The booking could not be changed</p></div></div></div>')).toBe("The booking could not be changed");
  });

  it("reads the AWB stock ranges with their holder and free numbers", () => {
    const html = `<table data-testid="stock-ranges-table"><thead><tr><th>Prefix</th></tr></thead><tbody>
      <tr><td>421</td><td><strong>1010000-1010199</strong></td><td><a href="/x">FWDONE</a></td><td>200</td><td>160</td><td>No</td></tr>
      <tr><td>421</td><td><strong>1010300-1010999</strong></td><td><div><span>Airline&#x27;s pool</span></div></td><td>700</td><td>1,700</td><td>No</td></tr>
      </tbody></table>`;
    expect(stockRowsOf(html)).toEqual([
      { prefix: "421", from: 1010000, to: 1010199, holder: "FWDONE", free: 160 },
      { prefix: "421", from: 1010300, to: 1010999, holder: "Airline's pool", free: 1700 },
    ]);
  });
});

describe("the options", () => {
  it("need users and seconds within bounds, and aim at 127.0.0.1 only", () => {
    expect(parseOptions(["--users", "20", "--seconds=30", "--base", "http://127.0.0.1:4100", "--out", "load.md"], { DATABASE_URL: "postgres://db/x" })).toMatchObject({
      users: 20,
      seconds: 30,
      out: "load.md",
      databaseUrl: "postgres://db/x",
      maxUnavailable: undefined,
    });
    for (const argv of [
      ["--seconds", "10"],
      ["--users", "0", "--seconds", "10"],
      ["--users", "5", "--seconds", "99999"],
      ["--users", "5", "--seconds", "10", "--base", "http://s7.localhost:3000"],
      ["--users", "5", "--seconds", "10", "--base", "http://10.0.0.1:3000"],
      ["--users", "5", "--seconds", "10", "--database-url", "mysql://x"],
      ["--users", "5", "--seconds", "10", "--users", "6"],
      ["--users", "5", "--seconds", "10", "--color"],
    ]) {
      expect(() => parseOptions(argv), argv.join(" ")).toThrow(OptionError);
    }
  });

  it("makes 30 % of the users the airline desk, the forwarders split between the two hosts", () => {
    const roles = roster(20).map((r) => r.name);
    const count = (name: string) => roles.filter((r) => r === name).length;
    expect(count("airline desk (s7.localhost)")).toBe(6);
    expect(count("forwarder (cargo.localhost)")).toBe(7);
    expect(count("forwarder (s7.localhost)")).toBe(7);
    expect(roster(1).map((r) => r.name)).toEqual(["forwarder (cargo.localhost)"]);
  });
});
