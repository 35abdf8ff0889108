import { TEXT_MAX } from "../../../cargo";
import { z } from "zod";
import type { Handler, HandlerInput } from "../upstream/handlers.server";
import { carrierField } from "./airline-fields";
import { checked, flag, IATA, optionalMinutes, optionalText, orNull, requiredText } from "./field-rules";

/** Create and edit form of a handler (spec 2 "Handler"); times are minutes. */
export const HandlerFormSchema = z.object({
  location: requiredText().transform((s) => s.toUpperCase()).pipe(z.string().regex(IATA, "errors:unknownAirport")),
  latest_acceptance_time: optionalMinutes("handlers:nonNegative"),
  max_connection_time: optionalMinutes("handlers:nonNegative"),
  min_connection_time_domestic: optionalMinutes("handlers:nonNegative"),
  min_connection_time_intl: optionalMinutes("handlers:nonNegative"),
  cargo_accepted: flag(),
  transfer: flag(),
  manual_ffm: flag(),
  note: optionalText(TEXT_MAX.text),
  /** Create only, platform users on a host without an airline. */
  carrier: carrierField(),
});
export type HandlerForm = z.infer<typeof HandlerFormSchema>;

export const HANDLER_FIELDS = [
  "location", "latest_acceptance_time", "max_connection_time", "min_connection_time_domestic", "min_connection_time_intl",
  "cargo_accepted", "transfer", "manual_ffm", "note", "carrier",
] as const;

/** Form values of a stored handler (a new one accepts cargo by default). */
export function handlerDefaults(h?: Handler | null): Record<string, string | undefined> {
  if (!h) return { cargo_accepted: "on" };
  const n = (v: number | null | undefined) => (v === null || v === undefined ? "" : String(v));
  return {
    location: h.location,
    latest_acceptance_time: n(h.latest_acceptance_time),
    max_connection_time: n(h.max_connection_time),
    min_connection_time_domestic: n(h.min_connection_time_domestic),
    min_connection_time_intl: n(h.min_connection_time_intl),
    cargo_accepted: checked(h.cargo_accepted),
    transfer: checked(h.transfer),
    manual_ffm: checked(h.manual_ffm),
    note: h.note ?? "",
  };
}

/** Every field sent: an emptied time or an unticked box is saved as such. */
export function handlerInput(v: HandlerForm): HandlerInput {
  return {
    location: v.location,
    latest_acceptance_time: v.latest_acceptance_time ?? null,
    max_connection_time: v.max_connection_time ?? null,
    min_connection_time_domestic: v.min_connection_time_domestic ?? null,
    min_connection_time_intl: v.min_connection_time_intl ?? null,
    cargo_accepted: Boolean(v.cargo_accepted),
    transfer: Boolean(v.transfer),
    manual_ffm: Boolean(v.manual_ffm),
    note: orNull(v.note),
  };
}
