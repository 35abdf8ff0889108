import { z } from "zod";
import { INT32_MAX, MAX_YEAR, MIN_YEAR, TEXT_MAX } from "../../../cargo";
import { ANY_NUMBER, decimalField, NON_NEGATIVE_NUMBER, wholeNumberField } from "./decimal-field";

/**
 * Zod pieces of the settings forms, shared by the browser (conform) and the action. conform's parseWithZod
 * turns "" into undefined and "on" into true; numbers are read by decimal-field.ts; messages are i18n keys.
 */

/** The "too long" message with its limit: useFieldError reads the `?max=` part as the message's values. */
export const tooLong = (max: number) => `errors:max?max=${max}`;

/** Text up to `max` characters, the API's limit for the same field (cargo/limits: names 255, free text 2000). */
export const requiredText = (max: number = TEXT_MAX.name) =>
  z.string({ required_error: "errors:required" }).trim().min(1, "errors:required").max(max, tooLong(max));
export const optionalText = (max: number = TEXT_MAX.name) => z.string().trim().max(max, tooLong(max)).optional();
export const flag = () => z.boolean().optional();

/** A number without a limit of its own (decimal-field.ts: decimal digits only, never "0x10" or "1e3"). */
export const optionalNumber = () => decimalField(ANY_NUMBER).optional();
/** `message`: an i18n key of the page's namespace ("0 or more" is not among the generic texts). */
export const optionalNonNegative = (message: string) => decimalField(NON_NEGATIVE_NUMBER, { min: message }).optional();
export const optionalPositive = () =>
  decimalField(NON_NEGATIVE_NUMBER, { min: "errors:positive" })
    .refine((v) => v > 0, "errors:positive")
    .optional();
export const optionalMinutes = (nonNegativeMessage: string) => wholeNumberField(0, INT32_MAX, { min: nonNegativeMessage }).optional();

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A YYYY-MM-DD day that exists, within the years the product handles: "2027-13-45" has the right shape,
 * and sent on, the API refused it with a 5xx (issue 8 §4).
 */
export function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const year = Number(value.slice(0, 4));
  if (year < MIN_YEAR || year > MAX_YEAR) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
}

export const requiredDate = () => z.string({ required_error: "errors:required" }).refine(isCalendarDate, "errors:invalid");
export const optionalDate = () => z.string().refine(isCalendarDate, "errors:invalid").optional();

/** The most codes one list field takes: each is looked up upstream, and no airline setting needs more. */
export const CODE_LIST_MAX = 100;

/** At most this many bad entries are named in the message, each cut to BAD_CODE_SHOWN characters (the value is echoed). */
const BAD_CODES_NAMED = 5;
const BAD_CODE_SHOWN = 12;

/**
 * The message naming a list's bad entries: "errors:badCodes?codes=XX1%2C%20AB&reason=errors%3Aiata". useFieldError
 * translates it with both values, the reason being the field's own rule ("Airport codes are three letters").
 */
export function badCodesMessage(bad: readonly string[], reason: string): string {
  const shown = bad.slice(0, BAD_CODES_NAMED).map((code) => (code.length > BAD_CODE_SHOWN ? `${code.slice(0, BAD_CODE_SHOWN)}…` : code));
  const codes = shown.join(", ") + (bad.length > BAD_CODES_NAMED ? ", …" : "");
  return `errors:badCodes?${new URLSearchParams({ codes, reason }).toString()}`;
}

/**
 * "OVB, dme KJA" → ["OVB","DME","KJA"]; every item must match `pattern`; at most CODE_LIST_MAX items.
 * The errors are ONE issue at the field's own path (not at `field[0]`, which no input is named after, so
 * neither conform in the browser nor the server's reply showed anything): `message` is the rule, the bad
 * entries are named beside it.
 */
export const codeList = (pattern: RegExp, message: string) =>
  z
    .string()
    .optional()
    .transform((text) =>
      (text ?? "")
        .split(/[\s,;]+/)
        .map((s) => s.trim().toUpperCase())
        .filter(Boolean),
    )
    .superRefine((codes, ctx) => {
      // the count first: 40 000 malformed codes must not become 40 000 errors sent back with the form
      if (codes.length > CODE_LIST_MAX) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: "errors:tooManyCodes" });
        return;
      }
      const bad = codes.filter((code) => !pattern.test(code));
      if (bad.length) ctx.addIssue({ code: z.ZodIssueCode.custom, message: badCodesMessage(bad, message) });
    });

/** An optional code typed in any case: upper-cased, then checked against its pattern. */
export const upperCode = (pattern: RegExp, message: string) =>
  z
    .string()
    .trim()
    .transform((s) => s.toUpperCase())
    .pipe(z.string().regex(pattern, message))
    .optional();

export const IATA = /^[A-Z]{3}$/;
export const SHC = /^[A-Z0-9]{3}$/;
export const AWB_PREFIX = /^\d{3}$/;
export const ROUTE = /^[A-Z]{3}-[A-Z]{3}$/;
export const CARRIER = /^[A-Z0-9]{2}$/;

/** A list shown in a text input. */
export const joinCodes = (list: readonly string[] | null | undefined) => (list ?? []).join(", ");

/** conform's checkbox value. */
export const checked = (value: boolean | null | undefined) => (value ? "on" : undefined);

/** Optional text for an upstream body: blank clears the field (null). */
export const orNull = <T>(value: T | undefined | null): T | null => (value === undefined || value === "" ? null : value);
