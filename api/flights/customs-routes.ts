import { and, asc, count, desc, eq, inArray, isNull } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { checkAwbNumber } from "../../cargo";
import { MAX_LIST_ITEMS } from "../../cargo/limits";
import { ACI, CUSTOMS_FILING, OUTGOING_SEND } from "../../cargo/access/rules";
import { FBL_BOOKING_STATUSES } from "../../cargo/bookings/booking-status";
import { ACI_DIRECTIONS, aciXml, CUSTOMS_FILINGS, placiXml, type AciDocument, type CustomsFiling } from "../../cargo/customs/advance-cargo-information";
import { isMrn } from "../../cargo/customs/mrn";
import { checkAddress, type Channel } from "../../cargo/telegrams/message-setting";
import { allowRule } from "../auth/access-rules";
import type { Db } from "../db/open";
import { findVisible, mawbOf } from "../air-waybills/access";
import { aciStatuses, airWaybills, bookings, houseWaybills, segments } from "../db/schema";
import type { OutgoingMessageRow } from "../db/tables/outgoing-messages";
import { handledSegment, HANDLING_ACCESS } from "../handling/access";
import { onFlight } from "../handling/flight-rows";
import { refuse, refuseField, refuseFields, refusal } from "../http/errors";
import { IdParams, MawbParams } from "../http/input";
import { pageMeta, pageOf, pageOffset, PageQuerySchema } from "../http/pagination";
import { IsoDateTime, resourceErrors } from "../http/schemas";
import { loadExcelJS } from "../on-first-use";
import { recordOutgoing } from "../outgoing/record-outgoing";
import { CsnListBody, OutgoingMessageSchema, SendMessageBody } from "../outgoing/schemas";
import { answerOf, settingTargets, typedTarget, type Request } from "../outgoing/targets";
import { findSegment, type Segment } from "./common";
import { aciDocument, csnParts, placiFiling, type PlaciFiling } from "./customs-messages";
import { MAX_MESSAGE_SHIPMENTS } from "./segment-messages";

// A flight's customs filings (issue 23; spec 3 §7 "Segments": POST segments/{id}/aci, /placi, /csn_list; GET
// /aci_statuses, /mrn_list.xlsx; spec 2 "ACI status", §5 "Sending CSN requires every selected AWB to have an MRN"):
//
// - ACI and PLACI are XML documents to customs (api/flights/customs-messages.ts), sent through the outgoing messages
//   to the addresses typed (e-mail or https; no Type-B telegram carries XML), each send recorded as an ACI status
//   (direction out, its name, when it was generated). Who: the ACI rule of spec 1 §6 (platform, or the listed airlines'
//   roles but Billing) who also send telegrams (OUTGOING_SEND), on a flight marked "ACI required".
// - CSN (Cargo-IMP) names the selected waybills carried on this flight with their MRN: every one must be on the flight
//   and have an MRN, else 422 with the waybills that are not (nothing sent). Spec 2 §9: airlines and the platform send
//   CSN (OUTGOING_SEND); to the addresses typed or the airline's settings for sending CSN by hand.
// - The MRN list is the flight's waybills with their MRN (blank where none), for the customs desk.
// Another airline's flight is not found.

const tags = ["segments", "customs"];
const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export const AciStatusSchema = z.object({
  id: z.number().int(),
  segment_id: z.number().int(),
  message_type: z.enum(CUSTOMS_FILINGS),
  direction: z.enum(ACI_DIRECTIONS).describe("out: filed with customs; in: customs' answer"),
  name: z.string().describe("the document's name, as customs quotes it back"),
  generated_at: IsoDateTime,
  shipments: z.number().int().describe("consignments (ACI) or entries (PLACI: house waybills, or masters without houses)"),
  created_at: IsoDateTime,
});

const FiledAnswer = z.object({ data: z.array(OutgoingMessageSchema), aci_status: AciStatusSchema });
const CsnAnswer = z.object({ data: z.array(OutgoingMessageSchema), sent: z.array(z.string()).describe("the waybills the CSN names") });

const statusAnswer = ({ carrier: _c, created_by: _b, ...row }: typeof aciStatuses.$inferSelect) => row;

/** The addresses of an XML filing: typed (there are no message settings for it), e-mail or https only. */
function filingAddresses(type: CustomsFiling, body: { channel?: Channel; addresses?: string[] }) {
  if (body.channel === "sita") throw refuseField("addresses", "channel_not_for_message", { type, channel: "sita" });
  if (!body.addresses?.length) throw refuseField("addresses", "blank");
  const target = typedTarget(body.addresses, body.channel);
  if (target.to.some((a) => (checkAddress(a) as { channel?: Channel }).channel === "sita")) throw refuseField("addresses", "channel_not_for_message", { type, channel: "sita" });
  return target;
}

