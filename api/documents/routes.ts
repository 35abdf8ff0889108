import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { checkAwbNumber } from "../../cargo";
import { MAX_LABELS_PER_FILE } from "../../cargo/limits";
import type { AuthContext } from "../auth/authenticate";
import { airWaybills } from "../db/schema";
import { notFound, refuseField } from "../http/errors";
import { TEXT_MAX } from "../http/input";
import { FormBoolean, resourceErrors, StationCode } from "../http/schemas";
import { allow, scopeCarrier } from "../settings/access";
import { isoDate } from "../settings/common";
import { XLSX_TYPE } from "../settings/uploads";
import { MAX_PIECES } from "../air-waybills/schemas";
import { airlineOfCarrier } from "../air-waybills/figures";
import { findVisible } from "../air-waybills/access";
import { LIST_ACCESS } from "../air-waybills/list-query";
import { REPORT_MAX_DAYS, REPORT_MAX_ROWS } from "../air-waybills/report";
import { loadAwbDocument } from "./awb-document";
import { CASS_FILE, CassWriter } from "./cass";
import { issuedWaybills, issuedWhere, type IssuedRange } from "./issued-waybills";
import { SALES_FILE, salesReport, salesWorkbook } from "./sales";
import { wholeNumber } from "../http/decimal-input";

// The waybill's documents and the billing reports (issue 11 "Documents and reports"; spec 3 §7, §9): the air waybill
// PDF with its print options, the cargo labels, the CASS billing file (all waybills of a range, or one) and the sales
// report as JSON and XLSX. Tenancy is the shipments list's: a document of a waybill is given to its forwarder, its
// airline and platform only, anyone else gets 404 (api/air-waybills/access.ts).

const tags = ["air waybills", "documents"];
const PDF_TYPE = "application/pdf";
const CASS_TYPE = "text/plain; charset=us-ascii";

const MawbParams = z.object({ mawb: z.string().max(TEXT_MAX.code * 4) });

/** The number in a path, in any written form; anything else names no waybill (404). */
function mawbOf(text: string): string {
  const check = checkAwbNumber(text);
  if (!check.valid) throw notFound("shipment_not_found", { mawb: text.slice(0, 20) });
  return check.mawb;
}

const flag = () => FormBoolean.optional().default(false);
const EapQuery = z.object({
  exclude_pcs_weight_volume: flag().describe("pieces, weights and volume left blank"),
  exclude_headers: flag().describe("no box captions"),
  hide_shipper: flag().describe("the shipper's box left blank"),
  no_layout: flag().describe("data only, for pre-printed air waybill stock"),
  reverse_side: flag().describe("a second page with the conditions of contract"),
  use_cyrillic_codes: flag().describe("airports by their Russian city names, the airline by its Cyrillic code"),
});

const LabelsQuery = z.object({
  station: z.preprocess((v) => (v === "" ? undefined : v), StationCode.optional()).describe("the station printing the labels (default the origin)"),
  first_piece: wholeNumber(1, MAX_PIECES).default(1).describe(`the first piece of this file; a file holds at most ${MAX_LABELS_PER_FILE} labels`),
});

const isoDay = z.preprocess((v) => (v === "" ? undefined : v), isoDate().optional());
const RangeShape = {
  date_from: isoDay.describe("first issue day, inclusive"),
  date_to: isoDay.describe(`last issue day, inclusive (at most ${REPORT_MAX_DAYS} days)`),
  carrier: z.string().trim().max(TEXT_MAX.code).optional().describe("platform: one airline (else the Carrier header)"),
  forwarder: z.string().trim().toUpperCase().max(TEXT_MAX.code * 2).optional().describe("platform and airline: one forwarder's short name"),
};
const CassQuery = z.object({
  ...RangeShape,
  issue_date_from: isoDay.describe("spec 3's name of date_from"),
  issue_date_to: isoDay.describe("spec 3's name of date_to"),
  date_type: z.string().trim().max(20).optional().describe("the list's date type: must be issued"),
  record_type: z.enum(["all", "awb"], { message: "must be all or awb" }).default("all").describe("awb: the waybill records without their other-charge records"),
});
type CassQueryValues = z.infer<typeof CassQuery>;

/** The range of a CASS request: issue dates only (spec 2 §9), under either name. */
function cassRange(q: CassQueryValues): IssuedRange {
  if (q.date_type && q.date_type !== "issued") throw refuseField("date_type", "cass_needs_issued");
  return { date_from: q.issue_date_from ?? q.date_from, date_to: q.issue_date_to ?? q.date_to, carrier: q.carrier, forwarder: q.forwarder };
}

/** The airline a CASS file is for: one per file (its header carries the prefix). */
async function cassAirline(db: Parameters<typeof airlineOfCarrier>[0], auth: AuthContext, carrier: string | undefined) {
  const code = scopeCarrier(auth, carrier);
  if (!code) throw refuseField("carrier", "cass_needs_carrier");
  return airlineOfCarrier(db, code.toUpperCase());
}

