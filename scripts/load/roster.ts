/**
 * Who the N virtual users are (issue 12: forwarders and the airline desk, about 70 % and 30 %) and which journeys
 * each role takes how often. Forwarders alternate between the forwarder host (booking search, Book) and the airline's
 * host (create air waybill with Search flights); the desk is S7's manager. Demo accounts (README), one sign-in each.
 */
import { answerRequest, browseFlights, handleCargo } from "./airline-journeys";
import { bookFromSearch, browseShipments, createWithFlightChoice } from "./forwarder-journeys";
import type { Journey } from "./load-world";

export interface Role {
  name: string;
  email: string;
  tenantHost: string;
  journeys: ReadonlyArray<{ name: string; run: Journey; weight: number }>;
}

const FORWARDER_ON_FORWARDER_HOST: Role = {
  name: "forwarder (cargo.localhost)",
  email: "forwarder@cargodesk.test",
  tenantHost: "cargo.localhost",
  journeys: [
    { name: "search, Book, create waybill", run: bookFromSearch, weight: 65 },
    { name: "shipments list, a waybill", run: browseShipments, weight: 35 },
  ],
};

const FORWARDER_ON_AIRLINE_HOST: Role = {
  name: "forwarder (s7.localhost)",
  email: "forwarder@cargodesk.test",
  tenantHost: "s7.localhost",
  journeys: [
    { name: "create waybill, Search flights", run: createWithFlightChoice, weight: 65 },
    { name: "shipments list, a waybill", run: browseShipments, weight: 35 },
  ],
};

const AIRLINE_DESK: Role = {
  name: "airline desk (s7.localhost)",
  email: "s7.manager@cargodesk.test",
  tenantHost: "s7.localhost",
  journeys: [
    { name: "answer a request KK", run: answerRequest, weight: 35 },
    { name: "receive and manifest", run: handleCargo, weight: 40 },
    { name: "flights list, a flight", run: browseFlights, weight: 25 },
  ],
};

export const AIRLINE_SHARE = 0.3;

/** The role of user `index` (0-based): every user whose index crosses the next 30 % step is the desk. */
export function roleOf(index: number): Role {
  if (Math.floor((index + 1) * AIRLINE_SHARE) > Math.floor(index * AIRLINE_SHARE)) return AIRLINE_DESK;
  const forwarderIndex = index - Math.floor(index * AIRLINE_SHARE);
  return forwarderIndex % 2 === 0 ? FORWARDER_ON_FORWARDER_HOST : FORWARDER_ON_AIRLINE_HOST;
}

export function roster(users: number): Role[] {
  return Array.from({ length: users }, (_, i) => roleOf(i));
}

/** One of the role's journeys by weight. */
export function nextJourney(role: Role, random: () => number): { name: string; run: Journey } {
  const total = role.journeys.reduce((sum, j) => sum + j.weight, 0);
  let r = random() * total;
  for (const journey of role.journeys) if ((r -= journey.weight) < 0) return journey;
  return role.journeys[role.journeys.length - 1]!;
}

/** The forwarder host's account, for reading the service's day before the run. */
export const FORWARDER_ACCOUNT = { email: FORWARDER_ON_FORWARDER_HOST.email, tenantHost: FORWARDER_ON_FORWARDER_HOST.tenantHost };
export const AIRLINE_ACCOUNT = { email: AIRLINE_DESK.email, tenantHost: AIRLINE_DESK.tenantHost };
