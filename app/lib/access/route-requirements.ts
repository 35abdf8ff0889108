import type { Condition } from "../../../cargo/access/condition";
import {
  ACI, AGENT_AWB, AIRCRAFT_CAPACITY, AWB_CREATE, BI, BOOKINGS, CIMP_UPLOAD, FEATURE_REQUESTS, FLIGHT_BOOKING_RULE,
  FLIGHT_EDIT, FLIGHT_WRITE, FLIGHTS_AIRLINE, FLIGHTS_TABS, MESSAGING, OFFERS, OUTGOING_SEND, PAYMENTS, PLATFORM_ONLY, PROFILE,
  S_AGENT, S_AGREEMENTS, S_AGREEMENTS_EDIT, S_AIRLINE, S_BENEFICIARY, S_CAPACITIES, S_MOST, S_PARTIES, S_PRODUCTS,
  S_USERS, SETTINGS, settings, SETTLEMENTS, SHIPMENT, SHIPMENTS_NEW, SHIPMENTS_OLD, SSIM_UPLOAD, TARIFF_EDIT, TARIFFS,
  TELEGRAMS, UI_KIT, WAYBILL_BILLING,
} from "../../../cargo/access/rules";

export type { Condition, TenantRef, UiPredicate, Who } from "../../../cargo/access/condition";

/**
 * Who may open which route (spec 1 §2 routes, §6 "Route access"), as data.
 *
 * One table serves the loader/action guard, the sidebar, the landing redirect and the settings/tariffs
 * "first permitted child" redirects (DESIGN §3), so a link is shown exactly when its route lets the user in.
 *
 * The rules themselves (who, on which tenant) are cargo/access/rules.ts, which the API reads too.
 */

export interface Requirement extends Condition {
  /** i18n key in the "nav" namespace for the page title. */
  readonly title: string;
  /** Route parameter whose value follows the title (spec 1 §2: "plus the value of the route parameter"). */
  readonly param?: string;
  /**
   * What a form post to the route (its action) needs beyond opening the page: a page some users only read
   * (the flight page's flag buttons are its writers'). requirePage checks it, so no action checks rights by hand.
   */
  readonly action?: Condition;
}

export const DASHBOARD = "/dashboard";

/** Who confirms awareness of prices: the forwarders of the tariffs section (the API refuses anyone else). */
const TARIFF_CONFIRM: Condition = { users: ["forwarder.default"] };

const r = (cond: Condition, title: string, param?: string): Requirement =>
  param === undefined ? { ...cond, title: `title.${title}` } : { ...cond, title: `title.${title}`, param };

