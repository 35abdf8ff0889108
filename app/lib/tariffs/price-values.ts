import { CURRENCIES } from "../forms/agreement-schema";

// The enumerations of the tariff family (spec 2 §3 "Tariffs, charges, surcharges", §9), as the API spells them. Pure:
// the forms (browser and action), the lists and the upstream module all read them from here.

export const BASES = ["gross", "charge", "fixed", "pieces"] as const;
export const VAT_INCLUSIONS = ["without", "notIncluded", "included"] as const;
export const LEVELS = ["first", "second"] as const;
export const LEGS = ["any", "single", "many"] as const;
/** Spec 2 §9 "Class codes: M, N, Q". */
export const RATE_CLASSES = ["M", "N", "Q"] as const;
export const SURCHARGE_TYPES = ["percent", "perKg", "fixed"] as const;
export const SALES_CHANNELS = ["web", "api", "interline", "telegram"] as const;
export const ROUTE_REGIONS = ["EU", "GB", "CIS", "DOMESTIC"] as const;
/** The list modes of spec 2 §4: on route, all, new (not yet confirmed). */
export const LIST_MODES = ["route", "all", "new"] as const;
export type ListMode = (typeof LIST_MODES)[number];

/** The rate-break columns of spec 2 §9, as the API's summaryRates names them. */
export const SUMMARY_COLUMNS = ["min_rate", "n", "q45", "q100", "q300", "q500", "q1000"] as const;
export type SummaryColumn = (typeof SUMMARY_COLUMNS)[number];

/**
 * The currencies a price may be in: spec 2 §9's, plus JPY (no minor unit) and KWD (three), which the API knows
 * through ISO 4217 and whose amounts the lists must show with their own decimals.
 */
export const PRICE_CURRENCIES = [...CURRENCIES, "JPY", "KWD"] as const;

export type PriceKind = "tariffs" | "charges" | "surcharges";

/** The list page of each kind (spec 1 §2 "Tariffs"); its create page is `/create`, a record's `/:id/edit`. */
export const PRICE_PAGES: Readonly<Record<PriceKind, string>> = {
  tariffs: "/dashboard/tariffs/external-tariffs",
  charges: "/dashboard/tariffs/external-charges",
  surcharges: "/dashboard/tariffs/external-surcharges",
};
