import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { INT32_MAX } from "../../../cargo/limits";
import { verifyCsrf } from "../auth/csrf.server";
import type { SignedInUser } from "../auth/guard.server";
import { requirePage } from "../auth/require-page.server";
import { utcDateOf } from "../clock.server";
import { failureReply } from "../forms/settings-form.server";
import { IATA, isCalendarDate } from "../forms/field-rules";
import { HS_CODE, TRIP } from "../air-waybills/awb-form-schema";
import { notFound } from "../http/not-found.server";
import { redirectWithNotice } from "../notices/redirect-with-notice.server";
import { warningsOf } from "../upstream/air-waybills.server";
import { failureResponse } from "../upstream/failure-response.server";
import { createOffer, createOfferAirWaybill, deleteOffer, getOffer, moveOffer, updateOffer, type Offer } from "../upstream/offers.server";
import { wholeRefusalMessage, fieldRefusalMessages } from "../upstream/refusal-message";
import type { UpstreamFailure } from "../upstream/errors";
import { formFieldOf, newOfferValues, offerBody, offerFormFields, OfferFormSchema, offerValues } from "./offer-form";
import { offerBookHref } from "./offer-book-link";

// The server half of the offer pages (/dashboard/offers/create and /dashboard/offers/:id; spec 1 §2 "Offers"): the
// form's save ("save draft" and "create offer"), the steps of the offer's graph the API allows (accept, close, delete
// a draft), and the waybill without booking. Every step is a plain POST to the page itself: it works without JS, and a
// refusal comes back beside its field or above the form with everything typed kept.

export const LIST = "/dashboard/offers";
const CREATE = "/dashboard/offers/create";
const ONE = "/dashboard/offers/:id";
export const offerHref = (id: number | string) => `${LIST}/${id}`;

/** An offer id of the address: a positive int32, else no offer at all (no upstream call). */
export function offerIdParam(value: string | undefined): number {
  const n = value && /^\d{1,10}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(n) || n < 1 || n > INT32_MAX) throw notFound();
  return n;
}

async function loadOffer(user: SignedInUser, id: number): Promise<Offer> {
  const found = await getOffer(user.api, id);
  if (!found.ok) throw failureResponse(found);
  return found.data;
}

/** The form's refusal: field errors beside their fields (API names as the form's), the rest above the form. */
function refusedForm(submission: Submission<unknown>, failure: UpstreamFailure, form: { rates: unknown[]; dimensions: unknown[] }) {
  return failureReply(submission, failure, { fields: offerFormFields(form), rename: formFieldOf, notFound: "errors:NotFound" });
}

const rowsOf = (submission: Submission<unknown>) => {
  const payload = submission.payload as { rates?: unknown; dimensions?: unknown };
  return { rates: Array.isArray(payload.rates) ? payload.rates : [], dimensions: Array.isArray(payload.dimensions) ? payload.dimensions : [] };
};

/** What the create page takes from a "quote" link of the booking search (its Book link's query, lib/offers/book-link.ts). */
function prefillOf(params: URLSearchParams): Record<string, string | undefined> {
  const read = (name: string, ok: (v: string) => boolean) => {
    const v = (params.get(name) ?? "").trim().slice(0, 40);
    return v && ok(v) ? v : undefined;
  };
  const figure = (v: string) => /^\d{1,9}([.]\d{1,3})?$/.test(v);
  return {
    origin_iata: read("origin_iata", (v) => IATA.test(v.toUpperCase()))?.toUpperCase(),
    destination_iata: read("destination_iata", (v) => IATA.test(v.toUpperCase()))?.toUpperCase(),
    carrier: read("carrier", (v) => /^[A-Z0-9]{2}$/.test(v.toUpperCase()))?.toUpperCase(),
    flight_date: read("flight_date", isCalendarDate),
    trip: read("trip", (v) => TRIP.test(v)),
    pieces: read("pieces", (v) => /^\d{1,6}$/.test(v)),
    weight: read("weight", figure),
    volume: read("volume", figure),
  };
}

export async function createOfferLoader(args: LoaderFunctionArgs) {
  const { pageTitle } = await requirePage(args, CREATE);
  const today = utcDateOf(args.context.config.clock());
  return json({ pageTitle, defaultValue: newOfferValues(today, prefillOf(new URL(args.request.url).searchParams)), back: LIST });
}

/** Reads the POST once: the CSRF token first, then which of the page's forms sent it. */
async function readPost(args: ActionFunctionArgs, user: SignedInUser) {
  const form = await args.request.formData();
  verifyCsrf(user.session, form);
  return { form, intent: String(form.get("intent") ?? "") };
}