/** Every main-layout route of spec 1 §2, keyed by its pattern (":name" = one path segment). */
export const ROUTE_REQUIREMENTS: Readonly<Record<string, Requirement>> = {
  // Offers
  "/dashboard/offers/select": r(OFFERS, "offersSelect"),
  "/dashboard/offers": r(OFFERS, "offers"),
  "/dashboard/offers/create": r(OFFERS, "offerCreate"),
  "/dashboard/offers/:id": r(OFFERS, "offer", "id"),
  // Bookings
  "/dashboard/bookings": r(BOOKINGS, "bookings"),
  // Air waybills and shipments
  "/dashboard/air-waybills": r(SHIPMENTS_NEW, "airWaybills"),
  "/dashboard/air-waybills/create": r(AWB_CREATE, "airWaybillCreate"),
  "/dashboard/air-waybills/:mawb/house-waybills/create": r(SHIPMENT, "houseWaybillCreate", "mawb"),
  "/dashboard/air-waybills/:mawb/house-waybills/:id/edit": r(SHIPMENT, "houseWaybillEdit", "mawb"),
  /** Void requests of each side (issue 11): whoever may open a shipment; spec 1 lists them under Messaging, which forwarders may not open. */
  "/dashboard/air-waybills/void-requests": r(SHIPMENT, "voidRequests"),
  "/dashboard/agent/air-waybills": r(AGENT_AWB, "agentAirWaybills"),
  "/dashboard/shipments": r(SHIPMENTS_OLD, "shipments"),
  "/dashboard/shipments/:mawb": r(SHIPMENT, "shipment", "mawb"),
  // whoever opens the shipment reads its FWB and FHL; sending them is the telegram senders'
  "/dashboard/shipments/:mawb/fwb": { ...r(SHIPMENT, "shipmentFwb", "mawb"), action: OUTGOING_SEND },
  "/dashboard/shipments/:mawb/fhl": { ...r(SHIPMENT, "shipmentFhl", "mawb"), action: OUTGOING_SEND },
  // whoever opens the shipment reads its rate lines; calculating and changing them is billing's (issue 24)
  "/dashboard/shipments/:mawb/billing": { ...r(SHIPMENT, "shipmentBilling", "mawb"), action: WAYBILL_BILLING },
  "/dashboard/shipments/:mawb/edit-awb": r(SHIPMENT, "shipmentEditAwb", "mawb"),
  "/dashboard/shipments/:mawb/edit-booking": r(SHIPMENT, "shipmentEditBooking", "mawb"),
  // Receptacles
  "/dashboard/receptacles": r(PLATFORM_ONLY, "receptacles"),
  // Flights
  "/dashboard/flights/tabs": r(FLIGHTS_TABS, "flights"),
  "/dashboard/flights/tabs/current": r(FLIGHTS_TABS, "flightsCurrent"),
  "/dashboard/flights/tabs/action_required": r(FLIGHTS_AIRLINE, "flightsActionRequired"),
  "/dashboard/flights/tabs/with_shipments": r(FLIGHTS_AIRLINE, "flightsWithShipments"),
  "/dashboard/flights/tabs/aci": r(ACI, "flightsAci"),
  "/dashboard/flights/tabs/all": r(FLIGHTS_TABS, "flightsAll"),
  "/dashboard/flights/create": r(FLIGHT_EDIT, "flightCreate"),
  "/dashboard/flights/:id": { ...r(FLIGHTS_AIRLINE, "flight", "id"), action: FLIGHT_WRITE },
  "/dashboard/flights/:id/edit": r(FLIGHT_EDIT, "flightEdit", "id"),
  "/dashboard/flights/:flight/create-booking-rule": r(FLIGHT_BOOKING_RULE, "flightBookingRuleCreate", "flight"),
  "/dashboard/flights/:segment/aircraft-capacity": r(AIRCRAFT_CAPACITY, "segmentAircraftCapacity", "segment"),
  "/dashboard/aircrafts/:aircraft": r(AIRCRAFT_CAPACITY, "aircraftCapacity", "aircraft"),
  // Tariffs
  "/dashboard/tariffs": r(TARIFFS, "tariffs"),
  // a list's one post is a forwarder confirming awareness (spec 1 §6 "forwarders confirm awareness of tariffs")
  "/dashboard/tariffs/external-tariffs": { ...r(TARIFFS, "externalTariffs"), action: TARIFF_CONFIRM },
  "/dashboard/tariffs/external-tariffs/create": r(TARIFF_EDIT, "externalTariffCreate"),
  "/dashboard/tariffs/external-tariffs/:id/edit": r(TARIFF_EDIT, "externalTariffEdit", "id"),
  "/dashboard/tariffs/external-charges": { ...r(TARIFFS, "externalCharges"), action: TARIFF_CONFIRM },
  "/dashboard/tariffs/external-charges/create": r(TARIFF_EDIT, "externalChargeCreate"),
  // not in spec 1 §2's list: an airline corrects or removes a charge and a surcharge as it does a tariff
  "/dashboard/tariffs/external-charges/:id/edit": r(TARIFF_EDIT, "externalChargeEdit", "id"),
  "/dashboard/tariffs/external-surcharges": { ...r(TARIFFS, "externalSurcharges"), action: TARIFF_CONFIRM },
  "/dashboard/tariffs/external-surcharges/create": r(TARIFF_EDIT, "externalSurchargeCreate"),
  "/dashboard/tariffs/external-surcharges/:id/edit": r(TARIFF_EDIT, "externalSurchargeEdit", "id"),
  // BI
  "/dashboard/bi": r(BI, "bi"),
  // Messaging
  "/dashboard/messaging": r(MESSAGING, "messaging"),
  "/dashboard/messaging/cimp-telegrams": r(TELEGRAMS, "cimpTelegrams"),
  "/dashboard/messaging/cimp-telegrams/:id": r(TELEGRAMS, "cimpTelegram", "id"),
  "/dashboard/messaging/cimp": r(CIMP_UPLOAD, "cimpUpload"),
  "/dashboard/messaging/cimp/:id/edit": r(CIMP_UPLOAD, "cimpEdit", "id"),
  "/dashboard/messaging/ssim-telegrams": r(TELEGRAMS, "ssimTelegrams"),
  "/dashboard/messaging/ssim-telegrams/:id": r(TELEGRAMS, "ssimTelegram", "id"),
  "/dashboard/messaging/ssim": r(SSIM_UPLOAD, "ssimUpload"),
  "/dashboard/messaging/sita": r(PLATFORM_ONLY, "sitaSend"),
  "/dashboard/messaging/ahm-telegrams": r(TELEGRAMS, "ahmTelegrams"),
  "/dashboard/messaging/ahm-telegrams/:id": r(TELEGRAMS, "ahmTelegram", "id"),
  "/dashboard/messaging/outgoing-messages": r(MESSAGING, "outgoingMessages"),
  "/dashboard/messaging/outgoing-messages/:id": r(MESSAGING, "outgoingMessage", "id"),
  /** Incoming messages (spec 1 §2 "Also present: a view of incoming and outgoing messages"): the Messaging row. */
  "/dashboard/messaging/messages": r(MESSAGING, "messages"),
  "/dashboard/messaging/messages/:id": r(MESSAGING, "message", "id"),
  // Settings (section + children in the spec's order, then create/edit routes)
  "/dashboard/settings": r(SETTINGS, "settings"),
  "/dashboard/settings/airline": r(settings(S_AIRLINE), "settingsAirline"),
  "/dashboard/settings/capacities": r(settings(S_CAPACITIES), "capacities"),
  "/dashboard/settings/segment-payloads": r(settings(S_MOST), "segmentPayloads"),
  "/dashboard/settings/pax-od-averages": r(settings(S_MOST), "paxOdAverages"),
  "/dashboard/settings/baggage-averages": r(settings(S_MOST), "baggageAverages"),
  "/dashboard/settings/handlers": r(settings(S_CAPACITIES), "handlers"),
  "/dashboard/settings/messaging": r(settings(S_MOST), "messageSettings"),
  "/dashboard/settings/agreements": r(settings(S_AGREEMENTS), "agreements"),
  "/dashboard/settings/agent/agreements": r(settings(S_AGENT), "agentAgreements"),
  "/dashboard/settings/stocks": r(settings(S_MOST), "stocks"),
  "/dashboard/settings/agent/stocks": r(settings(S_AGENT), "agentStocks"),
  "/dashboard/settings/permitted-routes": r(settings(S_MOST), "permittedRoutes"),
  "/dashboard/settings/booking-rules": r(settings(S_MOST), "bookingRules"),
  "/dashboard/settings/allotments": r(settings(S_MOST), "allotments"),
  "/dashboard/settings/products": r(settings(S_PRODUCTS), "products"),
  "/dashboard/settings/companies": r(settings(PLATFORM_ONLY), "companies"),
  "/dashboard/settings/parties": r(settings(S_PARTIES), "parties"),
  "/dashboard/settings/agent/parties": r(settings(S_AGENT), "agentParties"),
  "/dashboard/settings/airline-customers": r(settings(S_MOST), "airlineCustomers"),
  // not in the spec's settings list: the airline's accounting information presets (spec 2 §9, issue 10), edited by
  // whoever edits its settings ("most pages": platform or airline Manager)
  "/dashboard/settings/accounting-presets": r(settings(S_MOST), "accountingPresets"),
  "/dashboard/settings/beneficiary-state": r(settings(S_BENEFICIARY), "beneficiaryState"),
  "/dashboard/settings/users": r(settings(S_USERS), "users"),
  "/dashboard/settings/baggage-stats/create": r(settings(S_MOST), "baggageStatCreate"),
  "/dashboard/settings/baggage-stats/:id/edit": r(settings(S_MOST), "baggageStatEdit", "id"),
  "/dashboard/settings/allotments/create": r(settings(S_MOST), "allotmentCreate"),
  "/dashboard/settings/booking-rules/create": r(settings(S_MOST), "bookingRuleCreate"),
  "/dashboard/settings/message-settings/create": r(settings(S_MOST), "messageSettingCreate"),
  "/dashboard/settings/message-settings/:id/edit": r(settings(S_MOST), "messageSettingEdit", "id"),
  "/dashboard/settings/companies/create": r(settings(PLATFORM_ONLY), "companyCreate"),
  "/dashboard/settings/companies/:id/edit": r(settings(PLATFORM_ONLY), "companyEdit", "id"),
  "/dashboard/settings/parties/:id/edit": r(settings(S_PARTIES), "partyEdit", "id"),
  "/dashboard/settings/airline-customers/create": r(settings(S_MOST), "airlineCustomerCreate"),
  "/dashboard/settings/airline-customers/:id/edit": r(settings(S_MOST), "airlineCustomerEdit", "id"),
  "/dashboard/settings/permitted-routes/create": r(settings(S_MOST), "permittedRouteCreate"),
  "/dashboard/settings/permitted-routes/:id/edit": r(settings(S_MOST), "permittedRouteEdit", "id"),
  "/dashboard/settings/handlers/create": r(settings(S_CAPACITIES), "handlerCreate"),
  "/dashboard/settings/handlers/:id/edit": r(settings(S_CAPACITIES), "handlerEdit", "id"),
  "/dashboard/settings/agreements/create": r(settings(S_AGREEMENTS_EDIT), "agreementCreate"),
  "/dashboard/settings/agreements/:id/edit": r(settings(S_AGREEMENTS_EDIT), "agreementEdit", "id"),
  // Settlements
  "/dashboard/settlements": r(SETTLEMENTS, "settlements"),
  "/dashboard/settlements/balances": r(SETTLEMENTS, "balances"),
  "/dashboard/settlements/balances/:id": r(SETTLEMENTS, "balance", "id"),
  "/dashboard/settlements/payments": r(PAYMENTS, "payments"),
  // Feature requests
  "/dashboard/feature-requests": r(FEATURE_REQUESTS, "featureRequests"),
  "/dashboard/feature-requests/create": r(FEATURE_REQUESTS, "featureRequestCreate"),
  "/dashboard/feature-requests/:id/edit": r(FEATURE_REQUESTS, "featureRequestEdit", "id"),
  // Other
  "/dashboard/ui-kit": r(UI_KIT, "uiKit"),
  "/dashboard/ui-kit/base-components": r(UI_KIT, "uiKitBaseComponents"),
  "/dashboard/ui-kit/grid": r(PLATFORM_ONLY, "uiKitGrid"),
  "/dashboard/web-socket-test": r(PLATFORM_ONLY, "webSocketTest"),
  "/dashboard/profile": r(PROFILE, "profile"),
};

