// Intl formatters, one per locale and options. Building one costs far more than formatting with it (ICU loads the
// locale's data), and a list page formats every cell: creating them per value was a tenth of the flights list's
// server render. Formatters hold no state between calls, so sharing them is safe on the server and in the browser.

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The NumberFormat of `locale` with `options` (made once). */
export function numberFormat(locale: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${options ? JSON.stringify(options) : ""}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}

/** The DateTimeFormat of `locale` with `options` (made once; an unknown time zone throws, as the constructor does). */
export function dateTimeFormat(locale: string, options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${options ? JSON.stringify(options) : ""}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}
