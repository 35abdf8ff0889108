import { eq } from "drizzle-orm";
import { z } from "zod";
import { MAX_HANDLING_MINUTES } from "../../cargo/limits";
import { TEXT_MAX } from "../http/input";
import { handlers } from "../db/schema";
import { refuseField } from "../http/errors";
import { StampsShape } from "../http/schemas";
import { ACCESS } from "./access";
import { carrierResource } from "./carrier-resource";
import { checkAirports, iataCode, optBool, optInt, optText, reqIata, throwIfErrors, sortColumns } from "./common";
import { said } from "../http/refusals";

const minutes = () =>
  optInt()
    .refine((v) => v == null || v >= 0, said("must_be_zero_or_more"))
    .refine((v) => v == null || v <= MAX_HANDLING_MINUTES, `must be at most ${MAX_HANDLING_MINUTES} (a week)`)
    .describe("minutes");

export const HandlerSchema = z.object({
  id: z.number().int(),
  carrier: z.string(),
  location: z.string().describe("station IATA code"),
  latest_acceptance_time: z.number().int().nullable().describe("minutes before departure"),
  max_connection_time: z.number().int().nullable().describe("minutes"),
  min_connection_time_domestic: z.number().int().nullable().describe("minutes"),
  min_connection_time_intl: z.number().int().nullable().describe("minutes"),
  cargo_accepted: z.boolean(),
  transfer: z.boolean(),
  note: z.string().nullable(),
  manual_ffm: z.boolean(),
  ...StampsShape,
});

const HandlerFields = z.object({
  location: reqIata(),
  latest_acceptance_time: minutes(),
  max_connection_time: minutes(),
  min_connection_time_domestic: minutes(),
  min_connection_time_intl: minutes(),
  cargo_accepted: optBool(),
  transfer: optBool(),
  note: optText(TEXT_MAX.text),
  manual_ffm: optBool(),
});

/** An airline's handlers per station (spec 2 "Handler"); the BFF maps the 404 text "Record Not Found" to NotFound. */
export const handlerRoutes = carrierResource({
  path: "handlers",
  record: "handler",
  tag: "handlers",
  table: handlers,
  answer: HandlerSchema,
  fields: HandlerFields,
  access: { read: ACCESS.handlers, write: ACCESS.handlers },
  filters: { location: iataCode().optional() },
  where: (q) => [q.location ? eq(handlers.location, q.location) : undefined],
  search: [handlers.location, handlers.note],
  orderBy: [handlers.location],
  sortable: sortColumns(handlers, ["carrier", "location", "latest_acceptance_time", "max_connection_time", "min_connection_time_domestic", "min_connection_time_intl", "cargo_accepted", "transfer", "manual_ffm", "created_at", "updated_at"]),
  prepare: async (db, values) => {
    throwIfErrors(await checkAirports(db, { location: values.location as string }));
    return values;
  },
  duplicate: () => refuseField("location", "taken"),
});
