/**
 * The waybill's documents and the billing reports through the BFF against the real API (issue 11): the shipment
 * page's print form (spec 3's options as checkboxes, a plain GET form) and labels form, the files they fetch with the
 * options passed on, another forwarder's number not found, and the shipments menu's CASS file and sales report links
 * for an issue-date range, in English and Russian.
 */
import { http, passthrough } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { inLanguage, seedToday, textOf, useBff, type Browser } from "./harness";
import { books, savedWaybill } from "./waybills";

const bff = useBff();
afterEach(() => bff.msw.resetHandlers());
const S7 = "s7.localhost";
const NEW = "/dashboard/air-waybills";
const TODAY = seedToday();
const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const newWaybill = (forwarder: Browser) => savedWaybill(forwarder, S7, books());

/** The upstream query strings of the calls to `path` made while `run` runs. */
async function upstreamQueries(path: string, run: () => Promise<void>): Promise<URLSearchParams[]> {
  const calls: URLSearchParams[] = [];
  bff.msw.use(
    http.get(`${bff.api.url}${path}`, ({ request }) => {
      calls.push(new URL(request.url).searchParams);
      return passthrough();
    }),
  );
  await run();
  return calls;
}

describe("the shipment page's print and labels", () => {
  it("offers a print form with spec 3's options and a labels form, and passes the chosen options to the API", async () => {
    const forwarder = await bff.signedIn(S7, "forwarder@cargodesk.test");
    const mawb = await newWaybill(forwarder);
    const page = await forwarder.request(S7, `/dashboard/shipments/${mawb}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatch(new RegExp(`<form[^>]*method="get"[^>]*action="/dashboard/shipments/${mawb}/eap.pdf"`));
    expect(page.body).toMatch(new RegExp(`<form[^>]*method="get"[^>]*action="/dashboard/shipments/${mawb}/mawb_labels.pdf"`));
    for (const option of ["exclude_pcs_weight_volume", "exclude_headers", "hide_shipper", "no_layout", "reverse_side", "use_cyrillic_codes"]) {
      expect(page.body).toContain(`name="${option}"`);
    }
    const text = textOf(page.body);
    for (const seen of ["Print air waybill", "Hide shipper", "For pre-printed stock (data only)", "Labels", "Station (IATA)"]) expect(text).toContain(seen);

    // the browser submits the checked boxes as "on"
    let pdf!: Awaited<ReturnType<Browser["request"]>>;
    const calls = await upstreamQueries(`/api/v3/air_waybills/${mawb}/eap.pdf`, async () => {
      pdf = await forwarder.request(S7, `/dashboard/shipments/${mawb}/eap.pdf?hide_shipper=on&reverse_side=on`);
    });
    expect(pdf.status, pdf.body.slice(0, 200)).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toContain(`awb_${mawb}.pdf`);
    expect(pdf.body.startsWith("%PDF-")).toBe(true);
    expect(Object.fromEntries(calls[0]!)).toEqual({ hide_shipper: "true", reverse_side: "true" });

    let labels!: Awaited<ReturnType<Browser["request"]>>;
    const labelCalls = await upstreamQueries(`/api/v3/air_waybills/${mawb}/mawb_labels`, async () => {
      labels = await forwarder.request(S7, `/dashboard/shipments/${mawb}/mawb_labels.pdf?station=ovb&first_piece=x`);
    });
    expect(labels.status, labels.body.slice(0, 200)).toBe(200);
    expect(labels.body.startsWith("%PDF-")).toBe(true);
    // a first piece that is not a number is left out, the station sent upper case
    expect(Object.fromEntries(labelCalls[0]!)).toEqual({ station: "OVB" });
  });

  it("shows the forms in Russian", async () => {
    const forwarder = await bff.signedIn(S7, "forwarder@cargodesk.test");
    const mawb = await newWaybill(forwarder);
    const page = await inLanguage(forwarder, S7, "ru", () => forwarder.request(S7, `/dashboard/shipments/${mawb}`));
    const text = textOf(page.body);
    for (const seen of ["Печать авианакладной", "Скрыть отправителя", "Бирки", "Кириллические коды"]) expect(text).toContain(seen);
  });

  it("gives another airline the not-found page for the documents of a waybill that is not its own", async () => {
    const forwarder = await bff.signedIn(S7, "forwarder@cargodesk.test");
    const mawb = await newWaybill(forwarder);
    const other = await bff.signedIn("su.localhost", "su.manager@cargodesk.test");
    for (const path of [`/dashboard/shipments/${mawb}/eap.pdf`, `/dashboard/shipments/${mawb}/mawb_labels.pdf`]) {
      const answer = await other.request("su.localhost", path);
      expect(answer.status, path).toBe(404);
      expect(answer.body.startsWith("%PDF")).toBe(false);
    }
  });
});

describe("the shipments menu: the CASS file and the sales report", () => {
  const ISSUED = `tab=all&date_type=issued&date_from=${addDays(TODAY, -13)}&date_to=${TODAY}`;
  const RANGE = `date_type=issued&date_from=${addDays(TODAY, -13)}&date_to=${TODAY}`;

  it("are offered for an issue-date range and download as awb_cass_report.hue and awb_sales_report.xlsx", async () => {
    const manager = await bff.signedIn(S7, "s7.manager@cargodesk.test");
    const created = await manager.request(S7, `${NEW}?tab=all&date_from=${addDays(TODAY, -13)}&date_to=${TODAY}`);
    expect(textOf(created.body)).toContain("The CASS file and the sales report need the date type Issued and a range.");
    expect(created.body).not.toContain('data-testid="shipments-cass"');

    const issued = await manager.request(S7, `${NEW}?${ISSUED}`);
    expect(issued.body).toContain('data-testid="shipments-cass"'); // the id whose absence is checked above
    const amp = (s: string) => s.replace(/&/g, "&amp;");
    expect(issued.body).toContain(`href="/dashboard/air-waybills/awb_cass_report.hue?${amp(RANGE)}"`);
    expect(issued.body).toContain(`href="/dashboard/air-waybills/awb_sales_report.xlsx?${amp(RANGE)}"`);

    const cass = await manager.request(S7, `/dashboard/air-waybills/awb_cass_report.hue?${RANGE}`);
    expect(cass.status, cass.body.slice(0, 300)).toBe(200);
    expect(cass.headers.get("content-disposition")).toContain("awb_cass_report.hue");
    const lines = cass.body.split("\r\n").filter(Boolean);
    expect(lines[0]!.startsWith("HCASS421S7")).toBe(true);
    expect(lines.at(-1)![0]).toBe("Z");
    expect(lines.filter((l) => l[0] === "A").length).toBeGreaterThan(0);

    const sales = await manager.request(S7, `/dashboard/air-waybills/awb_sales_report.xlsx?${RANGE}`);
    expect(sales.status).toBe(200);
    expect(sales.headers.get("content-disposition")).toContain("awb_sales_report.xlsx");
    expect(sales.body.startsWith("PK")).toBe(true);
  });

  it("sends a range the API refuses back to the list with a notice, and an address without one to the list", async () => {
    const manager = await bff.signedIn(S7, "s7.manager@cargodesk.test");
    const long = await manager.request(S7, `/dashboard/air-waybills/awb_cass_report.hue?date_type=issued&date_from=${addDays(TODAY, -40)}&date_to=${TODAY}`);
    expect(long.status).toBe(302);
    expect(long.location).toContain(`${NEW}?`);
    expect(long.location).toContain("date_type=issued");
    const bare = await manager.request(S7, "/dashboard/air-waybills/awb_sales_report.xlsx?date_type=created");
    expect(bare.status).toBe(302);
    expect(bare.location).toBe(NEW);
    const admin = await bff.signedIn(S7, "s7.admin@cargodesk.test");
    expect((await admin.request(S7, `/dashboard/air-waybills/awb_cass_report.hue?${RANGE}`)).status).toBe(404);
  });

  it("names the reports in Russian", async () => {
    const manager = await bff.signedIn(S7, "s7.manager@cargodesk.test");
    const page = await inLanguage(manager, S7, "ru", () => manager.request(S7, `${NEW}?${ISSUED}`));
    const text = textOf(page.body);
    expect(text).toContain("Файл CASS");
    expect(text).toContain("Отчёт о продажах");
  });
});
