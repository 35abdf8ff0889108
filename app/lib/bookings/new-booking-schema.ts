import { z } from "zod";
import { MAX_VOLUME_M3, MAX_WEIGHT_KG } from "../../../cargo";
import { decimal, pieces, requiredDecimal } from "../air-waybills/awb-form-schema";
import { codeList, SHC } from "../forms/field-rules";

// Booking a waybill on one more flight leg from its edit-booking page (POST api/v3/bookings). The form checks what it
// can say without a call (numbers, codes, a flight chosen); the business checks (incompatible or forbidden SHCs, the
// consignor certification, heavy cargo without dimensions) are the API's, as on the waybill's creation, and come back
// beside their fields.

export const NewBookingSchema = z.object({
  intent: z.literal("book"),
  segment_id: z.number({ required_error: "awb:editBooking.chooseFlight", invalid_type_error: "awb:editBooking.chooseFlight" }).int().positive().max(2_147_483_647),
  pieces: pieces(),
  weight: requiredDecimal(MAX_WEIGHT_KG),
  volume: decimal(MAX_VOLUME_M3),
  shcs: codeList(SHC, "errors:shc"),
  consignor_certified: z.boolean().optional(),
});
export type NewBookingForm = z.infer<typeof NewBookingSchema>;

/** The fields an API refusal may name beside them. */
export const NEW_BOOKING_FIELDS = ["segment_id", "pieces", "weight", "volume", "shcs", "consignor_certified"] as const;
