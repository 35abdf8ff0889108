import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { IdParams, TEXT_MAX } from "../http/input";
import { notFound } from "../http/errors";
import { pageOf } from "../http/pagination";
import { resourceErrors } from "../http/schemas";
import { XLSX_TYPE } from "../settings/uploads";
import { allow, carrierForWrite, scopeCarrier } from "../settings/access";
import { reqText } from "../settings/common";
import { FLIGHT_EDIT } from "../../cargo/access/rules";
import { allowRule } from "../auth/access-rules";
import { findSegment, FLIGHTS_ACCESS, segmentAnswer, segmentAnswers, SegmentSchema, type Segment } from "./common";
import { ChangeLogQuery, ChangeLogSchema, ListQuery, scheduleBody, segmentBody, SegmentFields, SegmentListSchema } from "./segment-schemas";
import { changeLogPage, changeSegment, createSchedule, createSegment, flightSegments, listWhere, reportSegments, segmentPage } from "./segment-queries";
import { REPORT_MAX_DAYS, reportRange, segmentsWorkbook } from "./segment-report";

// Segments (spec 3 §7 "Segments"), schedules, change logs: the calls. What they take and answer is in
// segment-schemas.ts, their reads and writes in segment-queries.ts, the XLSX report in segment-report.ts.


/** Flag changes with their own paths (a body-less POST each), all recorded in the change log. */
const FLAG_ACTIONS: Record<string, Partial<Record<"locked" | "sales_closed" | "charter" | "canceled", boolean>>> = {
  lock: { locked: true },
  unlock: { locked: false },
  close_sales: { sales_closed: true },
  open_sales: { sales_closed: false },
  set_charter: { charter: true },
  remove_charter: { charter: false },
};

export const segmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  const tags = ["segments"];
  const one = async (s: Segment) => (await segmentAnswers(db, [s], app.deps.now()))[0]!;

  app.get(
    "/api/v3/segments",
    {
      schema: {
        tags,
        summary: "Segments by flight date, origin, destination, number and tab (state)",
        querystring: ListQuery,
        response: { 200: SegmentListSchema, ...resourceErrors },
      },
    },
    async (request) => {
      allow(request.auth, FLIGHTS_ACCESS.read);
      const q = request.query;
      const now = app.deps.now();
      const { rows, meta, summary } = await segmentPage(db, listWhere(request, q, now), q, now);
      return {
        data: rows.map(({ attention, ...s }) => segmentAnswer(s, attention)),
        meta: { ...meta, summary, date_from: q.date_from ?? null, date_to: q.date_to ?? null },
      };
    },
  );

  app.get(
    "/api/v3/segments.xlsx",
    {
      schema: {
        tags,
        summary: `The segment list as XLSX (segments_report.xlsx); the list's filters, at most ${REPORT_MAX_DAYS} days (default: from today)`,
        querystring: ListQuery.omit({ page: true, per_page: true }),
        produces: [XLSX_TYPE],
      },
    },
    async (request, reply) => {
      allow(request.auth, FLIGHTS_ACCESS.read);
      const now = app.deps.now();
      const q = reportRange(request.query, now);
      const rows = await reportSegments(db, listWhere(request, q, now), now);
      reply.header("content-disposition", 'attachment; filename="segments_report.xlsx"');
      return reply.type(XLSX_TYPE).send(await segmentsWorkbook(rows));
    },
  );

  app.get(
    "/api/v3/segments/:id",
    { schema: { tags, summary: "One segment", params: IdParams, response: { 200: SegmentSchema, ...resourceErrors } } },
    async (request) => {
      allow(request.auth, FLIGHTS_ACCESS.read);
      return one(await findSegment(db, request, request.params.id));
    },
  );

  app.post(
    "/api/v3/segments",
    {
      schema: {
        tags,
        summary: "Create a segment; times in time_mode utc (default) or local airport time; 422 'has already been taken' on a duplicate",
        body: segmentBody(SegmentFields.extend({ carrier: z.string().max(TEXT_MAX.search).optional().describe("platform only") })),
        response: { 201: SegmentSchema, ...resourceErrors },
      },
    },
    async (request, reply) => {
      allowRule(request, FLIGHT_EDIT, "create_flight");
      const { carrier: asked, ...input } = request.body;
      const carrier = await carrierForWrite(db, request.auth, asked);
      return reply.code(201).send(await one(await createSegment(db, request, carrier, input)));
    },
  );

  app.patch(
    "/api/v3/segments/:id",
    {
      schema: {
        tags,
        summary: "Change a segment (absent fields stay); also locked, sales_closed, canceled, charter",
        params: IdParams,
        body: segmentBody(SegmentFields.partial()),
        response: { 200: SegmentSchema, ...resourceErrors },
      },
    },
    async (request) => {
      allowRule(request, FLIGHT_EDIT, "edit_flight");
      return one(await changeSegment(db, request, request.params.id, request.body, "update"));
    },
  );

  for (const [action, flags] of Object.entries(FLAG_ACTIONS)) {
    app.post(
      `/api/v3/segments/:id/${action}`,
      {
        schema: {
          tags,
          summary: `${action.replace("_", " ")} (same as PATCH ${JSON.stringify(flags)})`,
          params: IdParams,
          response: { 200: SegmentSchema, ...resourceErrors },
        },
      },
      async (request) => {
        allow(request.auth, FLIGHTS_ACCESS.write);
        return one(await changeSegment(db, request, request.params.id, flags, action));
      },
    );
  }

  app.post(
    "/api/v3/segments/cancel",
    {
      schema: {
        tags,
        summary: "Cancel every segment of a flight (number_with_date)",
        body: z.object({ number_with_date: reqText() }),
        response: { 200: z.object({ data: z.array(SegmentSchema) }), ...resourceErrors },
      },
    },
    async (request) => {
      allowRule(request, FLIGHT_EDIT, "cancel_flight");
      const found = await flightSegments(db, request, request.body.number_with_date.toUpperCase().replace(/\s+/g, ""));
      if (!found.length) throw notFound();
      const out: Segment[] = [];
      for (const s of found) out.push(s.canceled ? s : await changeSegment(db, request, s.id, { canceled: true }, "cancel"));
      return { data: await segmentAnswers(db, out, app.deps.now()) };
    },
  );

  app.post(
    "/api/v3/schedules",
    {
      schema: {
        tags,
        summary: "Create the segments of a regular schedule (period, weekdays, times; local by default) in one transaction",
        body: scheduleBody,
        response: { 201: z.object({ created: z.number().int(), schedule_id: z.string(), data: z.array(SegmentSchema) }), ...resourceErrors },
      },
    },
    async (request, reply) => {
      allowRule(request, FLIGHT_EDIT, "create_flight");
      const carrier = await carrierForWrite(db, request.auth, request.body.carrier);
      const { created, scheduleId } = await createSchedule(db, request, carrier, request.body);
      return reply.code(201).send({ created: created.length, schedule_id: scheduleId, data: await segmentAnswers(db, created, app.deps.now()) });
    },
  );

  app.get(
    "/api/v3/change_logs",
    {
      schema: {
        tags,
        summary:
          "Change log of a record (record_type Segment, Allotment, BookingRule, AircraftCapacity), newest first; " +
          "record_type=Segment&record_id=X&include_related=true adds the allotments and booking rules of every leg of that flight",
        querystring: ChangeLogQuery,
        response: { 200: pageOf(ChangeLogSchema), ...resourceErrors },
      },
    },
    async (request) => {
      allow(request.auth, { platform: true, airline: true });
      return changeLogPage(db, scopeCarrier(request.auth, request.query.carrier), request.query);
    },
  );
};
