import type { Submission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { SignedInUser } from "../auth/guard.server";
import { verifyCsrf } from "../auth/csrf.server";
import { searchTrips, warningsOf, type Trip } from "../upstream/air-waybills.server";
import { getAirlineCustomer } from "../upstream/airline-customers.server";
import type { ApiRefusal, UpstreamFailure } from "../upstream/errors";
import { refusalMessage } from "../upstream/refusal-message";
import { getForwarderCustomer, getNotableCompany } from "../upstream/parties.server";
import { presetByCode, withPreset } from "./accounting-presets";
import { formPresets } from "./awb-form-data.server";
import { pickedPartyValues } from "./awb-form-input";
import { AWB_VOLUME, AWB_WEIGHT, AwbFormSchema, SEARCH_FIELDS, stepOf, type AwbForm, type FormStep, type PartyRole } from "./awb-form-schema";
import { readDecimalText, type DecimalRange } from "../../../cargo";
import { partyRef } from "./party-options";

// The server half of the air waybill form (create and edit): the extra submit steps that re-render the form without
// JS (search flights, take a party from a list, apply an accounting preset, back from the warnings), and the API's
// refusals as the form's errors beside their fields, in the user's language, with every typed value kept.

/** What the create and edit actions answer: conform's result, the found trips and the warnings to confirm. */
export interface AwbFormAnswer {
  result: SubmissionResult<string[]>;
  trips: Trip[] | null;
  /** Warning codes of a 409 confirmation_required: the page asks Continue or Cancel. */
  warnings: string[] | null;
  /** Changes on every answer: the form is drawn afresh from the answer's values (a step changed them on the server). */
  seq: number;
}

let sequence = 0;
export const answerOf = (result: SubmissionResult<string[]>, trips: Trip[] | null = null, warnings: string[] | null = null): AwbFormAnswer => ({
  result,
  trips,
  warnings,
  seq: ++sequence,
});

/**
 * The form's own words for some of the API's refusal codes (spec 3 §8 message texts); every other code is worded by
 * its generic translation (errors:refusal.<code>), and a code this BFF does not know by the API's sentence.
 */
export const AWB_REFUSAL_KEYS: Readonly<Record<string, string>> = {
  awb_number_not_available: "awb:errors.numberNotAvailable",
  awb_number_other_airline: "awb:errors.numberOtherAirline",
  awb_number_not_valid: "awb:errors.numberNotValid",
  no_stock: "awb:errors.noStock",
  number_from_stock: "awb:errors.numberFromStock",
  volume_too_large: "awb:errors.volumeTooLarge",
  invalid_control_bit: "awb:errors.controlBit",
  awb_number_invalid: "awb:errors.awbFormat",
  only_latin: "awb:errors.onlyLatin",
  hs_code_required: "awb:errors.hsCodeRequired",
  hs_code_digits: "awb:errors.hsCode",
  forbidden_shc: "awb:errors.forbiddenShc",
  incompatible_shc: "awb:errors.incompatibleShc",
  hea_dimensions_missing: "awb:errors.heaDimensions",
  same_as_origin: "awb:errors.sameAirports",
  unknown_product: "awb:errors.unknownProduct",
  unknown_airline_customer: "awb:errors.unknownCustomer",
  unknown_forwarder: "awb:errors.unknownForwarder",
  dimension_pieces_over_awb: "awb:errors.rowPiecesServer",
  consignor_certification: "awb:errors.certification",
  awb_issued: "awb:errors.issued",
  awb_voided: "awb:errors.voided",
};

/** A refusal in the form's words: its own key when it has one (with the refusal's values), else the generic message. */
export function awbRefusalMessage(refusal: ApiRefusal): string {
  const own = AWB_REFUSAL_KEYS[refusal.code];
  if (!own) return refusalMessage(refusal);
  const values = new URLSearchParams(Object.entries(refusal.params).map(([k, v]) => [k, String(v)])).toString();
  return values ? `${own}?${values}` : own;
}

/** An i18n key, as refusals become (the form translates it). */
const I18N_KEY = /^[\w-]+:[\w.]+(\?\S*)?$/;

/** A field's messages: by code when the API sent codes, else its sentences as they are. */
const fieldMessages = (failure: UpstreamFailure, name: string, sentences: string[]) => {
  const coded = failure.fieldRefusals?.[name];
  return coded?.length ? coded.map(awbRefusalMessage) : sentences;
};

/** Form fields an API field error may name (nested ones as conform names them). */
const FORM_FIELDS = [
  "mawb", "carrier", "forwarder_short_name", "pieces", "weight", "volume", "dimensions", "shcs", "commodity", "hs_codes", "mrn", "product_code",
  "origin_iata", "destination_iata", "airline_customer_id", "accounting_information", "handling_information", "postal_number",
  "consignor_certified", "segments",
] as const;

/** "air_waybill.shipper.name" → "shipper.name", "dimensions.0.length" → "dimensions[0].length", "segments" → "trip". */
function formFieldOf(apiName: string): string | null {
  const name = apiName.replace(/^air_waybill\./, "").replace(/\.(\d+)(?=\.|$)/g, "[$1]");
  if (/^(shipper|consignee|notify)\.(name|address|city|state|country_code|post_code|tax_id)$/.test(name)) return name;
  if (/^dimensions\[\d+\]\.(pieces|length|width|height|weight)$/.test(name)) return name;
  if (name === "segments" || name.startsWith("segment") || name === "booking") return "trip";
  return (FORM_FIELDS as readonly string[]).includes(name) ? name : null;
}

/**
 * An upstream refusal as the form's errors: 422 field errors beside their fields, spec 3 §8's booking refusals
 * (NoValidAgreement, ForbiddenShc, Exists) above the form in the user's language, a 5xx or no answer as the code's
 * text; the values as typed either way.
 */
export function awbFailureReply(submission: Submission<unknown>, failure: UpstreamFailure): SubmissionResult<string[]> {
  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  const renamed: UpstreamFailure = { ...failure, fieldErrors: {} };
  for (const [name, messages] of Object.entries(failure.fieldErrors)) {
    const field = formFieldOf(name);
    if (field) (fieldErrors[field] ??= []).push(...fieldMessages(failure, name, messages));
    else renamed.fieldErrors[name] = fieldMessages(failure, name, messages);
  }
  if (failure.code === "NoValidAgreement") formErrors.push("awb:errors.noAgreement");
  else if (failure.code === "ForbiddenShc") {
    formErrors.push("awb:errors.forbiddenShc");
    (fieldErrors.shcs ??= []).push("awb:errors.forbiddenShc");
  } else if (failure.code === "Exists") formErrors.push("awb:errors.bookingExists");
  else if (!Object.keys(fieldErrors).length) {
    const own = failure.status === 422 && failure.refusal ? [awbRefusalMessage(failure.refusal)] : [];
    formErrors.push(...(own.length ? own : [`errors:${failure.code}`]));
  }
  for (const [name, messages] of Object.entries(renamed.fieldErrors)) {
    if (name === "base") formErrors.push(...messages);
    // a field the form does not show: its refusal's words, or the API's words after the field's name
    else formErrors.push(...messages.map((m) => (I18N_KEY.test(m) ? m : `${name} ${m}`)));
  }
  return submission.reply({ fieldErrors, formErrors: [...new Set(formErrors)] });
}


export { warningsOf };

/** The posted form, CSRF checked, with the step it asks for (null: save) and whether the user accepted the warnings. */
export async function readAwbPost(request: Request, user: SignedInUser) {
  const form = await request.formData();
  verifyCsrf(user.session, form);
  const step = stepOf(form.get("step"));
  const accept = form.get("accept_warnings") === "true";
  form.delete("step");
  form.delete("accept_warnings");
  return { form, step, accept };
}

/** A copy of the form with the fields of `prefix` ("shipper") replaced by `values`. */
function withGroup(form: FormData, prefix: string, values: Record<string, string>): FormData {
  const out = new FormData();
  for (const [k, v] of form.entries()) if (!k.startsWith(`${prefix}.`)) out.append(k, v);
  for (const [k, v] of Object.entries(values)) out.append(`${prefix}.${k}`, v);
  return out;
}

/** The party picked for `role` from its list, read afresh (the list's select posts "source:id"). */
async function pickedParty(user: SignedInUser, form: FormData, role: PartyRole): Promise<FormData> {
  const ref = partyRef(String(form.get(`${role}_pick`) ?? ""));
  if (!ref) return form;
  const found =
    ref.source === "fc" ? await getForwarderCustomer(user.api, ref.id) : ref.source === "nc" ? await getNotableCompany(user.api, ref.id) : await getAirlineCustomer(user.api, ref.id);
  if (!found.ok) return form;
  const p = found.data as Record<string, unknown> & { name: string };
  const contacts = Array.isArray(p.contacts) ? (p.contacts as Array<{ phone?: string | null; email?: string | null }>) : [];
  const numbers = Array.isArray(p.contact_numbers) ? (p.contact_numbers as Array<{ number: string }>) : [];
  const values = pickedPartyValues({
    name: p.name,
    address: p.address as string | null,
    city: p.city as string | null,
    state: p.state as string | null,
    country_code: p.country_code as string | null,
    post_code: p.post_code as string | null,
    tax_id: p.tax_id as string | null,
    phone: (p.phone_number as string | null) ?? contacts.find((c) => c.phone)?.phone ?? numbers[0]?.number,
    email: (p.email as string | null) ?? contacts.find((c) => c.email)?.email,
  });
  const out = withGroup(form, role, values);
  // an airline customer is also the waybill's customer of the airline
  if (ref.source === "ac" && role === "shipper") out.set("airline_customer_id", String(ref.id));
  return out;
}

/** Applies a step that changes values (a picked party, a preset) on the server: the same form with them. */
export async function formAfterStep(user: SignedInUser, form: FormData, step: FormStep): Promise<FormData> {
  if (step === "pick_shipper" || step === "pick_consignee" || step === "pick_notify") return pickedParty(user, form, step.slice(5) as PartyRole);
  if (step === "preset") {
    // the presets the page offered (the host's airline's in use), read afresh: the post names only a code
    const preset = presetByCode((await formPresets(user)).presets, String(form.get("accounting_preset") ?? ""));
    if (preset) form.set("accounting_information", withPreset(String(form.get("accounting_information") ?? ""), preset));
  }
  return form;
}

/**
 * The reply of a step: the form as it now is, with only the errors the step is about (the route search's fields for
 * "search", none otherwise): a half-filled form is not scolded for what the user has not reached yet.
 */
export function stepReply(form: FormData, step: FormStep): SubmissionResult<string[]> {
  const submission = parseWithZod(form, { schema: AwbFormSchema });
  const result = submission.reply();
  const keep = step === "search" ? new Set<string>(SEARCH_FIELDS) : new Set<string>();
  const error = Object.fromEntries(Object.entries(result.error ?? {}).filter(([name]) => keep.has(name)));
  return { ...result, status: Object.keys(error).length ? "error" : undefined, error };
}

/** The values the route search needs, when the form has them well-formed. */
function searchQuery(form: FormData) {
  const origin = String(form.get("origin_iata") ?? "").trim().toUpperCase();
  const destination = String(form.get("destination_iata") ?? "").trim().toUpperCase();
  const date = String(form.get("flight_date") ?? "").trim();
  if (!/^[A-Z]{3}$/.test(origin) || !/^[A-Z]{3}$/.test(destination) || origin === destination || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  // a figure the form would refuse ("0x10", "1e3") does not narrow the search either
  const num = (name: string, range: DecimalRange) => {
    const read = readDecimalText(String(form.get(name) ?? ""), range);
    return read.ok && read.value > 0 ? read.value : undefined;
  };
  const shcs = String(form.get("shcs") ?? "")
    .split(/[\s,;]+/)
    .map((s) => s.trim().toUpperCase())
    .filter((s) => /^[A-Z0-9]{3}$/.test(s));
  const carrier = String(form.get("carrier") ?? "").trim().toUpperCase();
  return { origin_iata: origin, destination_iata: destination, date, weight: num("weight", AWB_WEIGHT), volume: num("volume", AWB_VOLUME), shcs, ...(/^[A-Z0-9]{2}$/.test(carrier) ? { carrier } : {}) };
}

/**
 * The trips of the form's route and date: on the search step, and again on any answer that re-renders a form that
 * was searched (a refused save keeps its flight choices). Null when there is nothing to search for or the search failed.
 */
export async function tripsFor(user: SignedInUser, form: FormData, step: FormStep | null): Promise<Trip[] | null> {
  if (step !== "search" && !form.get("trip") && form.get("searched") !== "1") return null;
  const query = searchQuery(form);
  if (!query) return null;
  const found = await searchTrips(user.api, query);
  return found.ok ? found.data.data : null;
}

export type { AwbForm };
