import { json } from "@remix-run/node";
import { z } from "zod";
import { DISCREPANCY_CODES, HAND_MOVEMENTS } from "../../../cargo/awb/movement-codes";
import type { SignedInUser } from "~/lib/auth/guard.server";
import { notFound } from "~/lib/http/not-found.server";
import { redirectWithNotice } from "~/lib/notices/redirect-with-notice.server";
import type { NoticeKey } from "~/lib/session/session-data";
import type { UpstreamFailure, UpstreamResult } from "~/lib/upstream/errors";
import { refusalMessage, refusalOf } from "~/lib/upstream/refusal";
import {
  addToManifest,
  bookOnSegment,
  changeManifestItem,
  receiveWaybill,
  recordFlightEvent,
  recordMovement,
  removeManifestItem,
  unreceiveWaybill,
} from "~/lib/upstream/handling.server";
import { MANIFEST_PRIORITIES, type HandlingFeedback, type HandlingIntent } from "./handling-values";
import { MAX_PIECES } from "../air-waybills/awb-form-schema";
import { decimalField, idField, WEIGHT, wholeNumberField } from "../forms/decimal-field";

// The handling forms of the flight page (receive, build-up, departure, arrival, the destination's steps, booking
// several waybills): each a plain POST that works without JS. Checked here first (bounded, typed), then sent upstream;
// success redirects back to the tab with a notice, a refusal comes back to the same form with what was typed and the
// reason in the user's language, beside its field.

const MAX_LIST_TEXT = 2_000;
const MAX_NUMBERS = 50;
const AWB_NUMBER = /^\d{3}-?\d{8}$/;

const Mawb = z.string().trim().regex(AWB_NUMBER, "handling:errors.badNumber");
const Id = idField();
const Pieces = wholeNumberField(1, MAX_PIECES, { min: "errors:positive", max: "errors:invalid" });
const Weight = decimalField(WEIGHT, { min: "errors:positive", max: "errors:invalid" }).refine((v) => v > 0, "errors:positive");
const Priority = z.enum(MANIFEST_PRIORITIES, { message: "errors:invalid" }).transform(Number);

const SCHEMAS = {
  book_many: z.object({
    mawb_list: z
      .string({ required_error: "errors:required" })
      .max(MAX_LIST_TEXT, "handling:errors.tooMany")
      .transform((v) => [...new Set(v.split(/[\s,;]+/).filter(Boolean))])
      .pipe(z.array(Mawb).min(1, "errors:required").max(MAX_NUMBERS, "handling:errors.tooMany")),
    consignor_certified: z.literal("on", { errorMap: () => ({ message: "handling:errors.certification" }) }),
  }),
  receive: z.object({ mawb: Mawb, pieces: Pieces, weight: Weight }),
  unreceive: z.object({ mawb: Mawb }),
  manifest_add: z.object({ mawb: Mawb, priority: Priority }),
  manifest_priority: z.object({ id: Id, priority: Priority }),
  manifest_move: z.object({ id: Id, segment_id: Id }),
  manifest_remove: z.object({ id: Id }),
  depart: z.object({}),
  arrive: z.object({}),
  movement: z
    .object({ mawb: Mawb, status_code: z.enum(HAND_MOVEMENTS), discrepancy_code: z.enum(DISCREPANCY_CODES).optional().catch(undefined) })
    .refine((v) => v.status_code !== "DIS" || v.discrepancy_code, { path: ["discrepancy_code"], message: "errors:required" }),
} satisfies Record<HandlingIntent, z.ZodTypeAny>;

const NOTICES: Record<HandlingIntent, NoticeKey> = {
  book_many: "handling:notices.booked",
  receive: "handling:notices.received",
  unreceive: "handling:notices.unreceived",
  manifest_add: "handling:notices.manifested",
  manifest_priority: "handling:notices.priorityChanged",
  manifest_move: "handling:notices.moved",
  manifest_remove: "handling:notices.removed",
  depart: "handling:notices.departed",
  arrive: "handling:notices.arrived",
  movement: "handling:notices.movementRecorded",
};

