import { z } from "zod";
import type { Agreement, AgreementInput } from "../upstream/agreements.server";
import { withCrossChecks } from "./cross-checks";
import type { ReferenceRule } from "./reference-pass.server";
import { AWB_PREFIX, checked, codeList, flag, IATA, joinCodes, optionalDate, optionalText, orNull, requiredDate, requiredText, ROUTE } from "./field-rules";

/** Spec 1 §9 / spec 2 §9: the 11 currencies. */
export const CURRENCIES = ["RUB", "USD", "EUR", "KZT", "KGS", "CNY", "BYN", "AMD", "INR", "UZS", "THB"] as const;

/** Create and edit form of an agreement (spec 2 "Agreement"), for the browser and the action alike. */
export const AgreementFormSchema = withCrossChecks(
  z.object({
    client: requiredText(),
    account_number: requiredText(),
    contract_number: requiredText(),
    currency: z.enum(CURRENCIES, { required_error: "errors:required", invalid_type_error: "errors:unknownValue" }),
    effective_from: requiredDate(),
    effective_to: optionalDate(),
    sales_origins: codeList(IATA, "errors:iata"),
    show_tariffs: flag(),
    beneficiary: optionalText(),
    balance_check_disabled: flag(),
    additional_prefixes: codeList(AWB_PREFIX, "agreements:prefixFormat"),
    show_airline_customers: flag(),
    active: flag(),
    allowed_manual_routes: codeList(ROUTE, "agreements:routeFormat"),
    smart_contract: flag(),
  }),
  (value, ctx) => {
    // ISO dates compare as text; shown beside the empty required fields, not after them
    if (value.effective_to && value.effective_from && value.effective_to < value.effective_from) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["effective_to"], message: "errors:dateOrder" });
    }
  },
);
export type AgreementForm = z.infer<typeof AgreementFormSchema>;

/** Codes the action looks up in the reference lists, in the same pass as the schema. */
export const AGREEMENT_REFERENCES: readonly ReferenceRule[] = [{ field: "sales_origins", kind: "airports", message: "agreements:unknownAirports" }];

export const AGREEMENT_FIELDS = [
  "client", "account_number", "contract_number", "currency", "effective_from", "effective_to", "sales_origins", "show_tariffs",
  "beneficiary", "balance_check_disabled", "additional_prefixes", "show_airline_customers", "active", "allowed_manual_routes", "smart_contract",
] as const;

/** Form values of a stored agreement (or of a new one: active by default, spec 2). */
export function agreementDefaults(a?: Agreement | null): Record<string, unknown> {
  if (!a) return { active: "on" };
  return {
    client: a.client.short_name,
    account_number: a.account_number,
    contract_number: a.contract_number ?? "",
    currency: a.currency,
    effective_from: a.effective_from.slice(0, 10),
    effective_to: a.effective_to?.slice(0, 10) ?? "",
    sales_origins: joinCodes(a.sales_origins),
    show_tariffs: checked(a.show_tariffs),
    beneficiary: a.beneficiary ?? "",
    balance_check_disabled: checked(a.balance_check_disabled),
    additional_prefixes: joinCodes(a.additional_prefixes),
    show_airline_customers: checked(a.show_airline_customers),
    active: checked(a.active),
    allowed_manual_routes: joinCodes(a.allowed_manual_routes),
    smart_contract: checked(a.smart_contract),
  };
}

/** The upstream body: every field sent, so an unticked box or an emptied field is saved as such. */
export function agreementInput(v: AgreementForm): AgreementInput {
  return {
    client: v.client,
    account_number: v.account_number,
    contract_number: v.contract_number,
    currency: v.currency,
    effective_from: v.effective_from,
    effective_to: orNull(v.effective_to),
    sales_origins: v.sales_origins,
    show_tariffs: Boolean(v.show_tariffs),
    beneficiary: orNull(v.beneficiary),
    balance_check_disabled: Boolean(v.balance_check_disabled),
    additional_prefixes: v.additional_prefixes,
    show_airline_customers: Boolean(v.show_airline_customers),
    active: Boolean(v.active),
    allowed_manual_routes: v.allowed_manual_routes,
    smart_contract: Boolean(v.smart_contract),
  };
}
