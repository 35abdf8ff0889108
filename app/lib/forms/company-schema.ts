import { TEXT_MAX } from "../../../cargo";
import { z } from "zod";
import type { CompanyDetails, CompanyInput } from "../upstream/companies.server";
import { withCrossChecks } from "./cross-checks";
import { AWB_PREFIX, CARRIER, checked, codeList, flag, IATA, joinCodes, optionalText, orNull, requiredText, SHC, upperCode } from "./field-rules";
import { DECIMALS, decimalRange } from "../../../cargo";
import { decimalField } from "./decimal-field";
import { checkPostCode } from "./post-code-rule";

export const COMPANY_BUSINESS_TYPES = ["platform", "airline", "forwarder", "handler", "visitor"] as const;


const ContactFormSchema = z.object({
  name: optionalText(),
  position: optionalText(),
  phone: optionalText(),
  email: z.string().trim().email("errors:email").optional(),
});

/** Create and edit form of a company with its detailed view (spec 2 "Company"), grouped in sections on the page. */
export const CompanyFormSchema = withCrossChecks(
  z.object({
    // identity
    name: requiredText(),
    short_name: requiredText().transform((s) => s.toUpperCase()),
    local_name: optionalText(),
    business_type: z.enum(COMPANY_BUSINESS_TYPES, { required_error: "errors:required", invalid_type_error: "errors:unknownValue" }),
    carrier: upperCode(CARRIER, "companies:carrierFormat"),
    awb_prefix: upperCode(AWB_PREFIX, "companies:prefixFormat"),
    operations_type: optionalText(),
    invisible: flag(),
    // address
    address: optionalText(TEXT_MAX.text),
    city: optionalText(),
    local_address: optionalText(TEXT_MAX.text),
    local_city: optionalText(),
    country: upperCode(/^[A-Z]{2}$/, "errors:unknownCountry"),
    post_code: optionalText(),
    default_airport: upperCode(IATA, "errors:unknownAirport"),
    location_iata: upperCode(IATA, "errors:unknownAirport"),
    latitude: decimalField(decimalRange(-90, 90, DECIMALS.coordinate), { min: "companies:latitudeRange", max: "companies:latitudeRange" }).optional(),
    longitude: decimalField(decimalRange(-180, 180, DECIMALS.coordinate), { min: "companies:longitudeRange", max: "companies:longitudeRange" }).optional(),
    // codes
    tax_number: optionalText(),
    account_number: optionalText(),
    forwarder_iata_code: optionalText(),
    cass_codes: codeList(/^\S+$/, "errors:invalid"),
    pima: optionalText(),
    pima_location: optionalText(),
    eori: optionalText(),
    cimp_code: optionalText(),
    cimp_email: z.string().trim().email("errors:email").optional(),
    cimp_sita: optionalText(),
    dme_sli_token: optionalText(),
    // detailed view
    contacts: z.array(ContactFormSchema).optional(),
    email: z.string().trim().email("errors:email").optional(),
    phone: optionalText(),
    web_link: optionalText(),
    maildomain: optionalText(),
    customs_operational_hours: optionalText(),
    terminal_operational_hours: optionalText(),
    access_to_all_carriers: flag(),
    permitted_carriers: codeList(CARRIER, "companies:carrierFormat"),
    permitted_segments_origins: codeList(IATA, "errors:iata"),
    shcs_accepted: codeList(SHC, "companies:shcFormat"),
    service_shcs: codeList(SHC, "companies:shcFormat"),
    dg_storage: flag(),
    interline_booking: flag(),
    intl_cargo_accepted: flag(),
    notes: optionalText(TEXT_MAX.text),
  }),
  (value, ctx, posted) => {
    checkPostCode(ctx, value, ["post_code"], "country");
    // a carrier typed badly has its own error: "required" only when none was typed
    if (value.business_type === "airline" && !value.carrier && !String(posted.carrier ?? "").trim()) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["carrier"], message: "errors:required" });
    }
  },
);
export type CompanyForm = z.infer<typeof CompanyFormSchema>;

