import { MAX_LABELS_PER_FILE } from "../../../cargo/limits";

// Where the BFF serves a waybill's documents and the billing reports, shared by the resource routes (server) and the
// links and forms that point at them (browser): a plain module, no server code.

/** The print options of the air waybill PDF (spec 3 §7 eap.pdf), in the order the print form shows them. */
export const EAP_OPTIONS = ["exclude_pcs_weight_volume", "exclude_headers", "hide_shipper", "no_layout", "reverse_side", "use_cyrillic_codes"] as const;
export type EapOption = (typeof EAP_OPTIONS)[number];

export const CASS_FILE = "awb_cass_report.hue";
export const SALES_FILE = "awb_sales_report.xlsx";

export const awbPdfPath = (mawb: string) => `/dashboard/shipments/${mawb}/eap.pdf`;
export const labelsPath = (mawb: string) => `/dashboard/shipments/${mawb}/mawb_labels.pdf`;
export const CASS_PATH = `/dashboard/air-waybills/${CASS_FILE}`;
export const SALES_PATH = `/dashboard/air-waybills/${SALES_FILE}`;

/** The label files of a waybill: one per MAX_LABELS_PER_FILE pieces (the API's cap), each from its first piece. */
export function labelFiles(mawb: string, pieces: number): Array<{ href: string; first: number; last: number }> {
  const files = [];
  for (let first = 1; first <= pieces; first += MAX_LABELS_PER_FILE) {
    const last = Math.min(pieces, first + MAX_LABELS_PER_FILE - 1);
    files.push({ href: first === 1 ? labelsPath(mawb) : `${labelsPath(mawb)}?first_piece=${first}`, first, last });
  }
  return files;
}

/**
 * The billing reports of the list's range: the CASS file and the sales report are by issue date (spec 2 §9), so they
 * are offered when the list filters issue dates over a range the XLSX report accepts; else null.
 */
export function billingLinks(reportHref: string | null): { cass: string; sales: string } | null {
  if (!reportHref) return null;
  const search = new URLSearchParams(reportHref.slice(reportHref.indexOf("?") + 1));
  if (search.get("date_type") !== "issued" || !search.get("date_from") || !search.get("date_to")) return null;
  const range = new URLSearchParams({ date_type: "issued", date_from: search.get("date_from")!, date_to: search.get("date_to")! });
  return { cass: `${CASS_PATH}?${range}`, sales: `${SALES_PATH}?${range}` };
}
