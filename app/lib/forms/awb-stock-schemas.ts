import { z } from "zod";
import { wholeNumberField } from "./decimal-field";

// The two forms of the airline's AWB stock page: loading a range, and assigning or withdrawing numbers. The same
// limits as the API (seven-digit serials, at most 20 000 numbers), checked here so each error is said beside its
// field in the user's language before anything is sent.

const MAX_RANGE_SIZE = 20_000;

const prefix = z
  .string({ required_error: "errors:required" })
  .trim()
  .regex(/^\d{3}$/, "stocks:errors.prefix");

/** "9000000-9000099" or one serial; spaces around the hyphen are fine. */
const serialRange = z
  .string({ required_error: "errors:required" })
  .trim()
  .max(40, "stocks:errors.range")
  .superRefine((text, ctx) => {
    const match = /^(\d{1,7})(?:\s*-\s*(\d{1,7}))?$/.exec(text);
    if (!match) return void ctx.addIssue({ code: "custom", message: "stocks:errors.range" });
    const from = Number(match[1]);
    const to = Number(match[2] ?? match[1]);
    if (from > to) ctx.addIssue({ code: "custom", message: "stocks:errors.rangeOrder" });
    else if (to - from + 1 > MAX_RANGE_SIZE) ctx.addIssue({ code: "custom", message: `stocks:errors.rangeSize?max=${MAX_RANGE_SIZE}` });
  })
  .transform((text) => text.replace(/\s+/g, ""));

export const StockRangeFormSchema = z.object({
  intent: z.literal("load"),
  prefix,
  range: serialRange,
  bso: z.preprocess((v) => v === "on" || v === "true", z.boolean()),
  location_iata: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, "errors:iata")
    .optional(),
});
export type StockRangeForm = z.infer<typeof StockRangeFormSchema>;

export const StockPickFormSchema = z
  .object({
    intent: z.enum(["assign", "withdraw"]),
    prefix,
    forwarder_short_name: z.string({ required_error: "errors:required" }).trim().toUpperCase().max(10, "errors:invalid"),
    range: serialRange.optional(),
    count: wholeNumberField(1, MAX_RANGE_SIZE, { min: "errors:positive", max: "errors:invalid" }).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.range === undefined && v.count === undefined) ctx.addIssue({ code: "custom", path: ["range"], message: "stocks:errors.rangeOrCount" });
    if (v.range !== undefined && v.count !== undefined) ctx.addIssue({ code: "custom", path: ["count"], message: "stocks:errors.rangeOrCount" });
  });
export type StockPickForm = z.infer<typeof StockPickFormSchema>;

/** The API's refusals of these forms, in the user's language: its refusal code → our key, under its field. */
export const STOCK_API_MESSAGES: ReadonlyArray<readonly [string, string]> = [
  ["stock_overlap", "stocks:errors.overlap"],
  ["not_airline_prefix", "stocks:errors.notOwnPrefix"],
  ["unknown_forwarder", "stocks:errors.unknownForwarder"],
  ["forwarder_no_agreement", "stocks:errors.noAgreement"],
  ["no_free_airline_numbers", "stocks:errors.noneInPool"],
  ["no_free_forwarder_numbers", "stocks:errors.noneWithForwarder"],
];