/** Form fields that a server field error can land on. */
export const COMPANY_FIELDS = [
  "name", "short_name", "local_name", "business_type", "carrier", "awb_prefix", "operations_type", "invisible", "address", "city",
  "local_address", "local_city", "country", "post_code", "default_airport", "location_iata", "latitude", "longitude", "tax_number",
  "account_number", "forwarder_iata_code", "cass_codes", "pima", "pima_location", "eori", "cimp_code", "cimp_email", "cimp_sita",
  "dme_sli_token", "contacts", "email", "phone", "web_link", "maildomain", "customs_operational_hours", "terminal_operational_hours",
  "access_to_all_carriers", "permitted_carriers", "permitted_segments_origins", "shcs_accepted", "service_shcs", "dg_storage",
  "interline_booking", "intl_cargo_accepted", "notes",
] as const;

const s = (v: string | null | undefined) => v ?? "";
const n = (v: number | null | undefined) => (v === null || v === undefined ? "" : String(v));

/** Form values of a stored company (detailed view); one blank contact row to add another. */
export function companyDefaults(c?: CompanyDetails | null): Record<string, unknown> {
  if (!c) return { contacts: [{}] };
  return {
    name: c.name,
    short_name: c.short_name,
    local_name: s(c.local_name),
    business_type: c.business_type,
    carrier: s(c.carrier),
    operations_type: s(c.operations_type),
    invisible: checked(c.invisible),
    address: s(c.address),
    city: s(c.city),
    local_address: s(c.local_address),
    local_city: s(c.local_city),
    country: s(c.country),
    post_code: s(c.post_code),
    default_airport: s(c.default_airport),
    location_iata: s(c.location_iata),
    latitude: n(c.latitude),
    longitude: n(c.longitude),
    tax_number: s(c.tax_number),
    account_number: s(c.account_number),
    forwarder_iata_code: s(c.forwarder_iata_code),
    cass_codes: joinCodes(c.cass_codes),
    pima: s(c.pima),
    pima_location: s(c.pima_location),
    eori: s(c.eori),
    cimp_code: s(c.cimp_code),
    cimp_email: s(c.cimp_email),
    cimp_sita: s(c.cimp_sita),
    dme_sli_token: s(c.dme_sli_token),
    contacts: [...c.contacts.map((x) => ({ name: s(x.name), position: s(x.position), phone: s(x.phone), email: s(x.email) })), {}],
    email: s(c.email),
    phone: s(c.phone),
    web_link: s(c.web_link),
    maildomain: s(c.maildomain),
    customs_operational_hours: s(c.customs_operational_hours),
    terminal_operational_hours: s(c.terminal_operational_hours),
    access_to_all_carriers: checked(c.access_to_all_carriers),
    permitted_carriers: joinCodes(c.permitted_carriers),
    permitted_segments_origins: joinCodes(c.permitted_segments_origins),
    shcs_accepted: joinCodes(c.shcs_accepted),
    service_shcs: joinCodes(c.service_shcs),
    dg_storage: checked(c.dg_storage),
    interline_booking: checked(c.interline_booking),
    intl_cargo_accepted: checked(c.intl_cargo_accepted),
    notes: s(c.notes),
  };
}

/** The upstream body: every field, blank text cleared (null), blank contact rows dropped. */
export function companyInput(v: CompanyForm): CompanyInput {
  const { awb_prefix, contacts, latitude, longitude, ...rest } = v;
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rest)) {
    body[key] = typeof value === "boolean" || Array.isArray(value) ? value : orNull(value as string | undefined);
  }
  for (const key of ["invisible", "access_to_all_carriers", "dg_storage", "interline_booking", "intl_cargo_accepted"] as const) body[key] = Boolean(v[key]);
  body.latitude = latitude ?? null;
  body.longitude = longitude ?? null;
  body.contacts = (contacts ?? [])
    .map((c) => ({ name: orNull(c.name), position: orNull(c.position), phone: orNull(c.phone), email: orNull(c.email) }))
    .filter((c) => c.name || c.position || c.phone || c.email);
  // awb_prefix only creates a new airline's settings; the API takes no null for it
  if (awb_prefix) body.awb_prefix = awb_prefix;
  return body;
}
