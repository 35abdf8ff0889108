/**
 * Every error a form's schema can know, after one submit (issue 9 §1.2): cross-field checks (period order,
 * same airports, date order, max below min) run even when other fields fail, in the browser (conform's
 * parseWithZod on the same schema) and in the action alike.
 */
import { parseWithZod } from "@conform-to/zod";
import type { ZodTypeAny } from "zod";
import { describe, expect, it } from "vitest";
import { BookingRuleFormSchema } from "~/components/flights/booking-rule-schema";
import { AgreementFormSchema } from "~/lib/forms/agreement-schema";
import { BaggageStatFormSchema } from "~/lib/forms/baggage-stat-schema";
import { CompanyFormSchema } from "~/lib/forms/company-schema";
import { PermittedRouteFormSchema } from "~/lib/forms/permitted-route-schema";
import { ScheduleFormSchema, SingleFlightFormSchema } from "~/lib/flights/flight-form-schema";
import { formOf } from "./form-data";

/** Field name → messages of a parsed form. */
const errorsOf = (s: { reply(): { error?: Record<string, string[] | null> | null } }) => s.reply().error ?? {};

describe("one pass: every error at once", () => {
  /** A form posted once and every error it must answer with, the cross-field ones among the others. */
  const cases: Array<{ name: string; schema: ZodTypeAny; form: Array<[string, string]>; errors: Record<string, string[]> }> = [
    {
      name: "a Regular flight with its period reversed, no weekday and a same-day arrival before departure: all three",
      schema: ScheduleFormSchema,
      form: [
        ["number", "S7 7001"],
        ["origin_iata", "DME"],
        ["destination_iata", "OVB"],
        ["period_from", "2026-12-14"],
        ["period_to", "2026-12-01"],
        ["time_mode", "local"],
        ["lines[0].departure_time", "22:00"],
        ["lines[0].arrival_time", "06:00"],
        ["lines[0].arrival_date_variation", "0"],
      ],
      errors: {
        period_to: ["flight-form:errors.periodOrder"],
        "lines[0].days_of_week": ["flight-form:errors.noWeekday"],
        "lines[0].arrival_time": ["flight-form:errors.arrivalBeforeDeparture"],
      },
    },
    {
      name: "a schedule with a required field empty still reports its period order and a weekday flown twice",
      schema: ScheduleFormSchema,
      form: [
        ["number", ""],
        ["origin_iata", "DME"],
        ["destination_iata", "DME"],
        ["period_from", "2026-12-14"],
        ["period_to", "2026-12-01"],
        ["lines[0].days_of_week", "1"],
        ["lines[0].departure_time", "10:00"],
        ["lines[0].arrival_time", ""],
        ["lines[1].days_of_week", "1"],
        ["lines[1].departure_time", "10:00"],
        ["lines[1].arrival_time", "12:00"],
      ],
      errors: {
        number: ["errors:required"],
        destination_iata: ["flight-form:errors.sameAirports"],
        period_to: ["flight-form:errors.periodOrder"],
        "lines[0].arrival_time": ["errors:required"],
        "lines[1].days_of_week": ["flight-form:errors.weekdayTwice"],
      },
    },
    {
      name: "a Single flight without a date still says the airports are the same and the arrival is before departure",
      schema: SingleFlightFormSchema,
      form: [
        ["number", "S7 7001"],
        ["origin_iata", "OVB"],
        ["destination_iata", "OVB"],
        ["std", "10:00"],
        ["sta", "09:00"],
        ["sta_day", "0"],
      ],
      errors: {
        flight_date: ["errors:required"],
        destination_iata: ["flight-form:errors.sameAirports"],
        sta: ["flight-form:errors.arrivalBeforeDeparture"],
      },
    },
    {
      name: "an agreement with its required fields empty shows the date order beside them",
      schema: AgreementFormSchema,
      form: [
        ["effective_from", "2026-12-10"],
        ["effective_to", "2026-12-01"],
      ],
      errors: {
        client: ["errors:required"],
        account_number: ["errors:required"],
        contract_number: ["errors:required"],
        currency: ["errors:required"],
        effective_to: ["errors:dateOrder"],
      },
    },
  ];

  it.each(cases)("$name", ({ schema, form, errors }) => {
    const s = parseWithZod(formOf(form), { schema });
    expect(s.status).toBe("error");
    expect(errorsOf(s)).toMatchObject(errors);
  });

  it("a baggage average, a permitted route and a booking rule check their pairs with other fields missing", () => {
    const baggage = parseWithZod(formOf([["period_start", "2026-12-10"], ["period_end", "2026-12-01"]]), { schema: BaggageStatFormSchema });
    expect(errorsOf(baggage)).toMatchObject({ origin_iata: ["errors:required"], period_end: ["errors:dateOrder"] });

    const route = parseWithZod(formOf([["origin_iata", "DME"], ["destination_iata", "DME"], ["transfer_iata_codes", "DME"], ["company_short_name", "x".repeat(30)]]), {
      schema: PermittedRouteFormSchema,
    });
    expect(errorsOf(route)).toMatchObject({
      destination_iata: ["routes:errors.sameAirports"],
      transfer_iata_codes: ["routes:errors.transferIsEnd"],
      company_short_name: ["errors:max?max=20"],
    });

    const rule = parseWithZod(formOf([["min_weight", "500"], ["max_weight", "100"]]), { schema: BookingRuleFormSchema });
    expect(errorsOf(rule)).toMatchObject({ origin_iata: ["errors:required"], response_status: ["errors:required"], max_weight: ["booking-rules:errors.maxBelowMin"] });
  });

  it("an airline company without a carrier is told so once; a badly typed carrier gets its format error only", () => {
    const none = parseWithZod(formOf([["business_type", "airline"]]), { schema: CompanyFormSchema });
    expect(errorsOf(none)).toMatchObject({ name: ["errors:required"], carrier: ["errors:required"] });
    const bad = parseWithZod(formOf([["business_type", "airline"], ["carrier", "S77"]]), { schema: CompanyFormSchema });
    expect(errorsOf(bad)).toMatchObject({ carrier: ["companies:carrierFormat"] });
  });

  it("a valid form still parses to its typed value (nothing added)", () => {
    const s = parseWithZod(
      formOf([
        ["client", "ACME"],
        ["account_number", "1"],
        ["contract_number", "C-1"],
        ["currency", "RUB"],
        ["effective_from", "2026-12-01"],
        ["effective_to", "2026-12-10"],
        ["sales_origins", "dme, ovb"],
      ]),
      { schema: AgreementFormSchema },
    );
    expect(s.status).toBe("success");
    expect(s.status === "success" && s.value.sales_origins).toEqual(["DME", "OVB"]);
  });
});
