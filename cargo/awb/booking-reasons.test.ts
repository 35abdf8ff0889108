import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { bookingReasonText, translateBookingReason } from "./booking-reasons";

// The API's own booking reasons (api/bookings/book.ts decide, api/bookings/space.ts planSpace, the demo data) are
// shown in the reader's language; a reason an airline typed is shown as written. Every key exists in en, ru and es.

const API_REASONS = [
  ["Not enough capacity: 2 500 kg free, 4000 kg asked", "shipments:bookings.reasons.noCapacity_kg", { free: "2 500", asked: "4000" }],
  ["Not enough capacity: 1.25 m3 free, 3.5 m3 asked", "shipments:bookings.reasons.noCapacity_m3", { free: "1.25", asked: "3.5" }],
  ["Not enough capacity: waitlisted", "shipments:bookings.reasons.waitlisted", undefined],
  ["Unable to accept (booking rule)", "shipments:bookings.reasons.unableRule", undefined],
  ["Unable to accept (flight setting)", "shipments:bookings.reasons.unableSetting", undefined],
  ["Awaiting the airline's answer (booking rule)", "shipments:bookings.reasons.awaitingRule", undefined],
  ["Awaiting the airline's answer (flight setting)", "shipments:bookings.reasons.awaitingSetting", undefined],
  ["Awaiting the airline's answer (capacity of the flight not known)", "shipments:bookings.reasons.awaitingCapacity", undefined],
  ["Awaiting airline confirmation", "shipments:bookings.reasons.awaiting", undefined],
  ["Moved to S70101/29NOV26", "shipments:bookings.reasons.moved", { flight: "S70101/29NOV26" }],
] as const;

const locale = (lng: string) => JSON.parse(fs.readFileSync(path.resolve(__dirname, `../../locales/${lng}/shipments.json`), "utf8"));

describe("booking reasons", () => {
  it.each(API_REASONS)("%s → its key and figures", (reason, key, params) => {
    expect(bookingReasonText(reason)).toEqual(params ? { key, params } : { key });
  });

  it("the API's templates in book.ts and space.ts are the ones read here", () => {
    const book = fs.readFileSync(path.resolve(__dirname, "../../api/bookings/book.ts"), "utf8");
    const space = fs.readFileSync(path.resolve(__dirname, "../../api/bookings/space.ts"), "utf8");
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal in book.ts, searched for as text
    expect(book).toContain("`Unable to accept (${source})`");
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal in book.ts, searched for as text
    expect(book).toContain("`Awaiting the airline's answer (${source})`");
    expect(book).toContain('"Awaiting the airline\'s answer (capacity of the flight not known)"');
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal in book.ts, searched for as text
    expect(book).toContain("`Moved to ${flight}`");
    expect(space).toMatch(/`Not enough capacity: \$\{amount\([^`]+"kg"\)\} free, \$\{amount\(ask\.weight, "kg"\)\} asked`/);
  });

  it("a reason the airline typed is shown as written; none is none", () => {
    const t = (key: string) => `T(${key})`;
    expect(translateBookingReason(t, "Embargo on the route")).toBe("Embargo on the route");
    expect(translateBookingReason(t, "Unable to accept (booking rule)")).toBe("T(shipments:bookings.reasons.unableRule)");
    expect(translateBookingReason(t, null)).toBeNull();
  });

  it.each(["en", "ru", "es"])("every reason key has its %s text, with the figures it needs", (lng) => {
    const reasons = locale(lng).bookings.reasons as Record<string, string>;
    for (const [, key, params] of API_REASONS) {
      const text = reasons[key.split(".").pop()!];
      expect(text, `${lng} ${key}`).toBeTruthy();
      for (const name of Object.keys(params ?? {})) expect(text).toContain(`{{${name}}}`);
    }
  });
});
