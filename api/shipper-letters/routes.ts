import { aliasedTable, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AuthContext } from "../auth/authenticate";
import type { Db } from "../db/open";
import { shipperLetters, users } from "../db/schema";
import { refuseDuplicate, refuseField } from "../http/errors";
import { TEXT_MAX } from "../http/input";
import { resourceErrors } from "../http/schemas";
import { accessDenied, isForwarder, may } from "../settings/access";
import { AWB_ACCESS, findVisible, mawbOf, type AirWaybillRow } from "../air-waybills/access";
import { logAwbChange } from "../air-waybills/state-change";
import { notifyAirline, notifyForwarder } from "./notify";
import { AnswerShipperLetterBody, ShipperLetterSchema, type ShipperLetterAnswer, type SliState } from "./schemas";

// The shipper's letter of instruction (spec 3 §7 POST /{id}/send_shipper_letter; spec 2 §3 SLI fields; issue 11).
// Without an external SLI service, "send" means: the forwarder that owns the waybill hands the letter to the airline
// of its prefix. The API records it (sent_at, who), gives it a barcode, and tells the airline's users through their
// notifications; the airline accepts it or declines it with a reason (accepted, answered_at, info), and the
// forwarder's users hear the answer. A declined letter may be sent again (a new barcode); an accepted or pending one
// may not. Every step is written in the waybill's change log. Tenancy is the waybill's: outside it, 404.

const tags = ["air waybills", "shipper letters"];
const MawbParams = z.object({ mawb: z.string().max(TEXT_MAX.code * 4) });

type Letter = typeof shipperLetters.$inferSelect;

const sender = aliasedTable(users, "sender");
const answerer = aliasedTable(users, "answerer");

const isOwner = (auth: AuthContext, awb: AirWaybillRow) => isForwarder(auth.profile) && may(auth, AWB_ACCESS.read) && auth.profile!.company.id === awb.forwarder_id;

const stateOf = (letter: Pick<Letter, "accepted"> | null): SliState => (!letter ? "not_sent" : letter.accepted === null ? "sent" : letter.accepted ? "accepted" : "declined");

/** Why the owner may not send now, or null. */
function refusalToSend(awb: AirWaybillRow, letter: Letter | null): string | null {
  if (awb.voided_at) return "the air waybill is voided";
  const state = stateOf(letter);
  if (state === "sent") return "has already been sent: waiting for the airline's answer";
  if (state === "accepted") return "has already been accepted";
  return null;
}

/** What the letter's barcode encodes: printable in Code 128, unique per waybill and send. */
export const barcodeOf = (mawb: string, sends: number) => `SLI${mawb.replace(/\D/g, "")}${String(sends).padStart(2, "0")}`;

async function letterOf(db: Pick<Db, "select">, awbId: number) {
  const [found] = await db
    .select({ letter: shipperLetters, sent_by: sender.email, answered_by: answerer.email })
    .from(shipperLetters)
    .leftJoin(sender, eq(sender.id, shipperLetters.sent_by))
    .leftJoin(answerer, eq(answerer.id, shipperLetters.answered_by))
    .where(eq(shipperLetters.air_waybill_id, awbId))
    .limit(1);
  return found ?? null;
}

async function answerFor(db: Pick<Db, "select">, auth: AuthContext, awb: AirWaybillRow): Promise<ShipperLetterAnswer> {
  const found = await letterOf(db, awb.id);
  const letter = found?.letter ?? null;
  const state = stateOf(letter);
  return {
    mawb: awb.mawb,
    status: state,
    barcode: letter?.barcode ?? null,
    sends: letter?.sends ?? 0,
    sent_at: letter?.sent_at ?? null,
    sent_by: found?.sent_by ?? null,
    accepted: letter?.accepted ?? null,
    answered_at: letter?.answered_at ?? null,
    answered_by: found?.answered_by ?? null,
    info: letter?.info ?? null,
    actions: {
      send: isOwner(auth, awb) && !refusalToSend(awb, letter),
      answer: state === "sent" && !awb.voided_at && may(auth, AWB_ACCESS.airline),
    },
  };
}