export const documentRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;

  app.get(
    "/api/v3/air_waybills/:mawb/eap.pdf",
    {
      schema: { tags, summary: "The air waybill as a PDF in the IATA layout, with print options", params: MawbParams, querystring: EapQuery, produces: [PDF_TYPE] },
    },
    async (request, reply) => {
      const doc = await loadAwbDocument(db, request.auth, mawbOf(request.params.mawb));
      // pdf-lib, fontkit and bwip-js load with the first document (api/on-first-use.ts)
      const { eapPdf } = await import("./eap-pdf");
      const pdf = await eapPdf(doc, request.query);
      reply.header("content-disposition", `inline; filename="awb_${doc.awb.mawb}.pdf"`);
      return reply.type(PDF_TYPE).send(Buffer.from(pdf));
    },
  );

  app.get(
    "/api/v3/air_waybills/:mawb/mawb_labels",
    {
      schema: {
        tags,
        summary: `Cargo labels, one per piece (102 × 85 mm), at most ${MAX_LABELS_PER_FILE} per file: x-labels-next-first-piece names the next file's first piece`,
        params: MawbParams,
        querystring: LabelsQuery,
        produces: [PDF_TYPE],
      },
    },
    async (request, reply) => {
      const doc = await loadAwbDocument(db, request.auth, mawbOf(request.params.mawb));
      const { first_piece } = request.query;
      if (first_piece > doc.awb.pieces) throw refuseField("first_piece", "first_piece_over", { pieces: doc.awb.pieces });
      const { mawbLabelsPdf } = await import("./labels");
      const { pdf, first, last } = await mawbLabelsPdf(doc, { station: request.query.station ?? null, firstPiece: first_piece });
      reply.header("content-disposition", `inline; filename="labels_${doc.awb.mawb}_${first}-${last}.pdf"`);
      reply.header("x-labels-first-piece", String(first)).header("x-labels-last-piece", String(last)).header("x-labels-total-pieces", String(doc.awb.pieces));
      if (last < doc.awb.pieces) reply.header("x-labels-next-first-piece", String(last + 1));
      return reply.type(PDF_TYPE).send(Buffer.from(pdf));
    },
  );

  const cassSummary = `The CASS billing file (${CASS_FILE}): issue date range required (date_from/date_to or issue_date_from/issue_date_to, at most ${REPORT_MAX_DAYS} days, ${REPORT_MAX_ROWS} waybills), fixed-width records (api/README.md)`;
  const sendCass = async (request: { auth: AuthContext; query: CassQueryValues }, reply: import("fastify").FastifyReply, onlyId?: number) => {
    allow(request.auth, LIST_ACCESS);
    const range = cassRange(request.query);
    const airline = await cassAirline(db, request.auth, request.query.carrier);
    const { where, count } = await issuedWhere(db, request.auth, { ...range, carrier: airline.carrier }, onlyId === undefined ? undefined : eq(airWaybills.id, onlyId));
    const writer = new CassWriter({ prefix: airline.awb_prefix, carrier: airline.carrier, from: range.date_from!, to: range.date_to!, now: app.deps.now(), recordType: request.query.record_type });
    let file = writer.header();
    for await (const chunk of issuedWaybills(db, where, count)) file += writer.add(chunk);
    file += writer.end();
    reply.header("content-disposition", `attachment; filename="${CASS_FILE}"`);
    return reply.type(CASS_TYPE).send(file);
  };

  app.get("/api/v3/air_waybills.cass", { schema: { tags, summary: cassSummary, querystring: CassQuery, produces: ["text/plain"] } }, (request, reply) =>
    sendCass(request, reply),
  );

  app.get(
    "/api/v3/air_waybills/:mawb.cass",
    { schema: { tags, summary: `${cassSummary}: this waybill's records, when it was issued in the range`, params: MawbParams, querystring: CassQuery, produces: ["text/plain"] } },
    async (request, reply) => {
      const awb = await findVisible(db, request.auth, mawbOf(request.params.mawb));
      if (!awb.issued_at || awb.voided_at) throw refuseField("base", "no_cass_record", { mawb: awb.mawb, state: awb.voided_at ? "voided" : "not issued" });
      return sendCass(request, reply, awb.id);
    },
  );

  const SalesQuery = z.object(RangeShape);
  const SalesRowSchema = z.object({
    carrier: z.string(),
    forwarder_short_name: z.string(),
    currency: z.string(),
    waybills: z.number().int(),
    pieces: z.number().int(),
    chargeable_weight: z.number(),
    weight_charge: z.string(),
    other_charges: z.string(),
    total_prepaid: z.string(),
    total_collect: z.string(),
    total: z.string(),
  });
  const salesSummary = `The sales report: waybills issued in date_from..date_to (at most ${REPORT_MAX_DAYS} days), per airline, forwarder and currency`;

  app.get(
    "/api/v3/air_waybills/sales_report",
    {
      schema: {
        tags,
        summary: salesSummary,
        querystring: SalesQuery,
        response: {
          200: z.object({ date_from: z.string(), date_to: z.string(), rows: z.array(SalesRowSchema), totals: z.array(SalesRowSchema.omit({ carrier: true, forwarder_short_name: true })) }),
          ...resourceErrors,
        },
      },
    },
    async (request) => {
      allow(request.auth, LIST_ACCESS);
      return salesReport(db, request.auth, request.query);
    },
  );

  app.get(
    "/api/v3/air_waybills/sales_report.xlsx",
    { schema: { tags, summary: `${salesSummary}, as XLSX (${SALES_FILE})`, querystring: SalesQuery, produces: [XLSX_TYPE] } },
    async (request, reply) => {
      allow(request.auth, LIST_ACCESS);
      const file = await salesWorkbook(await salesReport(db, request.auth, request.query));
      reply.header("content-disposition", `attachment; filename="${SALES_FILE}"`);
      return reply.type(XLSX_TYPE).send(file);
    },
  );
};

