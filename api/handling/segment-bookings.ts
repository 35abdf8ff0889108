import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { refreshBookingSummary } from "../air-waybills/booking-summary";
import { refreshWarnings } from "../air-waybills/warnings";
import { BOOKINGS_ACCESS, findWaybill } from "../bookings/access";
import { bookingAnswers, bookLeg } from "../bookings/book";
import { HttpError } from "../http/errors";
import { IdParams } from "../http/input";
import { ErrorSchema } from "../http/schemas";
import { allow } from "../settings/access";
import { findSegment } from "../flights/common";
import { BulkBookingResultSchema, MawbListBody, MAX_MAWB_LIST } from "./schemas";

// POST segments/{id}/bookings (spec 3 §7 "Segments", body mawb_list): several waybills booked on one flight at once,
// each whole (its pieces, weight, volume and SHCs) through the same bookLeg as POST bookings. Each waybill is its own
// transaction: one refused (no agreement, forbidden SHC, already booked, not the caller's) leaves the others booked,
// and the answer says for each what happened. The consignor certification is the body's, else the one given on the
// waybill (as when it is booked at creation). A confirmed booking writes its BKD movement (bookLeg does, as for every booking).

export const segmentBookingRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;

  app.post(
    "/api/v3/segments/:id/bookings",
    {
      schema: {
        tags: ["segments", "bookings"],
        summary: `Book up to ${MAX_MAWB_LIST} whole waybills on this flight; one result per distinct number (booked, or the status and errors of its refusal)`,
        params: IdParams,
        body: MawbListBody,
        response: { 200: BulkBookingResultSchema, 403: ErrorSchema, 404: ErrorSchema, 422: ErrorSchema },
      },
    },
    async (request) => {
      const auth = request.auth;
      allow(auth, BOOKINGS_ACCESS.book);
      const segment = await findSegment(db, request, request.params.id);
      const numbers = [...new Set(request.body.mawb_list.map((m) => m.replace(/\s+/g, "")))];
      const data = [];
      for (const mawb of numbers) {
        const now = app.deps.now();
        try {
          const booking = await db.transaction(async (tx) => {
            // one read: the waybill in the caller's scope, locked for the booking
            const awb = await findWaybill(tx, auth, mawb, { lock: true });
            const row = await bookLeg(tx, { auth, now }, awb, { segment_id: segment.id }, { pieces: awb.pieces, weight: awb.weight, volume: awb.volume, shcs: awb.shcs }, { certified: request.body.consignor_certified === true || awb.consignor_certified });
            await refreshBookingSummary(tx, awb.id);
            await refreshWarnings(tx, awb.id, now);
            return row;
          });
          data.push({ mawb: booking.mawb, booked: true, booking: (await bookingAnswers(db, [booking], now))[0]!, status: null, errors: null });
        } catch (err) {
          if (!(err instanceof HttpError)) throw err;
          data.push({ mawb, booked: false, booking: null, status: err.statusCode, errors: err.body });
        }
      }
      return { data };
    },
  );
};
