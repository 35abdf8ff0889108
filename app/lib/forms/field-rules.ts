import { z } from "zod";

/**
 * Zod pieces of the settings forms, shared by the browser (conform) and the action. conform's parseWithZod
 * turns "" into undefined, "on" into true and numeric text into numbers; messages are i18n keys.
 */

export const requiredText = () => z.string({ required_error: "errors:required" }).trim().min(1, "errors:required");
export const optionalText = () => z.string().trim().optional();
export const flag = () => z.boolean().optional();

export const optionalNumber = () => z.number({ invalid_type_error: "errors:number" }).optional();
/** `message`: an i18n key of the page's namespace ("0 or more" is not among the generic texts). */
export const optionalNonNegative = (message: string) => optionalNumber().refine((v) => v === undefined || v >= 0, message);
export const optionalPositive = () => optionalNumber().refine((v) => v === undefined || v > 0, "errors:positive");
export const optionalMinutes = (nonNegativeMessage: string) =>
  z.number({ invalid_type_error: "errors:number" }).int("errors:integer").min(0, nonNegativeMessage).optional();

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
export const requiredDate = () => z.string({ required_error: "errors:required" }).regex(ISO_DATE, "errors:invalid");
export const optionalDate = () => z.string().regex(ISO_DATE, "errors:invalid").optional();

/** "OVB, dme KJA" → ["OVB","DME","KJA"]; every item must match `pattern`. */
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
