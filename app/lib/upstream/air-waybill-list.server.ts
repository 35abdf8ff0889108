import { z } from "zod";
import type { UpstreamShipmentFilters } from "~/components/shipments/shipment-list-query";
import { LooseAmount, roundedAmount } from "./amount.server";
import { AwbStateShape } from "./air-waybills.server";
import type { Upstream } from "./client.server";
import { LooseCodes as Codes, LooseFlag as Flag, LooseNumber as Num, LooseText as Text, NumberLike, PageMetaSchema } from "./schemas";

// The shipments list (spec 3 §7 "Air waybills": GET api/v3/air_waybills, air_waybills.xlsx, send_report, PATCH
// charter_list). The list item is api/air-waybills/schemas.ts's AirWaybillListItemSchema, read loosely: an airline's
// own backend may send numbers as text and leave optional fields out.

export const ShipmentLegSchema = z.object({
  number_with_date: z.string(),
  origin_iata: Text,
  destination_iata: Text,
  std: Text,
  response_status: z.string(),
  response_reason: Text,
  is_departed: Flag,
});
export type ShipmentLeg = z.infer<typeof ShipmentLegSchema>;

export const ShipmentSchema = z.object({
  mawb: z.string(),
  carrier: Text,
  origin_iata: Text,
  destination_iata: Text,
  pieces: Num,
  weight: Num,
  volume: Num,
  charge_weight: Num,
  shcs: Codes,
  commodity: Text,
  product_type: Text,
  postal_number: Text,
  forwarder_short_name: Text,
  booking_status: Text,
  departure_at: Text,
  created_at: Text,
  issued_at: Text,
  ...AwbStateShape,
  departed_at: Text,
  billing_date: Text,
  tariff_date: Text,
  charter: Flag,
  warnings: Codes,
  provisional_amount: LooseAmount,
  final_amount: LooseAmount,
  currency: Text,
  effective_bookings: z.array(ShipmentLegSchema).nullish().transform((v) => v ?? []),
}).transform((s) => {
  // the list's revenue column: the billed amount, else the estimated one, as the currency writes it
  const amount = s.final_amount ?? s.provisional_amount;
  return { ...s, revenue: amount === null ? null : { amount: roundedAmount(amount, s.currency), provisional: s.final_amount === null } };
});
export type Shipment = z.infer<typeof ShipmentSchema>;

const ShipmentPageSchema = z.object({
  data: z.array(ShipmentSchema),
  meta: PageMetaSchema.extend({ total_count_capped: z.boolean().nullish() }),
});

export function listShipments(api: Upstream, query: UpstreamShipmentFilters & { page: number; per_page: number; sort?: string; direction?: string }) {
  return api.get("api/v3/air_waybills", { query, schema: ShipmentPageSchema });
}

/** The list's rows as the XLSX report (awb_xlsx_report.xlsx), passed through as a file. */
export function downloadShipmentsReport(api: Upstream, filters: UpstreamShipmentFilters, locale: string) {
  // in the reader's language: the report says what the page says (issue 22 §7)
  return api.download("api/v3/air_waybills.xlsx", { ...filters, locale });
}

/** The same report e-mailed to the signed-in user; the answer names the address it went to. */
export function sendShipmentsReport(api: Upstream, filters: UpstreamShipmentFilters, locale: string) {
  return api.post("api/v3/air_waybills/send_report", { json: { ...filters, locale }, schema: z.object({ email: z.string().nullish(), rows: NumberLike.nullish() }) });
}

/** Marks (or unmarks) waybills as charter; the API leaves out numbers the caller cannot see. */
export function markCharter(api: Upstream, mawbs: string[], charter: boolean) {
  return api.patch("api/v3/air_waybills/charter_list", {
    json: { mawbs, charter },
    schema: z.object({ updated: NumberLike, mawbs: z.array(z.string()).nullish() }),
  });
}
