import type { Locator } from "playwright-core";
import { fillDate } from "./date-fields";

/** A single flight as typed into the create form: the number as a user writes it ("S7 0101"), an ISO date, IATA codes. */
export interface SingleFlight {
  number: string;
  date: string;
  origin: string;
  destination: string;
  /** The times as typed; left out, the journey types them itself (e.g. to see how the field takes them). */
  std?: string;
  sta?: string;
}

/** Types a single flight into the Single mode of the flight form. */
export async function fillSingleFlight(form: Locator, flight: SingleFlight): Promise<void> {
  await form.locator('input[name="number"]').fill(flight.number);
  await fillDate(form, "flight_date", flight.date);
  await form.locator('input[name="origin_iata"]').fill(flight.origin);
  await form.locator('input[name="destination_iata"]').fill(flight.destination);
  if (flight.std !== undefined) await form.locator('input[name="std"]').fill(flight.std);
  if (flight.sta !== undefined) await form.locator('input[name="sta"]').fill(flight.sta);
}
