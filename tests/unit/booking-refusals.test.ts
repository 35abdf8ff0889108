import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { bookingRefusalKey } from "../../app/lib/bookings/booking-refusals";
import { failureStatus } from "../../app/lib/upstream/errors";

/**
 * The API's refusals of a booking change, by their codes as the upstream client hands them over (under a field or
 * for the whole request), become our keys: the bookings page and edit-booking never show the API's own text, and
 * never read it either (the sentences here say something else on purpose).
 */
const failure = (status: number, refused: Array<[field: string | null, code: string]>, code = "Undefined") =>
  ({
    status,
    code,
    messages: ["a sentence nobody reads"],
    refusal: refused.find(([field]) => field === null) ? { code: refused.find(([field]) => field === null)![1], params: {}, message: "x" } : null,
    fieldRefusals: Object.fromEntries(refused.filter(([field]) => field !== null).map(([field, c]) => [field, [{ code: c, params: {}, message: "x" }]])),
  }) as Parameters<typeof bookingRefusalKey>[0];

const text = (lng: string, key: string): unknown => {
  const [ns, rest] = key.split(":") as [string, string];
  const json = JSON.parse(fs.readFileSync(path.resolve("locales", lng, `${ns}.json`), "utf8"));
  return rest.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], json);
};

describe("booking refusals in the user's words", () => {
  it.each([
    [failure(403, [[null, "no_agreement"]], "NoValidAgreement"), "awb:errors.noAgreement"],
    [failure(403, [[null, "forbidden_shc"]], "ForbiddenShc"), "awb:errors.forbiddenShc"],
    [failure(422, [["booking", "taken"], [null, "booking_exists"]], "Exists"), "awb:errors.bookingExists"],
    [failure(422, [["status", "booking_does_not_fit"]]), "shipments:bookings.errors.noSpace"],
    [failure(422, [["base", "flight_locked"]]), "shipments:bookings.errors.flightClosed"],
    [failure(422, [["base", "flight_sales_closed"]]), "shipments:bookings.errors.flightClosed"],
    [failure(422, [["segment_id", "flight_canceled"]]), "shipments:bookings.errors.flightClosed"],
    [failure(422, [["booking", "booking_already_cancelled"]]), "shipments:bookings.errors.inactive"],
    [failure(422, [["booking", "booking_cancelled"]]), "shipments:bookings.errors.inactive"],
    [failure(422, [["base", "awb_voided"]]), "awb:errors.voided"],
    [failure(422, [["segment", "must_exist"]]), "shipments:bookings.errors.refused"],
    [failure(502, [], "Undefined"), "errors:Undefined"],
  ])("%j → %s, a text in en, ru and es", (given, key) => {
    expect(bookingRefusalKey(given)).toBe(key);
    for (const lng of ["en", "ru", "es"]) expect(typeof text(lng, key), `${lng} ${key}`).toBe("string");
  });

  it("never passes the API's text through", () => {
    const key = bookingRefusalKey(failure(422, [["pieces", "pieces_whole_from_one"]]));
    expect(key).not.toContain("pieces");
  });

  it("answers the upstream's 4xx as is, an API out of reach as 503 (the unavailable notice) and any other failure as 502", () => {
    expect(failureStatus({ status: 422, code: "Undefined" })).toBe(422);
    expect(failureStatus({ status: 403, code: "Forbidden" })).toBe(403);
    expect(failureStatus({ status: 500, code: "Undefined" })).toBe(502);
    // a killed API process behind the balancer (502), its database restarting (503), no answer at all
    expect(failureStatus({ status: 502, code: "Network" })).toBe(503);
    expect(failureStatus({ status: 503, code: "Network" })).toBe(503);
    expect(failureStatus({ status: 0, code: "Network" })).toBe(503);
    expect(failureStatus({ status: 0, code: "Timeout" })).toBe(503);
  });
});
