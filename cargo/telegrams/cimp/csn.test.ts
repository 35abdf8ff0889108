import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { airport, flight, flightDay, hhmm, mawb, remark, expectRoundTrip, telegramFixture } from "../../../tests/unit/telegram-arbitraries";
import { parseTelegram } from "../parse-telegram";
import type { CsnMessage } from "./csn";

describe("CSN/1", () => {
  it("reads each waybill's customs statuses, house waybill, flight and MRN", () => {
    const parsed = parseTelegram(telegramFixture("csn", "two-waybills-mrn.txt"));
    expect(parsed.errors).toEqual([]);
    const [first, second] = (parsed.message as CsnMessage).notifications;
    expect(first).toMatchObject({
      mawb: "421-12345675",
      origin_iata: "DME",
      destination_iata: "LED",
      quantity: { parts_code: "T", pieces: 2, weight: 50 },
      hawb: null,
      arrival: { carrier: "S7", flight_number: "S70101", flight_day: "28NOV" },
      statuses: [{ action_code: "1C", pieces: 2, date_time: "28NOV1230", entry_type: "01", entry_number: "10702030280000001" }],
      mrn: "26RU12345678901234",
      remarks: ["RELEASED FOR EXPORT"],
    });
    expect(second).toMatchObject({ mawb: "421-12345686", origin_iata: null, quantity: null, hawb: "HAWB0001", mrn: "26RU98765432109876" });
    expect(second!.statuses).toEqual([
      { action_code: "1H", pieces: null, date_time: "28NOV1240", entry_type: null, entry_number: null },
      { action_code: "1C", pieces: 1, date_time: "28NOV1610", entry_type: "01", entry_number: "10702030280000002" },
    ]);
  });

  it("points at every faulty line of a messy notification", () => {
    const messy = parseTelegram(telegramFixture("csn", "messy-envelope-bad-lines.txt"));
    expect(messy.envelope).toMatchObject({ origin: "LEDRCXH", message_reference: "CSN77" });
    expect(messy.errors.map((e) => [e.line, e.code])).toEqual([
      [4, "unexpected_line"], // MRN before any waybill
      [5, "bad_awb_number"], // wrong check digit (its CSN line 6 goes with it)
      [8, "bad_field"], // MRN ABC
      [9, "bad_field"], // pieces X
      [9, "bad_field"], // 31NOV2500
      [11, "unexpected_line"], // a second HBS
      [12, "unexpected_line"], // ZZZ
      [7, "missing_line"], // the waybill of line 7 has no status
    ]);
    expect((messy.message as CsnMessage).notifications).toMatchObject([{ mawb: "421-12345675", hawb: "HAWB0002", mrn: null }]);
    expect(parseTelegram("CSN/1\nMRN/26RU12345678901234").errors.map((e) => [e.line, e.code])).toEqual([
      [2, "unexpected_line"],
      [2, "missing_line"],
    ]);
  });

  it("round trip: any valid notification is written and read back unchanged", () => {
    const status = fc.record({
      action_code: fc.stringMatching(/^[0-9A-Z]{2}$/),
      pieces: fc.option(fc.integer({ min: 0, max: 9999 }), { nil: null }),
      date_time: fc.tuple(flightDay, hhmm).map(([d, t]) => d + t),
      entry_type: fc.option(fc.stringMatching(/^[A-Z0-9]{1,2}$/), { nil: null }),
      entry_number: fc.option(fc.stringMatching(/^[A-Z0-9][A-Z0-9-]{0,34}$/), { nil: null }),
    });
    const notification = fc.record({
      mawb,
      route: fc.option(fc.tuple(airport, airport), { nil: null }),
      quantity: fc.option(fc.record({ parts_code: fc.constant("T" as const), pieces: fc.integer({ min: 1, max: 9999 }), weight_code: fc.constant("K" as const), weight: fc.integer({ min: 0, max: 99999 }).map((w) => w / 10), volume_code: fc.constant(null), volume: fc.constant(null), density_group: fc.constant(null), total_pieces: fc.constant(null) }), { nil: null }),
      hawb: fc.option(fc.stringMatching(/^[A-Z0-9]{1,12}$/), { nil: null }),
      arrival: fc.option(flight, { nil: null }),
      statuses: fc.array(status, { minLength: 1, maxLength: 3 }),
      mrn: fc.option(fc.stringMatching(/^\d{2}[A-Z]{2}[A-Z0-9]{14}$/), { nil: null }),
      remarks: fc.array(remark(60), { maxLength: 2 }),
    });
    const message = fc.array(notification, { minLength: 1, maxLength: 3 }).map((list) => ({
      notifications: list.map(({ route, ...n }) => ({ ...n, origin_iata: route?.[0] ?? null, destination_iata: route?.[1] ?? null })),
    }));
    expectRoundTrip("CSN", message);
  });
});
