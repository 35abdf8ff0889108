import { calculateWaybill } from "../billing/waybill-rates";
import { and, eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import { checkAwbNumber } from "../../cargo";
import { AWB_CREATE } from "../../cargo/access/rules";
import { allowRule } from "../auth/access-rules";
import type { AuthContext } from "../auth/authenticate";
import { utcDateOf } from "../clock";
import type { Db } from "../db/open";
import { airWaybills, companies } from "../db/schema";
import type { DimensionRow, PartyBlock } from "../db/tables/air-waybills";
import { HttpError, isUniqueViolation, refuse, refuseField } from "../http/errors";
import { isForwarder, isPlatform, scopeCarrier } from "../settings/access";
import { throwIfErrors } from "../settings/common";
import { bookLeg } from "../bookings/book";
import { sendWaybillEvent } from "../outgoing/waybill-events";
import { noticeLowStock, stockAlertLevel } from "../stocks/low-stock-notice";
import type { AirWaybillRow } from "./access";
import { refreshBookingSummary } from "./booking-summary";
import { airlineOfCarrier, airlineOfPrefix, type AirlineRow } from "./figures";
import { allocateNumber } from "./numbers";
import { bsoMismatch, prepareAwb, type AwbValues } from "./prepare";
import type { CreateAirWaybillBody } from "./schemas";
import { logAwbChange } from "./state-change";
import { refreshWarnings } from "./warnings";

// Creating an air waybill (spec 3 §7 POST air_waybills; issue 10), as a service the route and the offers' "create AWB
// without booking" (api/offers, issue 24) both call, so a waybill made from an offer is checked, numbered, logged and
// announced exactly as one made on the create page (STYLE §7: the route stays thin, the work is here).

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** 409 with the warnings the user must accept before the waybill is saved (the BFF asks: continue or cancel). */
export const confirmationRequired = (warnings: string[]) =>
  refuse(409, "confirmation_required", {}, { as: "message", extra: { error: "confirmation_required", warnings } });

/** The forwarder a new waybill belongs to: the caller's company, or the one platform or airline staff name. */
async function forwarderFor(db: Db, auth: AuthContext, named: string | null | undefined) {
  const p = auth.profile!;
  if (isForwarder(p)) return { id: p.company.id, iata: p.company.forwarder_iata_code ?? null };
  if (!named) throw refuseField("forwarder_short_name", "blank");
  const [row] = await db
    .select({ id: companies.id, iata: companies.forwarder_iata_code })
    .from(companies)
    .where(and(eq(companies.short_name, named.toUpperCase()), eq(companies.business_type, "forwarder")))
    .limit(1);
  if (!row) throw refuseField("forwarder_short_name", "unknown_forwarder");
  return row;
}

/** The airline of a new waybill: its typed number's prefix, else the one named or the host's; an airline user's own. */
async function airlineFor(db: Db, auth: AuthContext, typed: string | null | undefined, named: string | null | undefined): Promise<AirlineRow> {
  const check = typed ? checkAwbNumber(typed) : null;
  if (check?.valid && !isForwarder(auth.profile) && !isPlatform(auth.profile)) return airlineOfCarrier(db, scopeCarrier(auth)!);
  if (check?.valid) {
    const airline = await airlineOfPrefix(db, check.number.prefix);
    if (!airline) throw refuseField("mawb", "awb_number_other_airline");
    if (auth.carrier && airline.carrier !== auth.carrier) throw refuseField("mawb", "awb_number_other_airline");
    return airline;
  }
  const carrier = scopeCarrier(auth, named);
  if (!carrier) throw refuseField("carrier", "blank");
  return airlineOfCarrier(db, carrier);
}

export const toRows = (dims: Array<{ pieces: number; weight?: number | null; length: number; width: number; height: number }>): DimensionRow[] =>
  dims.map((d) => ({ pieces: d.pieces, weight: d.weight ?? null, length: d.length, width: d.width, height: d.height }));

type Fields = z.infer<typeof CreateAirWaybillBody>["air_waybill"];

/** The columns a create or edit writes from the body (absent fields left out). */
export function columnsOf(f: Partial<Fields>) {
  const { mawb: _m, carrier: _c, forwarder_short_name: _f, shipper, consignee, notify, issuing_agent, ...rest } = f;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(rest)) if (v !== undefined) out[k] = v;
  if (shipper !== undefined) out.shipper = shipper as PartyBlock;
  if (consignee !== undefined) out.consignee = consignee as PartyBlock;
  if (notify !== undefined) out.notify = notify as PartyBlock | null;
  if (issuing_agent !== undefined) out.issuing_agent = issuing_agent as PartyBlock | null;
  if (typeof out.product_code === "string") out.product_code = (out.product_code as string).toUpperCase();
  if (typeof out.currency === "string") out.currency = (out.currency as string).toUpperCase();
  return out;
}


