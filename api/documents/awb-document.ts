import { and, asc, eq, inArray } from "drizzle-orm";
import type { AuthContext } from "../auth/authenticate";
import type { Db } from "../db/open";
import { airlines, airports, bookings, companies } from "../db/schema";
import { agreementInForce } from "../air-waybills/agreement-in-force";
import { findVisible, type AirWaybillRow } from "../air-waybills/access";

// What a waybill's documents (the air waybill PDF, its labels) print besides the waybill row: the issuing airline,
// the forwarder as issuing carrier's agent, the flights it is booked on (routing, requested flight/date) and the
// Cyrillic names of its airports. Read under the waybill's tenancy: only its forwarder, its airline and platform get
// a document; anyone else gets the same 404 as for a number nobody uses (api/air-waybills/access.ts).
//
// An issued waybill whose forwarder left the execution boxes and the currency empty prints them from its issue
// (issue 22 §6): executed on the issue date, at the origin's city, in the currency of the airline's agreement with
// the forwarder in force that day. What the waybill itself says always wins.

export interface AwbDocument {
  awb: AirWaybillRow;
  airline: { carrier: string; name: string; awb_prefix: string; cyrillic_code: string | null; address: string | null };
  forwarder: { name: string; short_name: string; city: string | null; forwarder_iata_code: string | null; account_number: string | null; cass_codes: string[] };
  /** The active bookings, first leg first: where each leg goes and by which airline and flight. */
  legs: Array<{ to: string; by: string; flight: string; std: Date }>;
  /** Russian city names of the route's airports, where known (the use_cyrillic_codes option prints them). */
  cyrillicCity: Map<string, string>;
}

export async function loadAwbDocument(db: Db, auth: AuthContext, mawb: string): Promise<AwbDocument> {
  const awb = await findVisible(db, auth, mawb);
  const [[airline], [forwarder], legRows] = await Promise.all([
    db
      .select({ carrier: airlines.carrier, name: airlines.name, awb_prefix: airlines.awb_prefix, cyrillic_code: airlines.cyrillic_code, address: airlines.address })
      .from(airlines)
      .where(eq(airlines.carrier, awb.carrier))
      .limit(1),
    db
      .select({
        name: companies.name,
        short_name: companies.short_name,
        city: companies.city,
        forwarder_iata_code: companies.forwarder_iata_code,
        account_number: companies.account_number,
        cass_codes: companies.cass_codes,
      })
      .from(companies)
      .where(eq(companies.id, awb.forwarder_id))
      .limit(1),
    db
      .select({ to: bookings.destination_iata, by: bookings.carrier, flight: bookings.number_with_date, std: bookings.std })
      .from(bookings)
      .where(and(eq(bookings.air_waybill_id, awb.id), eq(bookings.active, true)))
      .orderBy(asc(bookings.std), asc(bookings.id)),
  ]);
  const codes = [...new Set([awb.origin_iata, awb.destination_iata, ...awb.manual_route, ...legRows.map((l) => l.to)])];
  const cities = await db
    .select({ iata: airports.iata, city: airports.cyrillic_city_name, city_name: airports.city_name })
    .from(airports)
    .where(inArray(airports.iata, codes));
  const issued = awb.issued_at !== null && awb.issue_date !== null;
  const originCity = cities.find((c) => c.iata === awb.origin_iata)?.city_name;
  return {
    awb: {
      ...awb,
      executed_on: awb.executed_on ?? (issued ? awb.issue_date : null),
      executed_at: awb.executed_at ?? (issued ? (originCity ?? awb.origin_iata).toUpperCase() : null),
      currency: awb.currency ?? (await agreementInForce(db, awb, awb.issue_date ?? awb.created_at.toISOString().slice(0, 10)))?.currency ?? null,
    },
    airline: airline ?? { carrier: awb.carrier, name: awb.carrier, awb_prefix: awb.prefix, cyrillic_code: null, address: null },
    forwarder: forwarder ?? { name: "", short_name: "", city: null, forwarder_iata_code: null, account_number: null, cass_codes: [] },
    legs: legRows,
    cyrillicCity: new Map(cities.filter((c) => c.city).map((c) => [c.iata, c.city!])),
  };
}
