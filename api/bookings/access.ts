import { and, eq, or, sql, type SQL } from "drizzle-orm";
import { checkAwbNumber } from "../../cargo/awb/awb-number";
import type { AuthContext } from "../auth/authenticate";
import { airWaybills, bookings } from "../db/schema";
import { notFound, refuseField } from "../http/errors";
import { isAirline, isForwarder, isPlatform, scopeCarrier, type Who } from "../settings/access";
import type { Tx } from "./space";
import { awbScope } from "../air-waybills/access";

// Who may do what with bookings, and which waybills and bookings a caller sees (spec 1 §6 "Bookings"). A forwarder
// works on its own company's waybills, an airline on its carrier's, platform staff on the Carrier header's airline
// (or all); a record outside that answers exactly like a missing one (404). Waybills are scoped by awbScope, the
// same rule as the waybill routes'.

export const BOOKINGS_ACCESS = {
  read: { platform: true, airline: true, forwarder: true },
  /** Booking, changing, cancelling and touching: the waybill's forwarder, platform, the airline's sales desk. */
  book: { platform: true, airline: ["manager", "operator", "com_cor"], forwarder: true },
  /** Answering a request (KK, UU, NN, LL): the airline whose flight it is, or platform. */
  answer: { platform: true, airline: ["manager", "operator", "com_cor"] },
} as const satisfies Record<string, Who>;

type Auth = Pick<AuthContext, "profile" | "carrier">;

const nothing = sql`false`;

/**
 * Tenancy over bookings joined with their waybill: a forwarder its company's; an airline those on its flights and
 * those of its waybills (an interline leg is seen by both airlines); platform the Carrier header's airline or all.
 */
export function bookingScope(auth: Auth): SQL | undefined {
  const p = auth.profile;
  if (isForwarder(p)) return and(eq(bookings.forwarder_id, p!.company.id), auth.carrier ? eq(airWaybills.carrier, auth.carrier) : undefined);
  if (!isAirline(p) && !isPlatform(p)) return nothing;
  // an airline always has its carrier; platform without a Carrier header sees every airline's
  const carrier = scopeCarrier(auth);
  return carrier ? or(eq(bookings.carrier, carrier), eq(airWaybills.carrier, carrier)) : undefined;
}

/** "421-12345675" from any written form; 422 under `mawb` when it is not an AWB number. */
export function mawbOf(text: string): string {
  const check = checkAwbNumber(text);
  if (!check.valid) throw refuseField("mawb", check.reason === "control" ? "invalid_control_bit" : "awb_number_invalid");
  return check.mawb;
}

export type Waybill = typeof airWaybills.$inferSelect;
export type Booking = typeof bookings.$inferSelect;

/** The waybill the caller may see, by number, locked when asked (404 otherwise; a deleted one is gone). */
export async function findWaybill(tx: Tx, auth: Auth, mawbText: string, opts: { lock?: boolean } = {}): Promise<Waybill> {
  const mawb = mawbOf(mawbText);
  const q = tx
    .select()
    .from(airWaybills)
    .where(and(eq(airWaybills.mawb, mawb), eq(airWaybills.deleted, false), awbScope(auth)))
    .limit(1);
  const [row] = opts.lock ? await q.for("update") : await q;
  if (!row) throw notFound();
  return row;
}

/** A booking the caller may see, with its waybill; the booking row locked when asked (404 otherwise). */
export async function findBooking(tx: Tx, auth: Auth, id: number, opts: { lock?: boolean } = {}): Promise<{ booking: Booking; awb: Waybill }> {
  const q = tx
    .select({ booking: bookings, awb: airWaybills })
    .from(bookings)
    .innerJoin(airWaybills, eq(airWaybills.id, bookings.air_waybill_id))
    .where(and(eq(bookings.id, id), eq(airWaybills.deleted, false), bookingScope(auth)))
    .limit(1);
  const [row] = opts.lock ? await q.for("update", { of: bookings }) : await q;
  if (!row) throw notFound();
  return row;
}

/** The airline answering a booking must be the one whose flight it is (platform: any). */
export function assertAnswers(auth: Auth, booking: Booking) {
  if (isAirline(auth.profile) && scopeCarrier(auth) !== booking.carrier) throw notFound();
}
