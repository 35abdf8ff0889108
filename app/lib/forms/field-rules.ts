import { z } from "zod";
import { MAX_YEAR, MIN_YEAR, TEXT_MAX } from "../../../cargo/limits";

/**
 * Zod pieces of the settings forms, shared by the browser (conform) and the action. conform's parseWithZod
 * turns "" into undefined, "on" into true and numeric text into numbers; messages are i18n keys.
 */

/** The "too long" message with its limit: useFieldError reads the `?max=` part as the message's values. */
export const tooLong = (max: number) => `errors:max?max=${max}`;

/** Text up to `max` characters, the API's limit for the same field (cargo/limits: names 255, free text 2000). */
export const requiredText = (max: number = TEXT_MAX.name) =>
  z.string({ required_error: "errors:required" }).trim().min(1, "errors:required").max(max, tooLong(max));
export const optionalText = (max: number = TEXT_MAX.name) => z.string().trim().max(max, tooLong(max)).optional();
export const flag = () => z.boolean().optional();

export const optionalNumber = () => z.number({ invalid_type_error: "errors:number" }).optional();
/** `message`: an i18n key of the page's namespace ("0 or more" is not among the generic texts). */
export const optionalNonNegative = (message: string) => optionalNumber().refine((v) => v === undefined || v >= 0, message);
export const optionalPositive = () => optionalNumber().refine((v) => v === undefined || v > 0, "errors:positive");
export const optionalMinutes = (nonNegativeMessage: string) =>
  z.number({ invalid_type_error: "errors:number" }).int("errors:integer").min(0, nonNegativeMessage).optional();

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

/** "OVB, dme KJA" → ["OVB","DME","KJA"]; every item must match `pattern`; at most CODE_LIST_MAX items. */
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
    // the count first: 40 000 malformed codes must not become 40 000 errors sent back with the form
    .pipe(z.array(z.string()).max(CODE_LIST_MAX, "errors:tooManyCodes"))
    .pipe(z.array(z.string().regex(pattern, message)));

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