/** A customs document ready to file: its XML, its name and how many shipments it covers; a PLACI's records to mark sent. */
interface Filing {
  type: CustomsFiling;
  name: string;
  xml: string;
  shipments: number;
  placi: Pick<PlaciFiling, "bookingIds" | "houseIds"> | null;
}

const aciOf = (aci: AciDocument): Filing => ({ type: "ACI", name: aci.name, xml: aciXml(aci), shipments: aci.consignments.length, placi: null });
const placiOf = (placi: PlaciFiling): Filing => ({ type: "PLACI", name: placi.document.name, xml: placiXml(placi.document), shipments: placi.document.entries.length, placi });

/** At most twenty numbers in a refusal's sentence; the answer lists them all beside it. */
const listed = (numbers: string[]) => ({ count: numbers.length, mawbs: numbers.length > 20 ? `${numbers.slice(0, 20).join(", ")} …` : numbers.join(", ") });

export const customsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  const now = () => app.deps.now();

  app.get(
    "/api/v3/segments/:id/aci_statuses",
    { schema: { tags, summary: "The flight's ACI statuses: each ACI and PLACI filed (out) and customs' answers (in), newest first", params: IdParams, querystring: PageQuerySchema, response: { 200: pageOf(AciStatusSchema), ...resourceErrors } } },
    async (request) => {
      allowRule(request, ACI, "read_aci_statuses");
      const segment = await findSegment(db, request, request.params.id);
      const where = eq(aciStatuses.segment_id, segment.id);
      const [{ total }] = (await db.select({ total: count() }).from(aciStatuses).where(where)) as [{ total: number }];
      const { page, per_page } = request.query;
      const rows = await db.select().from(aciStatuses).where(where).orderBy(desc(aciStatuses.generated_at), desc(aciStatuses.id)).limit(per_page).offset(pageOffset(page, per_page));
      return { data: rows.map(statusAnswer), meta: pageMeta(total, page, per_page) };
    },
  );

  /**
   * Files the document: its outgoing messages and its ACI status in one transaction (a rolled-back send records
   * nothing). A waybill's own PLACI is also recorded against the waybill, so its outgoing list shows it.
   */
  const fileDocument = async (request: Request, segment: Segment, target: ReturnType<typeof filingAddresses>, at: Date, filing: Filing, awb?: { id: number; mawb: string }) => {
    const result = await db.transaction(async (tx) => {
      const rows = await recordOutgoing(tx, at, {
        carrier: segment.carrier,
        event: "manual",
        messageType: filing.type,
        text: filing.xml,
        format: "xml",
        to: target.to,
        subject: `${filing.type} ${awb ? `${awb.mawb} ` : ""}${segment.number_with_date} ${segment.origin_iata}-${segment.destination_iata}`,
        segmentId: segment.id,
        awb: awb ?? null,
        origin: segment.origin_iata,
        destination: segment.destination_iata,
        metaTags: [filing.name],
        createdBy: request.auth.user.id,
      });
      const [status] = await tx
        .insert(aciStatuses)
        .values({ carrier: segment.carrier, segment_id: segment.id, message_type: filing.type, direction: "out", name: filing.name, generated_at: at, shipments: filing.shipments, created_by: request.auth.user.id, created_at: at })
        .returning();
      if (filing.placi) await markPlaciSent(tx, filing.placi.bookingIds, filing.placi.houseIds, at);
      return { rows, status: status! };
    });
    return { data: result.rows.map((row) => answerOf(request, row)), aci_status: statusAnswer(result.status) };
  };

  const file = (type: CustomsFiling, path: string, summary: string) =>
    app.post(
      `/api/v3/segments/:id/${path}`,
      { schema: { tags, summary, params: IdParams, body: SendMessageBody, response: { 201: FiledAnswer, ...resourceErrors } } },
      async (request, reply) => {
        allowRule(request, CUSTOMS_FILING, `send_${type.toLowerCase()}`);
        const segment = await findSegment(db, request, request.params.id);
        if (!segment.aci_required) throw refuse(422, "aci_not_required", { type });
        const target = filingAddresses(type, request.body as { channel?: Channel; addresses?: string[] });
        const at = now();
        const filing = type === "PLACI" ? placiOf(await placiFiling(db, segment, at)) : aciOf(await aciDocument(db, segment, at));
        return reply.code(201).send(await fileDocument(request as Request, segment, target, at, filing));
      },
    );
  file("ACI", "aci", "File the flight's ACI (pre-arrival advance cargo information, XML): a consignment per waybill on its manifest with parties, goods, HS codes, houses; to the e-mail or https addresses given; records an ACI status. 422 aci_not_required, not_enough_data");
  file("PLACI", "placi", "File the flight's PLACI (pre-loading advance cargo information, XML): an entry per house waybill (or master without houses) booked on it; their PLACI status becomes sent; records an ACI status. 422 aci_not_required, nothing_booked");

  app.post(
    "/api/v3/air_waybills/:mawb/placi",
    {
      schema: {
        tags: ["air waybills", "customs"],
        summary:
          "File the waybill's own PLACI (XML) on its first flight that requires ACI among its active bookings: an entry per house waybill, or the master's when it has none; their PLACI status becomes sent; records an ACI status on that flight. 422 waybill_not_booked, waybill_no_aci_flight",
        params: MawbParams,
        body: SendMessageBody,
        response: { 201: FiledAnswer, ...resourceErrors },
      },
    },
    async (request, reply) => {
      allowRule(request, CUSTOMS_FILING, "send_placi");
      const awb = await findVisible(db, request.auth, mawbOf(request.params.mawb));
      const segment = await findSegment(db, request, await placiFlightOf(db, awb.id));
      const target = filingAddresses("PLACI", request.body as { channel?: Channel; addresses?: string[] });
      const at = now();
      const filing = placiOf(await placiFiling(db, segment, at, awb.id));
      return reply.code(201).send(await fileDocument(request as Request, segment, target, at, filing, { id: awb.id, mawb: awb.mawb }));
    },
  );

  app.post(
    "/api/v3/segments/:id/csn_list",
    {
      schema: {
        tags,
        summary: "Send the CSN of the selected waybills carried on this flight, each with its MRN (Cargo-IMP, in parts of about twenty waybills); 422 csn_not_on_flight or mrn_missing with the waybills, nothing sent",
        params: IdParams,
        body: CsnListBody,
        response: { 201: CsnAnswer, ...resourceErrors },
      },
    },
    async (request, reply) => {
      allowRule(request, OUTGOING_SEND, "send_csn");
      const segment = await findSegment(db, request, request.params.id);
      const body = request.body;
      const checked = body.mawbs.map((m) => ({ typed: m, check: checkAwbNumber(m) }));
      const numbers = [...new Set(checked.flatMap((c) => (c.check.valid ? [c.check.mawb] : [])))];
      const found = numbers.length
        ? await db
            .select()
            .from(airWaybills)
            .where(and(inArray(airWaybills.mawb, numbers), eq(airWaybills.deleted, false), isNull(airWaybills.voided_at), onFlight(segment.id)))
        : [];
      const notOnFlight = [...checked.filter((c) => !c.check.valid).map((c) => c.typed.slice(0, 20)), ...numbers.filter((n) => !found.some((a) => a.mawb === n))];
      if (notOnFlight.length) throw refuseFields({ mawbs: [refusal("csn_not_on_flight", listed(notOnFlight))] }, 422, { not_on_flight: notOnFlight });
      const withoutMrn = numbers.filter((n) => !isMrn(found.find((a) => a.mawb === n)!.mrn));
      if (withoutMrn.length) throw refuseFields({ mawbs: [refusal("mrn_missing", listed(withoutMrn))] }, 422, { without_mrn: withoutMrn });

      const at = now();
      const waybills = numbers.map((n) => found.find((a) => a.mawb === n)!);
      let parts: ReturnType<typeof csnParts>;
      try {
        parts = csnParts(segment, waybills, at);
      } catch (err) {
        // stored figures a Cargo-IMP line cannot carry: the caller's data, not our failure
        if (err instanceof RangeError) throw refuse(422, "message_not_writable", { type: "CSN", detail: err.message.slice(0, 200) });
        throw err;
      }
      const rows = await db.transaction(async (tx) => {
        const typed = body.addresses?.length ? [typedTarget(body.addresses, body.channel)] : null;
        const targets = typed ?? (await settingTargets(tx, segment.carrier, "CSN", segment.origin_iata, body.channel));
        if (!targets.length) throw refuseField("addresses", "no_message_setting", { type: "CSN" });
        const out: OutgoingMessageRow[] = [];
        for (const target of targets)
          for (const part of parts)
            out.push(
              ...(await recordOutgoing(tx, at, {
                carrier: segment.carrier,
                event: "manual",
                messageType: "CSN",
                text: part.text,
                format: target.format,
                model: part.model,
                to: target.to,
                cc: target.cc,
                bcc: target.bcc,
                subject: target.subject ?? `CSN ${segment.number_with_date}`,
                settingId: target.settingId,
                segmentId: segment.id,
                origin: segment.origin_iata,
                destination: segment.destination_iata,
                metaTags: part.mawbs,
                createdBy: request.auth.user.id,
              })),
            );
        return out;
      });
      return reply.code(201).send({ data: rows.map((row) => answerOf(request as Request, row)), sent: numbers });
    },
  );

  app.get(
    "/api/v3/segments/:id/mrn_list.xlsx",
    { schema: { tags, summary: `The flight's waybills (booked or manifested) with their MRN, blank where none (mrn_list.xlsx); at most ${MAX_MESSAGE_SHIPMENTS}`, params: IdParams, produces: [XLSX_TYPE] } },
    async (request, reply) => {
      const segment = await handledSegment(db, request, request.params.id, HANDLING_ACCESS.read);
      reply.header("content-disposition", 'attachment; filename="mrn_list.xlsx"');
      return reply.type(XLSX_TYPE).send(await mrnWorkbook(db, segment));
    },
  );
};

