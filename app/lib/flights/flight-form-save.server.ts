import { parseWithZod } from "@conform-to/zod";
import type { Submission, SubmissionResult } from "@conform-to/react";
import type { SignedInUser } from "../auth/guard.server";
import { parseWithReferences, type ReferenceRule } from "../forms/reference-pass.server";
import { refusalMessage } from "../upstream/refusal-message";
import { chosenCarrier, defaultCarrier } from "../settings/settings-user.server";
import type { UpstreamFailure } from "../upstream/errors";
import { createSchedule, listSegments } from "../upstream/segments.server";
import { canonicalFlightNumber, flightServerMessage, scheduleFieldName, scheduleInputs } from "./flight-form-input";
import { withoutLines } from "./flight-form-lines";
import { ScheduleFormSchema, SingleFlightFormSchema, type ScheduleForm } from "./flight-form-schema";

/** The route's airports, looked up in the same pass as the form's own rules (was: the API's 422, one submit later). */
const FLIGHT_AIRPORTS: readonly ReferenceRule[] = [
  { field: "origin_iata", kind: "airports", message: "flight-form:errors.airport" },
  { field: "destination_iata", kind: "airports", message: "flight-form:errors.airport" },
];

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A posted Single flight form: every error it has, its airports' included, after one submit. */
export const parseSingleFlightForm = (user: SignedInUser, t: Translate, form: FormData) =>
  parseWithReferences(user, t, form, SingleFlightFormSchema, FLIGHT_AIRPORTS);

/** A posted Regular or Schedule form, likewise. */
export const parseScheduleForm = (user: SignedInUser, t: Translate, form: FormData) => parseWithReferences(user, t, form, ScheduleFormSchema, FLIGHT_AIRPORTS);

/** The i18n key of spec 3 §8 "Segment create 422 has already been taken → Exists". */
export const FLIGHT_EXISTS = "flight-form:exists";

/**
 * An upstream failure as the form's errors: "Flight already exists" beside the flight number, the API's field
 * errors beside their fields (translated where we know the text), anything else above the form.
 */
export function flightFailureReply(
  submission: Submission<unknown>,
  failure: UpstreamFailure,
  fieldName: (apiName: string) => string | null,
): SubmissionResult<string[]> {
  if (failure.code === "Exists") return submission.reply({ fieldErrors: { number: [FLIGHT_EXISTS] }, formErrors: [FLIGHT_EXISTS] });
  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  for (const [name, messages] of Object.entries(failure.fieldErrors)) {
    const coded = failure.fieldRefusals?.[name];
    const translated = coded?.length ? coded.map(flightServerMessage) : messages;
    const field = fieldName(name.replace(/^(segment|schedule)\./, ""));
    if (field) (fieldErrors[field] ??= []).push(...translated);
    else formErrors.push(...messages.map((m) => `${name} ${m}`));
  }
  if (!Object.keys(fieldErrors).length && !formErrors.length) {
    formErrors.push(...(failure.status === 422 && failure.refusal ? [refusalMessage(failure.refusal)] : [`errors:${failure.code}`]));
  }
  return submission.reply({ fieldErrors, formErrors });
}

import { failureStatus } from "~/lib/upstream/errors";

/** A line the schedule form stored, for the notice and the "already created" summary. */
export interface CreatedLine {
  days: number[];
  departure_time: string;
  arrival_time: string;
  count: number;
}

export type ScheduleSaveResult =
  | { ok: true; count: number; number: string }
  | { ok: false; status: number; result: SubmissionResult<string[]>; created: CreatedLine[] };

const isoWeekday = (date: string) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

/**
 * A stored flight of this number from this origin on a day the new lines fly, if any: checked before the
 * first `POST schedules`, so the usual conflict stores nothing at all (each POST is its own transaction).
 */
async function existingFlight(user: SignedInUser, v: ScheduleForm, carrier: string, scope: { carrier?: string }): Promise<string | null> {
  const days = new Set(v.lines.flatMap((l) => l.days_of_week));
  for (let page = 1; page <= 10; page++) {
    const list = await listSegments(user.api, {
        page,
        per_page: 100,
        state: "all",
        number: canonicalFlightNumber(v.number, carrier),
        origin: v.origin_iata,
        date_from: v.period_from,
        date_to: v.period_to,
        ...scope, // the airline filter is for platform users; the API scopes an airline user itself
      });
    if (!list.ok) return null; // the POSTs will say what is wrong
    const hit = list.data.data.find((s) => days.has(isoWeekday(s.flight_date)));
    if (hit) return hit.number_with_date;
    if (!list.data.meta.next_page) return null;
  }
  return null;
}

/**
 * Regular and Schedule modes: one `POST schedules` per line, in order. Nothing is sent when a stored flight
 * already holds one of the dates; when a line fails after others were stored, the reply drops the stored
 * lines from the form (so sending it again cannot duplicate them) and lists them as created.
 */
export async function saveScheduleLines(
  user: SignedInUser,
  form: FormData,
  submission: Submission<ScheduleForm> & { status: "success" },
): Promise<ScheduleSaveResult> {
  const v = submission.value;
  const carrierPick = chosenCarrier(user, v.carrier);
  const carrier = carrierPick.carrier ?? defaultCarrier(user);
  const taken = await existingFlight(user, v, carrier, carrierPick);
  if (taken) {
    return {
      ok: false,
      status: 422,
      result: submission.reply({ fieldErrors: { number: [FLIGHT_EXISTS] }, formErrors: [FLIGHT_EXISTS] }),
      created: [],
    };
  }
  const created: CreatedLine[] = [];
  const bodies = scheduleInputs(v);
  for (const [index, body] of bodies.entries()) {
    const answer = await createSchedule(user.api, { ...body, ...carrierPick });
    if (answer.ok) {
      const line = v.lines[index]!;
      created.push({ days: line.days_of_week, departure_time: line.departure_time, arrival_time: line.arrival_time, count: Number(answer.data.created) });
      continue;
    }
    const storedIndexes = new Set(created.map((_, i) => i));
    // the failed line is line 0 of what is left
    const rest = storedIndexes.size ? parseWithZod(withoutLines(form, storedIndexes), { schema: ScheduleFormSchema }) : submission;
    const result = flightFailureReply(rest, answer, (name) => scheduleFieldName(name, index - storedIndexes.size));
    return { ok: false, status: failureStatus(answer), result, created };
  }
  return { ok: true, count: created.reduce((n, l) => n + l.count, 0), number: canonicalFlightNumber(v.number, carrier) };
}
