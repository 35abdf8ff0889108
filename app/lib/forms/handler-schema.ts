import { z } from "zod";
import { flag, IATA, optionalMinutes, optionalText, requiredText } from "./field-rules";

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
  note: optionalText(),
});
export type HandlerForm = z.infer<typeof HandlerFormSchema>;

export const HANDLER_FIELDS = [
  "location", "latest_acceptance_time", "max_connection_time", "min_connection_time_domestic", "min_connection_time_intl",
  "cargo_accepted", "transfer", "manual_ffm", "note",
] as const;
