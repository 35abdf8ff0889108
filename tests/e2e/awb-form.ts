import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { addDays } from "../../cargo";
import { fillDate } from "./date-fields";
import { pathOf, serviceNow, settle } from "./helpers";

// The create air waybill form (/dashboard/air-waybills/create) as the journeys of issue 10 fill it, in either JS mode:
// the form's inputs by their posted names, the route search and the flight chosen by its number, the save that leads
// to the new waybill's page. Journeys that look at one field closely (what is kept after an error) fill it themselves.

export const CREATE_PATH = "/dashboard/air-waybills/create";

/** A day `days` after the server's today (CARGO_NOW), as the date fields post it: never the machine's clock. */
export const dayFromToday = (days: number): string => addDays(serviceNow().toISOString().slice(0, 10), days);

export interface WaybillValues {
  /** A typed number (the c6 and su tenants); without it the number comes from the forwarder's stock. */
  mawb?: string;
  origin: string;
  destination: string;
  /** YYYY-MM-DD: the departure date the route search looks at. */
  date: string;
  pieces: string;
  weight: string;
  volume?: string;
  commodity?: string;
  /** The flight to book, matched against the trip's text (e.g. /S70103/); without it the waybill is saved unbooked. */
  flight?: RegExp;
}

export const awbForm = (page: Page): Locator => page.getByTestId("awb-form");

/** An airport picker opens its suggestions as one types (JS on): Escape closes them before the next field. */
export async function fillAirport(form: Locator, name: "origin_iata" | "destination_iata", iata: string): Promise<void> {
  await form.locator(`input[name="${name}"]`).fill(iata);
  await form.locator(`input[name="${name}"]`).press("Escape");
}

/** Fills what a waybill needs (cargo, goods, route, the two parties); leaves the flight choice to chooseFlight. */
export async function fillWaybill(page: Page, v: WaybillValues): Promise<Locator> {
  const form = awbForm(page);
  if (v.mawb !== undefined) await form.locator('input[name="mawb"]').fill(v.mawb);
  await fillAirport(form, "origin_iata", v.origin);
  await fillAirport(form, "destination_iata", v.destination);
  await fillDate(form, "flight_date", v.date);
  await form.locator('input[name="pieces"]').fill(v.pieces);
  await form.locator('input[name="weight"]').fill(v.weight);
  if (v.volume !== undefined) await form.locator('input[name="volume"]').fill(v.volume);
  await form.locator('input[name="commodity"]').fill(v.commodity ?? "SPARE PARTS");
  await form.locator('[name="hs_codes"]').fill("847330");
  await form.locator('input[name="shipper.name"]').fill("Volga Machinery");
  await form.locator('input[name="consignee.name"]').fill("Ob River Foods");
  return form;
}

/** The radio of the found trip whose text (route, carrier, flights, free space) matches. */
export const tripChoice = (page: Page, flight: RegExp): Locator => page.getByTestId("awb-trips").getByRole("radio", { name: flight });

/** Runs the route search and picks the trip that matches `flight`; the booking needs the consignor certification. */
export async function chooseFlight(page: Page, flight: RegExp): Promise<Locator> {
  await page.getByTestId("search-flights").click();
  await settle(page);
  const choice = tripChoice(page, flight);
  await choice.waitFor();
  await choice.check();
  await awbForm(page).locator('input[name="consignor_certified"]').check();
  return choice;
}

/** Saves the form and waits for the new waybill's page; answers its number. */
export async function submitWaybill(page: Page): Promise<string> {
  await page.getByTestId("awb-submit").click();
  await page.waitForURL((url) => url.pathname.startsWith("/dashboard/shipments/"));
  await settle(page);
  const mawb = decodeURIComponent(pathOf(page).split("/").pop()!);
  expect(mawb).toMatch(/^\d{3}-\d{8}$/);
  return mawb;
}

/** Creates a waybill through the form at `base` (signed in already), booked on `flight` when given; answers its number. */
export async function createWaybill(page: Page, base: string, v: WaybillValues): Promise<string> {
  await page.goto(`${base}${CREATE_PATH}`);
  await settle(page);
  await fillWaybill(page, v);
  if (v.flight) await chooseFlight(page, v.flight);
  return submitWaybill(page);
}
