import { eq, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import { offerAllows, OFFER_STATE_REFUSAL, type OfferStatus } from "../../cargo/offers/offer-status";
import { offerDimensions, offers } from "../db/schema";
import { addRefusal, refuse, refuseField, throwIfRefused, type FieldRefusals } from "../http/errors";
import { refusalOfIssue } from "../http/zod-refusals";
import { createAirWaybill } from "../air-waybills/create";
import { CreateAirWaybillBody } from "../air-waybills/schemas";
import { findOffer, type OfferRow } from "./queries";
import type { OfferAirWaybillBody } from "./schemas";

// "Create AWB without booking" (spec 1 §2 "Actions on an offer"; spec 2 §4): the waybill of an accepted offer, made by
// the waybill's own create (api/air-waybills/create.ts) from what the offer says (airline, route, pieces, weight,
// volume, SHCs, commodity, dimensions; its customer as the shipper) and what it cannot say (HS codes, the parties when
// other than the customer). The offer records the new number in the same transaction and stays accepted (cargo/
// offers/offer-status.ts: one accepted quotation may serve several shipments until it is closed).

const refuseState = (row: OfferRow) => refuse(422, OFFER_STATE_REFUSAL, { state: row.status, action: "create_awb" });

/** The waybill create's body for the offer; its field errors keyed as the waybill create keys them ("shipper.post_code"). */
async function waybillBody(request: FastifyRequest, row: OfferRow, body: z.infer<typeof OfferAirWaybillBody>) {
  const dims = await request.server.deps.db.select().from(offerDimensions).where(eq(offerDimensions.offer_id, row.id));
  const customer = row.customer;
  const parsed = CreateAirWaybillBody.safeParse({
    air_waybill: {
      mawb: body.mawb ?? undefined,
      carrier: row.carrier,
      origin_iata: row.origin_iata,
      destination_iata: row.destination_iata,
      pieces: row.pieces,
      weight: row.weight,
      // the rows give the waybill its volume when there are any, as on the create page
      volume: dims.length ? undefined : row.volume,
      shcs: row.shcs,
      commodity: row.commodity ?? undefined,
      hs_codes: body.hs_codes,
      product_code: body.product_code ?? undefined,
      shipper: body.shipper ?? { name: customer.name ?? row.customer_name, address: customer.address, city: customer.city, country_code: customer.country_code, post_code: customer.post_code, tax_id: customer.tax_id, contacts: customer.contacts },
      consignee: body.consignee ?? {},
    },
    dimensions: dims.map((d) => ({ pieces: d.pieces, weight: d.weight, length: d.length, width: d.width, height: d.height })),
    segments: [],
    accept_warnings: body.accept_warnings,
  });
  if (parsed.success) return parsed.data;
  const errs: FieldRefusals = {};
  for (const issue of parsed.error.issues.slice(0, 20)) {
    const path = issue.path[0] === "air_waybill" ? issue.path.slice(1) : issue.path;
    const r = refusalOfIssue(issue as Parameters<typeof refusalOfIssue>[0]);
    addRefusal(errs, path.join(".") || "base", r.code, r.params);
  }
  throwIfRefused(errs);
  throw new Error("unreachable: a failed parse names its fields");
}

/** Creates the waybill of the caller's accepted offer `id`; answers its number. */
export async function createAirWaybillFromOffer(request: FastifyRequest, id: number, body: z.infer<typeof OfferAirWaybillBody>, at: Date): Promise<string> {
  const row = await findOffer(request.server.deps.db, request.auth, id);
  if (!offerAllows(row.status as OfferStatus, "create_awb")) throw refuseState(row);
  if (!row.carrier) throw refuseField("carrier", "blank");
  const input = await waybillBody(request, row, body);
  const created = await createAirWaybill(request, input, at, async (tx, awb) => {
    // the offer may have been closed meanwhile: then neither the waybill nor the record stands
    const locked = await findOffer(tx, request.auth, id, { forUpdate: true });
    if (!offerAllows(locked.status as OfferStatus, "create_awb")) throw refuseState(locked);
    await tx.update(offers).set({ air_waybills: sql`array_append(${offers.air_waybills}, ${awb.mawb})`, updated_at: at }).where(eq(offers.id, id));
  });
  return created.mawb;
}