export type CreateAirWaybillInput = z.infer<typeof CreateAirWaybillBody>;

/**
 * Creates the waybill the body describes for the caller (AWB_CREATE), in one transaction: its number from the
 * forwarder's stock (or typed where allowed), its bookings on `segments`, its change log, warnings and FWB event.
 * `alsoInTx` runs in the same transaction once the row exists (the offer records the number it made, or neither
 * happens). 409 with the warnings to accept, 422 with field errors.
 */
export async function createAirWaybill(
  request: Pick<FastifyRequest, "auth" | "server">,
  body: CreateAirWaybillInput,
  at: Date,
  alsoInTx?: (tx: Tx, row: AirWaybillRow) => Promise<void>,
): Promise<AirWaybillRow> {
  const db = request.server.deps.db;
  const auth = request.auth;
  allowRule(request, AWB_CREATE, "create_air_waybill");
  const f = body.air_waybill;
  const airline = await airlineFor(db, auth, f.mawb, f.carrier);
  const forwarder = await forwarderFor(db, auth, f.forwarder_short_name);
  const dims = toRows(body.dimensions);
  const booking = body.segments.length > 0;
  const prepared = await prepareAwb(db, airline, f as AwbValues, dims, { booking, certified: body.consignor_certified === true });
  throwIfErrors(prepared.errors);
  const typingAllowed = isPlatform(auth.profile) || request.server.deps.config.AIRLINES_CUSTOM_WAYBILL_NUMBER.includes((auth.carrier ?? "").toLowerCase());

  let created: AirWaybillRow;
  try {
    created = await db.transaction(async (tx) => {
      const number = await allocateNumber(tx, { typed: f.mawb, typingAllowed, prefix: airline.awb_prefix, forwarderId: forwarder.id, at });
      if (!number.custom) await noticeLowStock(tx, { forwarderId: forwarder.id, prefix: number.prefix, carrier: airline.carrier, level: stockAlertLevel(airline.settings as Record<string, unknown>) });
      const warnings = [...prepared.check.warnings, ...(bsoMismatch(airline, f.product_code, number.bso) ? ["bso_mismatch"] : [])];
      if (warnings.length && !body.accept_warnings) throw confirmationRequired(warnings);
      const [row] = await tx
        .insert(airWaybills)
        .values({
          ...(columnsOf(f) as object),
          mawb: number.mawb,
          prefix: number.prefix,
          carrier: airline.carrier,
          forwarder_id: forwarder.id,
          created_by: auth.user.id,
          custom_number: number.custom,
          bso: number.bso,
          origin_iata: f.origin_iata!,
          destination_iata: f.destination_iata!,
          pieces: f.pieces!,
          weight: f.weight!,
          volume: prepared.volume,
          commodity: f.commodity!,
          dimensions: dims,
          consignor_certified: body.consignor_certified === true,
          tariff_date: f.tariff_date ?? utcDateOf(at),
          ...prepared.figures,
          created_at: at,
          updated_at: at,
        })
        .returning();
      await logAwbChange(tx, auth, row!, "create", null, row as unknown as Record<string, unknown>);
      for (const segment_id of body.segments) {
        await bookLeg(tx, { auth, now: at }, row!, { segment_id }, { pieces: row!.pieces, weight: row!.weight, volume: row!.volume, shcs: row!.shcs }, { certified: row!.consignor_certified });
      }
      await refreshBookingSummary(tx, row!.id);
      await refreshWarnings(tx, row!.id, at);
      await sendWaybillEvent(tx, at, row!.id, "awb_created", auth.user.id);
      if (alsoInTx) await alsoInTx(tx, row!);
      return row!;
    });
  } catch (err) {
    if (isUniqueViolation(err) && !(err instanceof HttpError)) throw refuseField("mawb", "awb_number_not_available");
    throw err;
  }
  // Its estimated revenue and rate lines from the airline's tariffs (issue 24), as a calculation would set them; a
  // waybill the tariffs cannot price is created all the same, without them.
  await calculateWaybill(request.server.deps.db, at, created, "ifEmpty");
  return created;
}
