import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { bookingRefusalKey } from "../../app/lib/bookings/booking-refusals";
import { failureStatus } from "../../app/lib/upstream/errors";

/**
 * The API's English refusals of a booking change, as the upstream client hands them over (a field error prefixed
 * with its field), become our keys: the bookings page and edit-booking never show the API's own text.
 */
const failure = (status: number, messages: string[], code = "Undefined") =>
  ({ status, messages, code }) as Parameters<typeof bookingRefusalKey>[0];

const text = (lng: string, key: string): unknown => {
  const [ns, rest] = key.split(":") as [string, string];
  const json = JSON.parse(fs.readFileSync(path.resolve("locales", lng, `${ns}.json`), "utf8"));
  return rest.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], json);
};

describe("booking refusals in the user's words", () => {
  it.each([
    [failure(403, ["No valid agreement with airline"], "NoValidAgreement"), "awb:errors.noAgreement"],
    [failure(403, ["Forbidden SHC for this route"], "ForbiddenShc"), "awb:errors.forbiddenShc"],
    [failure(422, ["booking has already been taken", "has already been taken"], "Exists"), "awb:errors.bookingExists"],
    [failure(422, ["status Not enough capacity: 120 kg free, 500 kg asked"]), "shipments:bookings.errors.noSpace"],
    [failure(422, ["base Flight is locked"]), "shipments:bookings.errors.flightClosed"],
    [failure(422, ["base Sales are closed for this flight"]), "shipments:bookings.errors.flightClosed"],
    [failure(422, ["segment_id Flight is canceled"]), "shipments:bookings.errors.flightClosed"],
    [failure(422, ["booking is already cancelled"]), "shipments:bookings.errors.inactive"],
    [failure(422, ["booking is cancelled"]), "shipments:bookings.errors.inactive"],
    [failure(422, ["base Air waybill is voided"]), "awb:errors.voided"],
    [failure(422, ["segment must exist"]), "shipments:bookings.errors.refused"],
    [failure(502, ["upstream exploded"], "Undefined"), "errors:Undefined"],
  ])("%j → %s, a text in en, ru and es", (given, key) => {
    expect(bookingRefusalKey(given)).toBe(key);
    for (const lng of ["en", "ru", "es"]) expect(typeof text(lng, key), `${lng} ${key}`).toBe("string");
  });

  it("never passes the API's text through", () => {
    const key = bookingRefusalKey(failure(422, ["pieces must be a whole number from 1"]));
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