/**
 * The flight a waybill's own PLACI is filed for: the first to depart among its active bookings (what its FBLs list)
 * whose flight requires ACI, the one that loads it into the customs territory; 422 waybill_not_booked without an active
 * booking, waybill_no_aci_flight when none of its flights requires ACI.
 */
async function placiFlightOf(db: Db, awbId: number): Promise<number> {
  const flights = await db
    .select({ id: segments.id, aci_required: segments.aci_required })
    .from(bookings)
    .innerJoin(segments, eq(segments.id, bookings.segment_id))
    .where(and(eq(bookings.air_waybill_id, awbId), eq(bookings.active, true), inArray(bookings.response_status, [...FBL_BOOKING_STATUSES])))
    .orderBy(asc(segments.std), asc(segments.id))
    .limit(MAX_LIST_ITEMS);
  if (!flights.length) throw refuse(422, "waybill_not_booked", { type: "PLACI" });
  const flight = flights.find((f) => f.aci_required);
  if (!flight) throw refuse(422, "waybill_no_aci_flight", { type: "PLACI" });
  return flight.id;
}

/** PLACI filed: the bookings and houses it covers say "sent" until customs answers (an answer already there stays). */
async function markPlaciSent(tx: Parameters<typeof recordOutgoing>[0], bookingIds: number[], houseIds: number[], at: Date) {
  if (bookingIds.length) await tx.update(bookings).set({ placi_status: "sent", updated_at: at }).where(and(inArray(bookings.id, bookingIds), isNull(bookings.placi_status)));
  if (houseIds.length) await tx.update(houseWaybills).set({ placi_status: "sent", updated_at: at }).where(and(inArray(houseWaybills.id, houseIds), isNull(houseWaybills.placi_status)));
}

