/**
 * Air waybills the BFF tests make through the create form: the cargo they type and the save that gives the number.
 * One place, so every file saves its waybills the way the form posts them.
 */
import { expect } from "vitest";
import { submit, textOf, type Browser } from "./harness";

export const CREATE_WAYBILL = "/dashboard/air-waybills/create";

/** The create form's fields, name → value as posted. */
export type WaybillFields = Record<string, string>;

/** A small box OVB→DME that every check of the create form accepts: Latin commodity, one HS code, both parties. */
export const spareParts = (extra: WaybillFields = {}): WaybillFields => ({
  pieces: "2",
  weight: "12,5",
  commodity: "SPARE PARTS",
  hs_codes: "8708",
  origin_iata: "OVB",
  destination_iata: "DME",
  "shipper.name": "ACME LLC",
  "consignee.name": "BETA LLC",
  accounting_information: "FREIGHT PREPAID",
  ...extra,
});

/** Three boxes of books DME→OVB (S7 0101's route) with the fewest fields a forwarder's waybill is saved with. */
export const books = (extra: WaybillFields = {}): WaybillFields => ({
  pieces: "3",
  weight: "30",
  commodity: "BOOKS",
  hs_codes: "4901",
  origin_iata: "DME",
  destination_iata: "OVB",
  "shipper.name": "READERS LLC",
  ...extra,
});

/** Saves a waybill of `forwarder` at `host` through the create form, without a booking; its number. */
export async function savedWaybill(forwarder: Browser, host: string, fields: WaybillFields): Promise<string> {
  const answer = await submit(forwarder, host, CREATE_WAYBILL, fields);
  expect(answer.status, textOf(answer.body).slice(0, 500)).toBe(302);
  return answer.location!.split("/").pop()!;
}
