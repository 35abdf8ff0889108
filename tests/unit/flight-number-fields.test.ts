/**
 * The forms read flight numbers with the domain library's parser (cargo/flights/flight-number.ts), the one the
 * API uses, not with regexes of their own (issue 9 §3): what a form accepts is what the API stores.
 */
import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { AllotmentFormSchema } from "~/components/flights/allotment-schema";
import { BookingRuleFormSchema } from "~/components/flights/booking-rule-schema";
import { canonicalFlightNumber } from "~/lib/flights/flight-form-input";
import { SingleFlightFormSchema } from "~/lib/flights/flight-form-schema";
import { formOf } from "./form-data";

const numberError = (number: string) => {
  const s = parseWithZod(formOf([["number", number]]), { schema: SingleFlightFormSchema });
  return s.reply().error?.number ?? undefined;
};

describe("flight number fields", () => {
  it.each(["S7 1234", "s71234a", "1234", "701", "2S 305A"])("the flight form accepts %j", (number) => {
    expect(numberError(number)).toBeUndefined();
  });

  // the old pattern let these through to the API, which refused them one submit later
  it.each(["S7A1234", "S7 0", "SU 12345", "12 345 6", "S7-1234"])("the flight form refuses %j beside the field", (number) => {
    expect(numberError(number)).toEqual(["flight-form:errors.number"]);
  });

  it("the stored spelling: the airline's designator before its own number, four digits", () => {
    expect(canonicalFlightNumber("701", "S7")).toBe("S70701");
    expect(canonicalFlightNumber("S71234A", "SU")).toBe("S71234A");
    expect(canonicalFlightNumber("SU10", "S7")).toBe("SU0010");
  });

  it("a flight with its date: a date that does not exist is refused in the allotment and booking rule forms", () => {
    const allotment = (value: string) =>
      parseWithZod(formOf([["segment_number_with_date", value]]), { schema: AllotmentFormSchema }).reply().error?.segment_number_with_date ?? undefined;
    expect(allotment("s7 0101/22nov26")).toBeUndefined();
    expect(allotment("S70101/31FEB26")).toEqual(["allotments:errors.flightFormat"]);
    expect(allotment("S7A0101/22NOV26")).toEqual(["allotments:errors.flightFormat"]);

    const rule = (value: string) =>
      parseWithZod(formOf([["flight_number_with_date", value]]), { schema: BookingRuleFormSchema }).reply().error?.flight_number_with_date ?? undefined;
    expect(rule("S70101/22NOV26")).toBeUndefined();
    expect(rule("S70101/30FEB27")).toEqual(["booking-rules:errors.flightFormat"]);
  });
});
