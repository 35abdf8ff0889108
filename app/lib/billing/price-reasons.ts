import { formatAmountText } from "../i18n/amount-format";

// The rate engine's reasons in the reader's words (issue 24; DESIGN §4b): a line's explanation ("rate from the 100 kg
// break", "minimum charge applied") and a refused calculation's ("no tariff for S7 DME→KJA on …", then the tariffs
// passed over and why). Worded by code as `pricing:reason.<code>` (cargo/pricing/reason-codes.ts lists every code and
// its params; tests/unit/price-reason-codes.test.ts checks each has words in every language). Values that are codes
// themselves (what decided a chargeable weight, the criteria a tariff names) are worded too; numbers are grouped as
// the language groups them, without becoming a JavaScript number. Pure: the page and the tests use it.

/** i18next's `t`, as much of it as a reason needs. */
type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface ReasonLike {
  code: string;
  params?: Record<string, string | number> | null;
}

/** Params that are quantities (kilograms, amounts): digits grouped in the reader's language. */
const QUANTITIES = new Set(["kg", "minimum", "computed", "quantity", "weightBrake", "percent", "candidates", "shown", "applicable"]);

/** Params whose value is a code with words of its own: the param → the key prefix of those words. */
const WORDED: Record<string, string> = {
  basis: "pricing:weightBasis",
  legsNumber: "pricing:legs",
  salesChannel: "pricing:channel",
  field: "pricing:field",
};

/** "account+route2+product" → "account, origin and destination, product" in the reader's words. */
function criteriaText(t: Translate, summary: string): string {
  return summary
    .split("+")
    .map((name) => t(`pricing:criteria.${name}`, { defaultValue: name }))
    .join(", ");
}

/** A reason's params as its sentence shows them. */
export function reasonValues(t: Translate, locale: string, params: ReasonLike["params"]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, raw] of Object.entries(params ?? {})) {
    const text = raw === null || raw === undefined ? "" : String(raw);
    if (text === "") out[name] = "—";
    else if (name === "specificity") out[name] = criteriaText(t, text);
    else if (WORDED[name]) out[name] = t(`${WORDED[name]}.${text}`, { defaultValue: text });
    else if (QUANTITIES.has(name)) out[name] = formatAmountText(text, locale, null);
    else out[name] = text;
  }
  return out;
}

/**
 * The variant of a reason's sentence its values call for (i18next's context, `reason.<code>_<context>`, else the plain
 * one): a price the airline gave its own id (named, which says the rest with it), a price that names nothing in
 * particular, a shipment that names no product.
 */
export function reasonContext(params: ReasonLike["params"]): string | undefined {
  if (params?.name) return "named";
  if (params?.specificity === "general") return "general";
  if (params && "product" in params && params.product === "") return "noProduct";
  return undefined;
}

/** One reason as a sentence; a code this build has no words for shows as itself rather than a key. */
export function reasonText(t: Translate, locale: string, reason: ReasonLike): string {
  const context = reasonContext(reason.params);
  return t(`pricing:reason.${reason.code}`, { ...reasonValues(t, locale, reason.params), ...(context ? { context } : {}), defaultValue: reason.code });
}
