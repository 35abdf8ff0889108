import type { PriceReason } from "../upstream/waybill-rates.server";

// What the billing page's forms post and what its action answers (app/lib/billing/waybill-billing.server.ts): shared
// by the page and the action, so it holds no server code.

export const BILLING_INTENTS = { calculate: "calculate", add: "add_line", delete: "delete_line" } as const;

/** The add form's fields, named as the API names them (POST air_waybills/{mawb}/rates). */
export const ADD_LINE_FIELDS = [
  "kind", "code", "description", "rate_class_code", "basis", "base_value", "rate", "amount", "currency", "vat_inclusion", "vat_percent", "invoice_number",
] as const;
export type AddLineField = (typeof ADD_LINE_FIELDS)[number];

/** The choices of the add form's selects (the API's enumerations). */
export const LINE_KINDS = ["airfreight", "charge", "surcharge"] as const;
export const LINE_BASES = ["fixed", "gross", "charge", "pieces"] as const;
export const RATE_CLASSES = ["M", "N", "Q"] as const;
export const VAT_INCLUSIONS = ["without", "included", "notIncluded"] as const;

/** A refused add: what was typed, the errors beside their fields (messages as the forms carry them) and above the form. */
export interface AddLineReply {
  values: Record<AddLineField, string>;
  errors: Partial<Record<AddLineField, string[]>>;
  formErrors: string[];
}

/** A refused calculation: the engine's first refusal, the tariffs it passed over, and the day it priced. */
export interface CalculateReply {
  tariffDate: string | null;
  refusal: PriceReason | null;
  passedOver: PriceReason[];
  /** The API's refusal as a message when it named no engine reason. */
  message: string | null;
}
