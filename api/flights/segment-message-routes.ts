import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { airlineOfCarrier } from "../air-waybills/figures";
import { handledSegment, HANDLING_ACCESS } from "../handling/access";
import { refuse } from "../http/errors";
import { IdParams } from "../http/input";
import { IsoDateTime, resourceErrors } from "../http/schemas";
import { xmlDocument, type XmlValue } from "../../cargo/files/xml";
import { fblCorrespondence } from "./fbl-correspondence";
import type { Segment } from "./common";
import { MAX_MESSAGE_SHIPMENTS, segmentTelegram, type SegmentTelegram, type SegmentTelegramType } from "./segment-messages";

// GET segments/{id}/fbl, /ffm, /uws.json (and as XML /uws.xml) and the documents /fbl.pdf, /fbl/correspondence.pdf,
// /ffm.pdf (spec 3 §7 "Segments"; issue 23): the
// flight's telegrams as segment-messages.ts writes them, for the flight page's FBL, FFM and UWS tabs. They name every
// forwarder's waybills on the flight, so they are the operating airline's (and platform's), as the handling tabs are:
// another airline's flight is not found, a forwarder is refused. Sending them is POST segments/{id}/fbl, /ffm,
// /send_uws through the outgoing messages (not here).

const tags = ["segments", "telegrams"];
const PDF_TYPE = "application/pdf";
const XML_TYPE = "application/xml; charset=utf-8";

const ShipmentSchema = z.object({
  mawb: z.string(),
  origin_iata: z.string().nullable(),
  destination_iata: z.string().nullable(),
  unloading_iata: z.string(),
  parts_code: z.string(),
  pieces: z.number().int(),
  total_pieces: z.number().int().nullable(),
  weight: z.number(),
  weight_code: z.string(),
  volume: z.number().nullable(),
  volume_code: z.string().nullable(),
  commodity: z.string(),
  shcs: z.array(z.string()),
  uld_number: z.string().nullable().describe("FFM: the ULD the shipment is in (its MAN movement's), null for bulk"),
  response_status: z.string().nullable().describe("FBL: the booking's answer (KK confirmed, NN requested)"),
});

export const SegmentTelegramSchema = z.object({
  segment_id: z.number().int(),
  number_with_date: z.string(),
  type: z.enum(["FBL", "FFM", "UWS"]),
  text: z.string().describe("the whole message as sent, its parts one after the other; CRLF line ends"),
  parts: z.array(z.string()).describe("one text per part (a long FFM or FBL goes in parts, CONT/LAST)"),
  message: z.record(z.unknown()).describe("the model the Cargo-IMP codec writes (cargo/telegrams/cimp: FblList, FfmManifest, UwsStatement)"),
  shipments: z.array(ShipmentSchema),
  totals: z.object({ shipments: z.number().int(), pieces: z.number().int(), weight: z.number().describe("kg"), volume: z.number().describe("m3") }),
  generated_at: IsoDateTime,
});

/** A telegram as its JSON path answers it (SegmentTelegramSchema): the flight's identity, the whole text beside its parts. */
const telegramAnswer = (segment: Segment, telegram: SegmentTelegram) => ({
  ...telegram,
  segment_id: segment.id,
  number_with_date: segment.number_with_date,
  text: telegram.parts.join(""),
  message: { ...telegram.message },
});

const JSON_PATHS: Array<[path: string, type: SegmentTelegramType, summary: string]> = [
  ["fbl", "FBL", "The flight's booked list (FBL/4): its active bookings, confirmed (KK) and requested (NN), per point of unloading, in parts when long; NIL when none"],
  ["ffm", "FFM", "The flight's manifest (FFM/8) as loaded (the Build-Up items, in their ULDs or bulk; parts when long); NIL once departed without cargo, 422 not_enough_data before there is a manifest"],
  ["uws.json", "UWS", "The ULD weight statement (UWS) of the flight's manifest: each ULD and the bulk per point of unloading, and the mail (receptacles, category M), whole kg; 422 not_enough_data with neither cargo nor mail"],
];

/**
 * Rows a document prints at most: drawing costs about a millisecond a row on the 2-core machine, and a request stays
 * within its second (DESIGN §4a); a larger flight's manifest is read in its telegram text.
 */
export const MAX_DOCUMENT_SHIPMENTS = 500;

/** The FBL as the airline's letter to the handling station, with each shipment's remarks (fbl-correspondence.ts). */
const CORRESPONDENCE_PATH = "fbl/correspondence.pdf";

const PDF_PATHS: Array<[path: string, type: "FBL" | "FFM", file: string]> = [
  ["fbl.pdf", "FBL", "fbl.pdf"],
  [CORRESPONDENCE_PATH, "FBL", "correspondence.pdf"],
  ["ffm.pdf", "FFM", "ffm.pdf"],
];

export const segmentMessageRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;

  for (const [path, type, summary] of JSON_PATHS) {
    app.get(
      `/api/v3/segments/:id/${path}`,
      { schema: { tags, summary: `${summary}; at most ${MAX_MESSAGE_SHIPMENTS} shipments`, params: IdParams, response: { 200: SegmentTelegramSchema, ...resourceErrors } } },
      async (request) => {
        const segment = await handledSegment(db, request, request.params.id, HANDLING_ACCESS.read);
        return telegramAnswer(segment, await segmentTelegram(db, segment, type, app.deps.now()));
      },
    );
  }

  app.get(
    "/api/v3/segments/:id/uws.xml",
    { schema: { tags, summary: "The ULD weight statement as uws.json answers it, as XML (root uws; lists as their items, null as nil=\"true\")", params: IdParams, produces: [XML_TYPE] } },
    async (request, reply) => {
      const segment = await handledSegment(db, request, request.params.id, HANDLING_ACCESS.read);
      // exactly what uws.json answers (its schema's fields), written as XML
      const answer = SegmentTelegramSchema.parse(telegramAnswer(segment, await segmentTelegram(db, segment, "UWS", app.deps.now())));
      reply.header("content-disposition", 'inline; filename="uws.xml"');
      return reply.type(XML_TYPE).send(xmlDocument("uws", answer as XmlValue));
    },
  );

  for (const [path, type, file] of PDF_PATHS) {
    app.get(
      `/api/v3/segments/:id/${path}`,
      { schema: { tags, summary: `The ${type} as a document (${file}): the flight, a row per shipment, the totals; at most ${MAX_DOCUMENT_SHIPMENTS} shipments (422 document_too_many_shipments)`, params: IdParams, produces: [PDF_TYPE] } },
      async (request, reply) => {
        const segment = await handledSegment(db, request, request.params.id, HANDLING_ACCESS.read);
        const telegram = await segmentTelegram(db, segment, type, app.deps.now());
        if (telegram.shipments.length > MAX_DOCUMENT_SHIPMENTS) throw refuse(422, "document_too_many_shipments", { type, max: MAX_DOCUMENT_SHIPMENTS });
        const airline = await airlineOfCarrier(db, segment.carrier);
        // pdf-lib and fontkit load with the first document (api/on-first-use.ts)
        const { flightManifestPdf } = await import("../documents/flight-manifest-pdf");
        const correspondence = path === CORRESPONDENCE_PATH ? await fblCorrespondence(db, segment, telegram) : null;
        const pdf = await flightManifestPdf({ ...telegram, type }, segment, airline, correspondence);
        reply.header("content-disposition", `inline; filename="${file}"`);
        return reply.type(PDF_TYPE).send(Buffer.from(pdf));
      },
    );
  }
};
