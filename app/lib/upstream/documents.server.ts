import type { Upstream } from "./client.server";
import type { EapOption } from "../documents/document-links";

// The waybill's documents and the billing reports as files from the API (spec 3 §7): passed to the browser as they
// come (app/lib/http/pass-download.server.ts).

export function downloadAwbPdf(api: Upstream, mawb: string, options: Partial<Record<EapOption, "true">>) {
  return api.download(`api/v3/air_waybills/${encodeURIComponent(mawb)}/eap.pdf`, options);
}

export function downloadMawbLabels(api: Upstream, mawb: string, query: { station?: string; first_piece?: string }) {
  return api.download(`api/v3/air_waybills/${encodeURIComponent(mawb)}/mawb_labels`, query);
}

export interface IssueRange {
  date_type: "issued";
  date_from: string;
  date_to: string;
}

export function downloadCassFile(api: Upstream, range: IssueRange) {
  return api.download("api/v3/air_waybills.cass", { ...range });
}

export function downloadSalesReport(api: Upstream, range: IssueRange) {
  return api.download("api/v3/air_waybills/sales_report.xlsx", { ...range });
}

/** The e-AWB in Cargo-IMP: the waybill's FWB as an HTML page (spec 3 §7 GET air_waybills/{id}/eap.cimp). */
export function downloadEapCimp(api: Upstream, mawb: string) {
  return api.download(`api/v3/air_waybills/${encodeURIComponent(mawb)}/eap.cimp`);
}

/** The master's house waybills in Cargo-IMP, a text file (spec 3 §7 GET air_waybills/{id}/house_waybills.cimp). */
export function downloadHouseWaybillsCimp(api: Upstream, mawb: string) {
  return api.download(`api/v3/air_waybills/${encodeURIComponent(mawb)}/house_waybills.cimp`);
}