/** Saves the form: a new offer, or the draft `id`; "send" sends it too. Redirects to the offer with a notice. */
async function saveForm(user: SignedInUser, form: FormData, id: number | null) {
  const submission = parseWithZod(form, { schema: OfferFormSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: submission.status === undefined ? 200 : 400 });
  const v = submission.value;
  const body = offerBody(v);
  const send = v.intent === "send";
  let saved = id === null ? await createOffer(user.api, { ...body, send }) : await updateOffer(user.api, id, body);
  if (saved.ok && id !== null && send) saved = await moveOffer(user.api, id, "send");
  if (!saved.ok) {
    if (saved.status === 404) throw failureResponse(saved);
    return refusedForm(submission, saved, rowsOf(submission));
  }
  const key = send ? "offers:notices.sent" : id === null ? "offers:notices.created" : "offers:notices.saved";
  return redirectWithNotice(offerHref(saved.data.id), user, { kind: "success", key, params: { number: saved.data.number } });
}

export async function createOfferAction(args: ActionFunctionArgs) {
  const { user } = await requirePage(args, CREATE);
  const { form } = await readPost(args, user);
  return saveForm(user, form, null);
}

export async function offerLoader(args: LoaderFunctionArgs) {
  const { user, pageTitle } = await requirePage(args, ONE);
  const offer = await loadOffer(user, offerIdParam(args.params.id));
  return json({
    pageTitle,
    offer,
    defaultValue: offer.actions.edit ? offerValues(offer) : null,
    bookHref: offer.actions.book ? offerBookHref(offer) : null,
    back: LIST,
  });
}

/** The answer of a step the API refused: the offer page again, with the refusal above it (a stale page, a lapsed offer). */
const refusedStep = (failure: UpstreamFailure, extra: Record<string, unknown> = {}) =>
  json({ step: { refusal: wholeRefusalMessage(failure) ?? Object.values(fieldRefusalMessages(failure)).flat()[0] ?? `errors:${failure.code}`, ...extra } }, { status: failure.status === 409 ? 409 : 422 });

export async function offerAction(args: ActionFunctionArgs) {
  const { user } = await requirePage(args, ONE);
  const id = offerIdParam(args.params.id);
  const { form, intent } = await readPost(args, user);
  const back = offerHref(id);
  switch (intent) {
    case "draft":
    case "send":
      return saveForm(user, form, id);
    case "accept":
    case "close": {
      const moved = await moveOffer(user.api, id, intent);
      if (!moved.ok) {
        if (moved.status === 404) throw failureResponse(moved);
        return refusedStep(moved);
      }
      return redirectWithNotice(back, user, { kind: "success", key: intent === "accept" ? "offers:notices.accepted" : "offers:notices.closed", params: { number: moved.data.number } });
    }
    case "delete": {
      const gone = await deleteOffer(user.api, id);
      if (!gone.ok) {
        if (gone.status === 404) throw failureResponse(gone);
        return refusedStep(gone);
      }
      return redirectWithNotice(LIST, user, { kind: "success", key: "offers:notices.deleted" });
    }
    case "create_awb": {
      const typed = String(form.get("hs_codes") ?? "").slice(0, 200);
      const hsCodes = typed.split(/[\s,;]+/).filter(Boolean);
      const values = { hs_codes: typed };
      if (!hsCodes.length || hsCodes.length > 20 || !hsCodes.every((c) => HS_CODE.test(c))) {
        return json({ step: { refusal: null, awbErrors: { hs_codes: hsCodes.length ? "awb:errors.hsCode" : "errors:required" }, values } }, { status: 400 });
      }
      const accept = form.get("accept_warnings") === "on";
      const made = await createOfferAirWaybill(user.api, id, { hs_codes: hsCodes, accept_warnings: accept });
      if (!made.ok) {
        if (made.status === 404) throw failureResponse(made);
        const warnings = warningsOf(made);
        if (warnings) return json({ step: { refusal: null, warnings, values } }, { status: 409 });
        const fields = fieldRefusalMessages(made);
        return fields.hs_codes ? json({ step: { refusal: null, awbErrors: { hs_codes: fields.hs_codes[0] }, values } }, { status: 422 }) : refusedStep(made, { values });
      }
      return redirectWithNotice(`/dashboard/shipments/${made.data.mawb}`, user, { kind: "success", key: "offers:notices.awbCreated", params: { mawb: made.data.mawb } });
    }
    default:
      throw notFound();
  }
}
