import { z } from "zod";

/** Settings lists are server-paginated by this many rows. */
export const PER_PAGE = 25;

export const pageParam = z.coerce.number().int().min(1).max(100_000).catch(1);
export const textParam = z.string().trim().max(100).catch("");
/** A filter code (airport, aircraft type, company): upper case, or absent when malformed. */
export const codeParam = (pattern: RegExp) =>
  z
    .string()
    .trim()
    .toUpperCase()
    .regex(pattern)
    .optional()
    .catch(undefined);
export const iataParam = codeParam(/^[A-Z]{3}$/);
/** A yes/no switch filter; anything else means "all". */
export const yesNoParam = z.enum(["yes", "no"]).optional().catch(undefined);
export const yesNoValue = (v: "yes" | "no" | undefined) => (v === undefined ? undefined : v === "yes");

export function searchParamsOf(request: Request): Record<string, string> {
  return Object.fromEntries(new URL(request.url).searchParams);
}

/** The current URL without some parameters (a dialog's or a form's own), for "back to the list" redirects. */
export function urlWithout(request: Request, ...names: string[]): string {
  const url = new URL(request.url);
  for (const n of [...names, "_data", "index"]) url.searchParams.delete(n);
  return `${url.pathname}${url.search}`;
}