const MRN_COLUMNS: Array<[string, (a: typeof airWaybills.$inferSelect) => string | number]> = [
  ["AWB", (a) => a.mawb],
  ["Origin", (a) => a.origin_iata],
  ["Destination", (a) => a.destination_iata],
  ["Pieces", (a) => a.pieces],
  ["Weight", (a) => a.weight],
  ["Unit", (a) => (a.weight_code === "L" ? "lb" : "kg")],
  ["Goods", (a) => a.commodity],
  ["HS codes", (a) => a.hs_codes.join(", ")],
  ["Shipper", (a) => a.shipper.name ?? ""],
  ["Consignee", (a) => a.consignee.name ?? ""],
  ["MRN", (a) => a.mrn ?? ""],
];

/** The MRN list: one row per waybill on the flight, by number, under MRN_COLUMNS' headers. */
async function mrnWorkbook(db: Db, segment: Segment): Promise<Buffer> {
  const rows = await db
    .select()
    .from(airWaybills)
    .where(and(onFlight(segment.id), eq(airWaybills.deleted, false)))
    .orderBy(airWaybills.mawb)
    .limit(MAX_MESSAGE_SHIPMENTS + 1);
  if (rows.length > MAX_MESSAGE_SHIPMENTS) throw refuse(422, "message_too_many_shipments", { max: MAX_MESSAGE_SHIPMENTS });
  const workbook = new (await loadExcelJS()).Workbook();
  // the flight in the file's title; the sheet's first row is its header, as a program reading the list expects
  workbook.title = `MRN ${segment.number_with_date} ${segment.origin_iata}-${segment.destination_iata}`;
  const sheet = workbook.addWorksheet("MRN");
  sheet.addRow(MRN_COLUMNS.map(([h]) => h));
  for (const awb of rows) sheet.addRow(MRN_COLUMNS.map(([, value]) => value(awb)));
  sheet.getRow(1).font = { bold: true };
  sheet.columns.forEach((c) => {
    c.width = 16;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