/** The API's refusals we know, as keys of the handling namespace (or spec 3 §8's codes); anything else: refused. */
const REFUSALS: Array<[RegExp, string]> = [
  [/has already been received/i, "handling:errors.alreadyReceived"],
  [/not booked on this flight/i, "handling:errors.notOnFlight"],
  [/not on the received list/i, "handling:errors.notReceived"],
  [/is on the manifest/i, "handling:errors.onManifest"],
  [/not on the flight's manifest/i, "handling:errors.notManifested"],
  [/already on that flight's manifest|has already been taken/i, "handling:errors.alreadyTaken"],
  [/must not exceed/i, "handling:errors.piecesOverAwb"],
  [/has not departed/i, "handling:errors.notDeparted"],
  [/has departed/i, "handling:errors.departed"],
  [/has arrived/i, "handling:errors.arrived"],
  [/has not arrived/i, "handling:errors.notArrived"],
  [/must leave from/i, "handling:errors.otherStation"],
  [/is locked/i, "handling:errors.locked"],
  [/sales are closed/i, "handling:errors.salesClosed"],
  [/canceled/i, "handling:errors.canceled"],
  [/must exist/i, "handling:errors.flightMissing"],
  [/valid agreement/i, "errors:NoValidAgreement"],
  [/forbidden shc/i, "errors:ForbiddenShc"],
  [/must be accepted/i, "handling:errors.certification"],
  [/voided/i, "handling:errors.voided"],
];

export function refusalKey(messages: readonly string[]): string {
  for (const m of messages) for (const [pattern, key] of REFUSALS) if (pattern.test(m)) return key;
  return "handling:errors.refused";
}

/** A refused bulk booking's reason from its status and error body. */
function bookingRefusal(status: number | null, body: unknown): string {
  if (status === 404) return "handling:errors.notFound";
  const text = JSON.stringify(body ?? "");
  return refusalKey([text]);
}

const feedback = (f: HandlingFeedback, status = 422) => json({ handling: f }, { status });

const stringValues = (form: FormData) =>
  Object.fromEntries([...form.entries()].filter(([k, v]) => typeof v === "string" && k !== "csrf" && k.length < 40).map(([k, v]) => [k, String(v).slice(0, MAX_LIST_TEXT)]));

/** The API's field errors under our field names; the rest (base, unknown fields) as form errors. */
function upstreamFeedback(intent: HandlingIntent, row: string, values: Record<string, string>, failure: UpstreamFailure): Response {
  if (failure.code === "NotFound") throw notFound();
  // a refusal with a code we word (the shipment's state, a departure before its time) says it all
  const refusal = refusalOf(failure);
  if (refusal) return feedback({ intent, row, values, fieldErrors: {}, formErrors: [refusalMessage(refusal)] });
  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  for (const [field, messages] of Object.entries(failure.fieldErrors)) {
    const key = refusalKey(messages);
    if (field in values && field !== "intent") (fieldErrors[field] ??= []).push(key);
    else formErrors.push(key);
  }
  if (!Object.keys(fieldErrors).length && !formErrors.length) formErrors.push(refusalKey(failure.messages));
  return feedback({ intent, row, values, fieldErrors, formErrors });
}

/** Handles one handling form of the flight `segmentId`; `back` is the tab's URL. */
export async function handlingAction(user: SignedInUser, segmentId: number, intent: HandlingIntent, form: FormData, back: string): Promise<Response> {
  const values = stringValues(form);
  // a form names its row (a waybill, a manifest item, or itself when it stands alone) so its feedback finds it again
  const row = values.row ?? values.id ?? values.mawb ?? intent;
  const parsed = SCHEMAS[intent].safeParse(values);
  if (!parsed.success) {
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (fieldErrors[String(issue.path[0] ?? "base")] ??= []).push(issue.message);
    return feedback({ intent, row, values, fieldErrors, formErrors: [] }, 400);
  }
  // each case reads the fields its own schema checked
  const v = parsed.data as { mawb: string; pieces: number; weight: number; id: number; priority: number; segment_id: number };
  const done = (params?: Record<string, string | number>) => redirectWithNotice(back, user, { kind: "success", key: NOTICES[intent], params });
  const settle = (result: UpstreamResult<unknown>, params?: Record<string, string | number>) =>
    result.ok ? done(params) : upstreamFeedback(intent, row, values, result);

  switch (intent) {
    case "book_many": {
      const body = parsed.data as z.infer<typeof SCHEMAS.book_many>;
      const result = await bookOnSegment(user.api, segmentId, { mawb_list: body.mawb_list, consignor_certified: true });
      if (!result.ok) return upstreamFeedback(intent, row, values, result);
      const results = result.data.data.map((r) => ({ mawb: r.mawb, booked: r.booked, error: r.booked ? null : bookingRefusal(r.status, r.errors) }));
      if (results.every((r) => r.booked)) return done({ count: results.length });
      return feedback({ intent, row, values, fieldErrors: {}, formErrors: [], results }, 200);
    }
    case "receive":
      return settle(await receiveWaybill(user.api, segmentId, v), { mawb: v.mawb });
    case "unreceive":
      return settle(await unreceiveWaybill(user.api, segmentId, v.mawb), { mawb: v.mawb });
    case "manifest_add":
      return settle(await addToManifest(user.api, segmentId, v), { mawb: v.mawb });
    case "manifest_priority":
      return settle(await changeManifestItem(user.api, v.id, { priority: v.priority }));
    case "manifest_move":
      return settle(await changeManifestItem(user.api, v.id, { segment_id: v.segment_id }));
    case "manifest_remove":
      return settle(await removeManifestItem(user.api, v.id));
    case "depart":
    case "arrive":
      return settle(await recordFlightEvent(user.api, segmentId, intent));
    case "movement": {
      const body = parsed.data as z.infer<typeof SCHEMAS.movement>;
      return settle(await recordMovement(user.api, body.mawb, { segment_id: segmentId, status_code: body.status_code, discrepancy_code: body.discrepancy_code }), {
        mawb: body.mawb,
        code: body.status_code,
      });
    }
  }
}