/** Settings children in the spec's order (spec 1 §2), for the section's first-permitted-child redirect. */
export const SETTINGS_CHILDREN: readonly string[] = [
  "airline", "capacities", "segment-payloads", "pax-od-averages", "baggage-averages", "handlers", "messaging",
  "agreements", "agent/agreements", "stocks", "agent/stocks", "permitted-routes", "booking-rules", "allotments",
  "products", "companies", "parties", "agent/parties", "airline-customers", "accounting-presets", "beneficiary-state", "users",
].map((child) => `${DASHBOARD}/settings/${child}`);

/** Messaging children in tab order (spec 1 §2 "Messaging"): the section opens the first the user may. */
export const MESSAGING_CHILDREN: readonly string[] = [
  "cimp-telegrams", "cimp", "ssim-telegrams", "ssim", "sita", "ahm-telegrams", "outgoing-messages",
  // not a tab of the spec's list but its "view of incoming messages", beside the outgoing one
  "messages",
].map((child) => `${DASHBOARD}/messaging/${child}`);

/** Tariffs children in tab order (Tariffs, Charges, Surcharges). */
export const TARIFFS_CHILDREN: readonly string[] = ["external-tariffs", "external-charges", "external-surcharges"].map(
  (child) => `${DASHBOARD}/tariffs/${child}`,
);
