import { z } from "zod";
import { INT32_MAX } from "../../../cargo";
import { AWB_VOLUME, AWB_WEIGHT, decimal, pieces, requiredDecimal } from "../air-waybills/awb-form-schema";
import { wholeNumberField } from "../forms/decimal-field";
import { codeList, SHC } from "../forms/field-rules";

// Booking a waybill on one more flight leg from its edit-booking page (POST api/v3/bookings). The form checks what it
// can say without a call (numbers, codes, a flight chosen); the business checks (incompatible or forbidden SHCs, the
// consignor certification, heavy cargo without dimensions) are the API's, as on the waybill's creation, and come back
// beside their fields.

export const NewBookingSchema = z.object({
  intent: z.literal("book"),
  segment_id: wholeNumberField(1, INT32_MAX, { required: "awb:editBooking.chooseFlight", min: "awb:editBooking.chooseFlight", max: "awb:editBooking.chooseFlight" }),
  pieces: pieces(),
  weight: requiredDecimal(AWB_WEIGHT),
  volume: decimal(AWB_VOLUME),
  shcs: codeList(SHC, "errors:shc"),
  consignor_certified: z.boolean().optional(),
});
export type NewBookingForm = z.infer<typeof NewBookingSchema>;

/** The fields an API refusal may name beside them. */
export const NEW_BOOKING_FIELDS = ["segment_id", "pieces", "weight", "volume", "shcs", "consignor_certified"] as const;
