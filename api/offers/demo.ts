import { and, asc, eq, gte } from "drizzle-orm";
import { addDays } from "../../cargo";
import { offerRateAmounts, type OfferRateInput } from "../../cargo/offers/offer-rates";
import type { Db } from "../db/open";
import { companies, forwarderCustomers, offerDimensions, offerNumbers, offerRates, offers, segments } from "../db/schema";
import type { OfferSegment } from "../db/tables/offers";

// The demo forwarder's offers on a fresh install (issue 24 "Demo data"): one in each status, so that every tab of
// /dashboard/offers shows something on the forwarder host: a draft for next week, one sent and awaiting the customer,
// one accepted on a coming S7 flight (ready to ship or book), and a closed one of last month. Dates are relative to
// the seed date; the numbers are the forwarder's first, as its sequence (offer_numbers) continues from them.

type Tx = Pick<Db, "select" | "insert" | "update" | "execute">;

const at = (date: string, hour: number) => new Date(Date.parse(`${date}T${String(hour).padStart(2, "0")}:00:00Z`));

type Line = Omit<OfferRateInput, "base_value"> & { type: "airfreight" | "charge"; code: string; description: string; base_value?: string; company?: "agent" | "carrier" };

/** The rows of a line, its amounts computed as the API computes them. */
function rateRow(offerId: number, line: Line, weight: number, stamp: Date) {
  const base = line.base_value ?? (line.basis === "fixed_value" ? "1" : String(weight));
  const amounts = offerRateAmounts({ ...line, base_value: base });
  return {
    offer_id: offerId,
    type: line.type,
    code: line.code,
    rate_class_code: line.rate_class_code,
    description: line.description,
    rate: line.rate,
    base_value: amounts.base_value,
    amount: amounts.amount,
    incoming_amount: amounts.incoming_amount,
    outgoing_amount: amounts.outgoing_amount,
    currency: line.currency,
    basis: line.basis,
    vat_percent: null,
    company: line.company ?? "carrier",
    added_by: "forwarder@cargodesk.test",
    created_at: stamp,
    updated_at: stamp,
  };
}

const freight = (rate: string, outgoing: string): Line => ({ type: "airfreight", code: "FRT", description: "Airfreight", rate_class_code: "N", rate, basis: "weight", currency: "USD", outgoing_amount: outgoing });
const pickup: Line = { type: "charge", code: "PUP", description: "Pick-up and delivery to the airport", rate_class_code: null, rate: "3500", basis: "fixed_value", currency: "RUB", outgoing_amount: "4500", company: "agent" };
const awbFee: Line = { type: "charge", code: "AWC", description: "Air waybill fee", rate_class_code: null, rate: "15", basis: "fixed_value", currency: "USD" };

export async function seedDemoOffers(tx: Tx, today: string): Promise<void> {
  const [forwarder] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.short_name, "FWDONE")).limit(1);
  if (!forwarder) return;
  const customers = await tx.select().from(forwarderCustomers).where(eq(forwarderCustomers.company_id, forwarder.id)).orderBy(asc(forwarderCustomers.id));
  const customerOf = (i: number) => {
    const c = customers[i % Math.max(customers.length, 1)];
    return c
      ? { customer_id: c.id, customer_name: c.name, customer: { name: c.name, address: c.address, city: c.city, country_code: c.country_code, post_code: c.post_code, tax_id: c.tax_id, contacts: [] } }
      : { customer_id: null, customer_name: null, customer: {} };
  };
  // the accepted offer's trip: the first S7 DME→OVB flight from the day after tomorrow
  const [leg] = await tx
    .select()
    .from(segments)
    .where(and(eq(segments.carrier, "S7"), eq(segments.origin_iata, "DME"), eq(segments.destination_iata, "OVB"), gte(segments.std, at(addDays(today, 2), 0))))
    .orderBy(asc(segments.std))
    .limit(1);
  const trip: OfferSegment[] = leg ? [{ segment_id: leg.id, number_with_date: leg.number_with_date, origin_iata: "DME", destination_iata: "OVB", std: leg.std.toISOString() }] : [];

  const demo = [
    { status: "created" as const, created: addDays(today, -1), route: ["DME", "OVB"], date: addDays(today, 7), pieces: 4, weight: 260, volume: 1.2, commodity: "SPARE PARTS", lines: [freight("2.10", "690"), pickup], segs: [] as OfferSegment[] },
    { status: "sent" as const, created: addDays(today, -3), route: ["SVO", "LED"], date: addDays(today, 5), pieces: 10, weight: 540, volume: 2.8, commodity: "ELECTRONICS", lines: [{ ...freight("1.35", "820"), currency: "EUR" }, awbFee], segs: [] },
    { status: "accepted" as const, created: addDays(today, -6), route: ["DME", "OVB"], date: leg ? leg.std.toISOString().slice(0, 10) : addDays(today, 2), pieces: 2, weight: 120, volume: 0.4, commodity: "MACHINE PARTS", lines: [freight("2.45", "300"), pickup, awbFee], segs: trip },
    { status: "closed" as const, created: addDays(today, -30), route: ["OVB", "KJA"], date: addDays(today, -24), pieces: 1, weight: 35, volume: 0.1, commodity: "DOCUMENTS", lines: [{ ...freight("85", "95"), rate_class_code: "M" as const }], segs: [] },
  ];
  let n = 0;
  for (const [i, o] of demo.entries()) {
    n++;
    const created = at(o.created, 9);
    const [row] = await tx
      .insert(offers)
      .values({
        number: `OF-${String(n).padStart(6, "0")}`,
        forwarder_id: forwarder.id,
        status: o.status,
        carrier: o.route[0] === "SVO" ? "SU" : "S7",
        ...customerOf(i),
        origin_iata: o.route[0]!,
        destination_iata: o.route[1]!,
        date_toa: o.date,
        pieces: o.pieces,
        weight: o.weight,
        volume: o.volume,
        commodity: o.commodity,
        valid_until: o.status === "closed" ? addDays(o.created, 7) : addDays(today, 14),
        comment: o.status === "sent" ? "Space confirmed for the week; rates include fuel surcharge." : null,
        pickup_address: o.status === "created" ? "Nizhegorodskaya 32" : null,
        pickup_city: o.status === "created" ? "Moscow" : null,
        segments: o.segs,
        sent_at: o.status === "created" ? null : at(o.created, 11),
        accepted_at: o.status === "accepted" || o.status === "closed" ? at(addDays(o.created, 1), 10) : null,
        closed_at: o.status === "closed" ? at(addDays(o.created, 8), 10) : null,
        created_at: created,
        updated_at: created,
      })
      .returning({ id: offers.id });
    await tx.insert(offerRates).values(o.lines.map((line) => rateRow(row!.id, line, o.weight, created)));
    if (o.status === "accepted") await tx.insert(offerDimensions).values({ offer_id: row!.id, pieces: 2, weight: 120, length: 100, width: 50, height: 40, volume: 0.4, created_at: created, updated_at: created });
  }
  await tx.insert(offerNumbers).values({ forwarder_id: forwarder.id, last_number: n });
}