export const shipperLetterRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;

  app.get(
    "/api/v3/air_waybills/:mawb/shipper_letter",
    {
      schema: { tags, summary: "The waybill's shipper's letter of instruction: its state, barcode, the airline's answer, and what the caller may do", params: MawbParams, response: { 200: ShipperLetterSchema, ...resourceErrors } },
    },
    async (request) => answerFor(db, request.auth, await findVisible(db, request.auth, mawbOf(request.params.mawb))),
  );

  app.post(
    "/api/v3/air_waybills/:mawb/send_shipper_letter",
    {
      schema: {
        tags,
        summary: "The forwarder that owns the waybill sends its shipper's letter to the airline: recorded with a new barcode, the airline's users notified. Not while one waits for an answer or was accepted",
        params: MawbParams,
        response: { 201: ShipperLetterSchema, ...resourceErrors },
      },
    },
    async (request, reply) => {
      const auth = request.auth;
      const mawb = mawbOf(request.params.mawb);
      const at = app.deps.now();
      const awb = await refuseDuplicate(
        () =>
          db.transaction(async (tx) => {
            // the waybill's row lock orders two sends of one letter (the unique indexes are the last guard)
            const row = await findVisible(tx, auth, mawb, { forUpdate: true });
            if (!isOwner(auth, row)) throw accessDenied();
            const current = (await letterOf(tx, row.id))?.letter ?? null;
            const refusal = refusalToSend(row, current);
            if (refusal) throw refuseField("base", "sli_refused", { detail: refusal });
            const sends = (current?.sends ?? 0) + 1;
            const fields = { barcode: barcodeOf(row.mawb, sends), sends, sent_at: at, sent_by: auth.user.id, accepted: null, answered_at: null, answered_by: null, info: null, updated_at: at };
            if (current) await tx.update(shipperLetters).set(fields).where(eq(shipperLetters.id, current.id));
            else await tx.insert(shipperLetters).values({ ...fields, air_waybill_id: row.id, mawb: row.mawb, carrier: row.carrier, forwarder_id: row.forwarder_id, created_at: at });
            await logAwbChange(tx, auth, row, "send_shipper_letter", { sli: stateOf(current) }, { sli: "sent", sli_barcode: fields.barcode });
            await notifyAirline(tx, row.carrier, {
              level: "info",
              en_text: `Shipper's letter of instruction for air waybill ${row.mawb} received (barcode ${fields.barcode}): accept or decline it on the shipment page.`,
              ru_text: `Получено поручение грузоотправителя по авианакладной ${row.mawb} (штрихкод ${fields.barcode}): примите или отклоните его на странице отправки.`,
            });
            return row;
          }),
        () => refuseField("base", "taken"),
      );
      return reply.code(201).send(await answerFor(db, auth, awb));
    },
  );

  app.patch(
    "/api/v3/air_waybills/:mawb/shipper_letter",
    {
      schema: {
        tags,
        summary: "The airline answers a sent shipper's letter: accepted, or declined with info saying why (the forwarder may then send it again)",
        params: MawbParams,
        body: AnswerShipperLetterBody,
        response: { 200: ShipperLetterSchema, ...resourceErrors },
      },
    },
    async (request) => {
      const auth = request.auth;
      const body = request.body;
      const at = app.deps.now();
      const awb = await db.transaction(async (tx) => {
        const row = await findVisible(tx, auth, mawbOf(request.params.mawb), { forUpdate: true });
        if (!may(auth, AWB_ACCESS.airline)) throw accessDenied();
        const letter = (await letterOf(tx, row.id))?.letter ?? null;
        if (stateOf(letter) !== "sent" || row.voided_at) throw refuseField("base", letter ? "sli_answered" : "sli_not_sent");
        await tx.update(shipperLetters).set({ accepted: body.accepted, info: body.info ?? null, answered_at: at, answered_by: auth.user.id, updated_at: at }).where(eq(shipperLetters.id, letter!.id));
        const verdict = body.accepted ? "accepted" : "declined";
        await logAwbChange(tx, auth, row, `shipper_letter_${verdict}`, { sli: "sent" }, { sli: verdict, sli_info: body.info ?? null });
        const why = body.info ? `: ${body.info}` : ".";
        await notifyForwarder(tx, row.forwarder_id, {
          level: body.accepted ? "info" : "warning",
          en_text: `The airline ${verdict} the shipper's letter of instruction for air waybill ${row.mawb}${why}`,
          ru_text: `Авиакомпания ${body.accepted ? "приняла" : "отклонила"} поручение грузоотправителя по авианакладной ${row.mawb}${why}`,
        });
        return row;
      });
      return answerFor(db, auth, awb);
    },
  );
};
