/**
 * Booking a waybill on one more flight from its edit-booking page (issue 10) through the BFF against the real API:
 * the creation's checks on booking (incompatible SHCs, the consignor certification) said translated beside their
 * fields with what was typed kept, then a booking that goes through; and the bookings page's page cap (the shipments
 * list's 400 pages of 25) with its "narrow the filters" notice.
 */
import { describe, expect, it } from "vitest";
import { configuredNow, fieldErrorOf, inLanguage, submit, textOf, useBff, type Browser } from "./harness";
import { books, savedWaybill } from "./waybills";

const bff = useBff();
const S7 = "s7.localhost";

function inputValue(html: string, name: string): string | undefined {
  const tag = (html.match(/<input\b[^>]*>/g) ?? []).find((t) => t.includes(`name="${name}"`));
  return tag ? (tag.match(/\bvalue="([^"]*)"/)?.[1] ?? "").replace(/&amp;/g, "&") : undefined;
}

/** A waybill of the forwarder on S7 saved without a booking; its number. */
const unbookedWaybill = (forwarder: Browser) => savedWaybill(forwarder, S7, books());

/** The first day ahead on which edit-booking offers a flight of the route that is open for booking: its page and segment id. */
async function offeredFlight(forwarder: Browser, editPage: string): Promise<{ page: string; segment: string }> {
  for (let day = 1; day <= 10; day++) {
    const date = new Date(configuredNow().getTime() + day * 86_400_000).toISOString().slice(0, 10);
    const page = `${editPage}?book=1&date=${date}`;
    const answer = await forwarder.request(S7, page);
    expect(answer.status).toBe(200);
    const open = (answer.body.match(/<input\b[^>]*>/g) ?? []).find((t) => t.includes('data-testid="new-flight-choice"') && !/\bdisabled\b/.test(t));
    const segment = open?.match(/\bvalue="(\d+)"/)?.[1];
    if (segment) return { page, segment };
  }
  throw new Error("no DME-OVB flight offered in the coming days");
}

describe("edit-booking: booking on one more flight", () => {
  it("says incompatible SHCs and a missing certification beside their fields, keeps the values, then books", async () => {
    const forwarder = await bff.signedIn(S7, "forwarder@cargodesk.test");
    const mawb = await unbookedWaybill(forwarder);
    const editPage = `/dashboard/shipments/${mawb}/edit-booking`;
    expect((await forwarder.request(S7, editPage)).body).toMatch(/data-testid="book-another"/);
    const { page, segment } = await offeredFlight(forwarder, editPage);
    const base = { intent: "book", segment_id: segment, pieces: "3", weight: "30,5", volume: "" };

    const incompatible = await submit(forwarder, S7, page, { ...base, shcs: "RFL, ROX", consignor_certified: "on" });
    expect([incompatible.status, incompatible.refused]).toEqual([200, 422]);
    expect(fieldErrorOf(incompatible.body, "shcs")).toBe("Incompatible codes");
    expect(inputValue(incompatible.body, "shcs")).toBe("RFL, ROX");
    expect(inputValue(incompatible.body, "weight")).toBe("30,5");
    expect(textOf(incompatible.body)).not.toContain("Incompatible codes: RFL, ROX");

    const uncertified = await submit(forwarder, S7, page, { ...base, shcs: "" });
    expect([uncertified.status, uncertified.refused]).toEqual([200, 422]);
    expect(textOf(uncertified.body)).toContain("Accept the consignor certification to book");
    expect(textOf(uncertified.body)).not.toContain("must be accepted");
    expect(inputValue(uncertified.body, "pieces")).toBe("3");

    await inLanguage(forwarder, S7, "ru", async () => {
      const ru = await submit(forwarder, S7, page, { ...base, shcs: "RFL ROX" });
      expect(fieldErrorOf(ru.body, "shcs")).toBe("Несовместимые коды");
      expect(textOf(ru.body)).toContain("Для бронирования подтвердите заявление грузоотправителя");
    });

    const booked = await submit(forwarder, S7, page, { ...base, shcs: "", consignor_certified: "on" });
    expect(booked.status, textOf(booked.body).slice(0, 400)).toBe(302);
    expect(booked.location).toBe(`/dashboard/shipments/${mawb}`);
    const shipment = await forwarder.get(S7, booked.location!, { follow: true });
    expect(textOf(shipment.body)).toContain(`Air waybill ${mawb} booked on`);
  });
});

describe("the bookings page's depth", () => {
  it("stops at the shipments list's last page (400) and says to narrow the filters", async () => {
    const forwarder = await bff.signedIn(S7, "forwarder@cargodesk.test");
    const deep = await forwarder.request(S7, "/dashboard/bookings?page=100000");
    expect(deep.status).toBe(200);
    expect(textOf(deep.body)).toContain("Only the first 10,000 rows can be paged through: narrow the filters");
    expect(textOf(deep.body)).toContain("Page 400 of");
    // the notice is found by its test id, so the absence checks below cannot pass on a renamed id
    expect(deep.body).toMatch(/data-testid="deep-page-notice"/);
    const last = await forwarder.request(S7, "/dashboard/bookings?page=400");
    expect(last.status).toBe(200);
    expect(last.body).not.toMatch(/data-testid="deep-page-notice"/);
    const first = await forwarder.request(S7, "/dashboard/bookings");
    expect(first.body).not.toMatch(/data-testid="deep-page-notice"/);
  });
});
