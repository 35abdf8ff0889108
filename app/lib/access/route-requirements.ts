import type { Environment, TenantType } from "../tenant";
import type { AirlineListName } from "./airline-lists";
import type { Role, UiSettings, UserType } from "./types";

/**
 * Who may open which route (spec 1 §2 routes, §6 "Route access"), as data.
 *
 * One table serves the loader/action guard, the sidebar, the landing redirect and the settings/tariffs
 * "first permitted child" redirects (DESIGN §3), so a link is shown exactly when its route lets the user in.
 *
 * Reading the spec table:
 * - "airline roles" are the five operational airline roles Default/Manager/ComCor/Billing/IcsInspector.
 *   Admin is the user-administration role (its landing page is settings → users); the table names Admin
 *   explicitly where it applies (settings section, settings → users).
 * - A row that names who without "platform" does not admit platform users (settings → airline page,
 *   agreements, users). "Platform sees everything" in spec 1 §1 is read as "the table lists platform
 *   wherever it applies", because for those rows the page is about the user's own company.
 * - A listed-airlines clause restricts airline (and forwarder) users; a platform alternative in the same row
 *   is not restricted by it ("platform, or airlines from a configured list").
 * - Only the lists the "Route access" table mentions gate routes (aci, flightEdit, tariffEdit, settlements,
 *   usersManagement, ssimUploadExcluded, partiesExcluded, featureRequests). The "Feature gating" lists
 *   (tracking, house waybill, customers, ...) switch features inside pages: see `tenantHasFeature`.
 * - Settings children are the section row AND the page row (the section row says "for su only platform and
 *   forwarder Admin", which must hold on every settings page, not only on the redirecting /settings).
 * - Messaging children are NOT ANDed with the Messaging row: "CIMP upload: also ComCor" admits ComCor, whom the
 *   Messaging row does not list.
 */

/** "airline" = any airline user; "airline.manager" = airline user with the Manager role. */
export type Who = UserType | `${UserType}.${Role}`;

/** A literal lower-case tenant code, or one of the configured lists. */
export type TenantRef = string | { readonly list: AirlineListName };

/** Each named setting must equal the value; an absent setting counts as false. */
export type UiPredicate = { readonly [K in keyof UiSettings]?: boolean };

/** Every field present must hold (AND). An absent field does not restrict. */
export interface Condition {
  /** The user matches one of these. A signed-in user without a company (null) matches none. */
  readonly users?: readonly Who[];
  readonly notUsers?: readonly Who[];
  /** The tenant code (or its n4/eo group) is one of these. */
  readonly tenants?: readonly TenantRef[];
  readonly notTenants?: readonly TenantRef[];
  /** null = a tenant without type (default host, plain staging/sandbox/qa host). */
  readonly tenantTypes?: readonly (TenantType | null)[];
  readonly notTenantTypes?: readonly (TenantType | null)[];
  readonly environments?: readonly Environment[];
  readonly ui?: UiPredicate;
  /** At least one holds. */
  readonly anyOf?: readonly Condition[];
  /** All hold. */
  readonly allOf?: readonly Condition[];
}

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

// ---- who ----------------------------------------------------------------------------------------------
const PLATFORM: Who = "platform";
const FWD_DEFAULT: Who = "forwarder.default";
const FWD_ADMIN: Who = "forwarder.admin";
const A_DEFAULT: Who = "airline.default";
const A_MANAGER: Who = "airline.manager";
const A_COM_COR: Who = "airline.com_cor";
const A_BILLING: Who = "airline.billing";
const A_ICS: Who = "airline.ics_inspector";
const A_ADMIN: Who = "airline.admin";
/** The "airline roles" of the table: every airline role but Admin. */
const AIRLINE_ROLES: readonly Who[] = [A_DEFAULT, A_MANAGER, A_COM_COR, A_BILLING, A_ICS];

// ---- rows of spec 1 §6 "Route access" -------------------------------------------------------------------
/** Flights tabs: platform; airline Default/Manager/ComCor/Billing/IcsInspector; forwarder Default (current, all). */
const FLIGHTS_TABS: Condition = { users: [PLATFORM, ...AIRLINE_ROLES, FWD_DEFAULT] };
/** The flights tabs a forwarder Default does not see; also flight pages that are not a tab (our reading). */
const FLIGHTS_AIRLINE: Condition = { users: [PLATFORM, ...AIRLINE_ROLES] };
/** ACI tab: platform, or airlines from a configured list (not Billing). */
const ACI: Condition = {
  anyOf: [{ users: [PLATFORM] }, { users: [A_DEFAULT, A_MANAGER, A_COM_COR, A_ICS], tenants: [{ list: "aci" }] }],
};
/** Bookings: platform; airline Default/Manager/ComCor; forwarder Default; not on a forwarder host nor on su. */
const BOOKINGS: Condition = {
  users: [PLATFORM, A_DEFAULT, A_MANAGER, A_COM_COR, FWD_DEFAULT],
  notTenantTypes: ["forwarder"],
  notTenants: ["su"],
};
/**
 * Create air waybill: "airline su; platform; forwarder Default". Read as: airline users of tenant su, any
 * platform user, any forwarder Default (offers on forwarder hosts create AWBs without booking, so forwarders
 * are not limited to su).
 */
const AWB_CREATE: Condition = {
  anyOf: [{ users: [PLATFORM, FWD_DEFAULT] }, { users: AIRLINE_ROLES, tenants: ["su"] }],
};
/** Shipments old page: platform; or forwarder Default, not on su, while has_access_to_new_air_waybills_page is not true. */
const SHIPMENTS_OLD: Condition = {
  anyOf: [
    { users: [PLATFORM] },
    { users: [FWD_DEFAULT], notTenants: ["su"], ui: { has_access_to_new_air_waybills_page: false } },
  ],
};
/** Shipments new page: platform and airline roles; forwarder Default on su; forwarder Default elsewhere when the setting is true. */
const SHIPMENTS_NEW: Condition = {
  anyOf: [
    { users: [PLATFORM, ...AIRLINE_ROLES] },
    { users: [FWD_DEFAULT], tenants: ["su"] },
    { users: [FWD_DEFAULT], ui: { has_access_to_new_air_waybills_page: true } },
  ],
};
/** Shipment detail, FWB, FHL, billing, AWB edit, booking edit, house waybills. */
const SHIPMENT: Condition = { users: [PLATFORM, ...AIRLINE_ROLES, FWD_DEFAULT] };
/** Offers (and the forwarder booking page /offers/select): forwarder Default on a forwarder host. */
const OFFERS: Condition = { users: [FWD_DEFAULT], tenantTypes: ["forwarder"] };
const PLATFORM_ONLY: Condition = { users: [PLATFORM] };
/** Flight create/edit: platform, or airline Manager on listed airlines. */
const FLIGHT_EDIT: Condition = {
  anyOf: [{ users: [PLATFORM] }, { users: [A_MANAGER], tenants: [{ list: "flightEdit" }] }],
};
/**
 * Changing a flight from its page (flags, planned figures, allotments): platform, airline Manager and Default,
 * exactly the API's FLIGHTS_ACCESS.write (a control the API refuses would end in its 403).
 */
const FLIGHT_WRITE: Condition = { users: [PLATFORM, A_MANAGER, A_DEFAULT] };
/** Flight booking rule: platform; airline Default/Manager/ComCor. */
const FLIGHT_BOOKING_RULE: Condition = { users: [PLATFORM, A_DEFAULT, A_MANAGER, A_COM_COR] };
/** Tariffs section: platform; airline roles except IcsInspector; forwarder Default. */
const TARIFFS: Condition = { users: [PLATFORM, A_DEFAULT, A_MANAGER, A_COM_COR, A_BILLING, FWD_DEFAULT] };
/** Tariff create/edit: platform, or airline Manager (staging, or listed airlines). */
const TARIFF_EDIT: Condition = {
  anyOf: [
    { users: [PLATFORM] },
    { users: [A_MANAGER], anyOf: [{ environments: ["staging"] }, { tenants: [{ list: "tariffEdit" }] }] },
  ],
};
/** Settings section: all roles including Admin; for su only platform and forwarder Admin. */
const SETTINGS: Condition = {
  anyOf: [{ users: [PLATFORM, FWD_ADMIN] }, { users: ["airline", FWD_DEFAULT], notTenants: ["su"] }],
};
/** A settings page: the section row AND the page row. */
const settings = (page: Condition): Condition => ({ allOf: [SETTINGS, page] });
/** Settings: most pages: platform or airline Manager. */
const S_MOST: Condition = { users: [PLATFORM, A_MANAGER] };
/** Settings: Airline page: (airline) Manager. */
const S_AIRLINE: Condition = { users: [A_MANAGER] };
/** Settings: capacities, handlers: Manager and also Default (plus platform, as "most pages"). */
const S_CAPACITIES: Condition = { users: [PLATFORM, A_MANAGER, A_DEFAULT] };
/** Settings: agreements: airline Default/Manager/ComCor; forwarder Default. */
const S_AGREEMENTS: Condition = { users: [A_DEFAULT, A_MANAGER, A_COM_COR, FWD_DEFAULT] };
/** Creating and editing an agreement: the airline's Manager and ComCor (the others read the list; the API's writers). */
const S_AGREEMENTS_EDIT: Condition = { users: [A_MANAGER, A_COM_COR] };
/** Settings: products: also Billing. */
const S_PRODUCTS: Condition = { users: [PLATFORM, A_MANAGER, A_BILLING] };
/** Settings: parties: platform, or forwarder Default outside some airlines. */
const S_PARTIES: Condition = {
  anyOf: [{ users: [PLATFORM] }, { users: [FWD_DEFAULT], notTenants: [{ list: "partiesExcluded" }] }],
};
/** Settings: agent pages: forwarder host. Who is not stated; we admit platform and forwarder users. */
const S_AGENT: Condition = { users: [PLATFORM, "forwarder"], tenantTypes: ["forwarder"] };
/** Settings: users: Admin (airline admin on listed airlines, any airline admin on staging; forwarder admin anywhere). */
const S_USERS: Condition = {
  anyOf: [
    { users: [FWD_ADMIN] },
    { users: [A_ADMIN], anyOf: [{ tenants: [{ list: "usersManagement" }] }, { environments: ["staging"] }] },
  ],
};
/** Settings: beneficiary-state: "most pages", staging only. */
const S_BENEFICIARY: Condition = { ...S_MOST, environments: ["staging"] };
/** Settlements: platform; airline roles; forwarder Default; airline and forwarder users only on listed airlines. */
const SETTLEMENTS: Condition = {
  anyOf: [{ users: [PLATFORM] }, { users: [...AIRLINE_ROLES, FWD_DEFAULT], tenants: [{ list: "settlements" }] }],
};
/** Settlements payments: as settlements, without forwarders. */
const PAYMENTS: Condition = {
  anyOf: [{ users: [PLATFORM] }, { users: AIRLINE_ROLES, tenants: [{ list: "settlements" }] }],
};
/** Messaging: platform; airline Default/Manager/IcsInspector. Also the outgoing/incoming message views (our reading of "mostly"). */
const MESSAGING: Condition = { users: [PLATFORM, A_DEFAULT, A_MANAGER, A_ICS] };
/** Telegram lists and their detail pages: platform or airline Manager. */
const TELEGRAMS: Condition = { users: [PLATFORM, A_MANAGER] };
/** CIMP upload (and CIMP edit): also ComCor and IcsInspector. */
const CIMP_UPLOAD: Condition = { users: [PLATFORM, A_MANAGER, A_COM_COR, A_ICS] };
/** SSIM upload: platform or airline Manager, except listed airlines. */
const SSIM_UPLOAD: Condition = {
  anyOf: [{ users: [PLATFORM] }, { users: [A_MANAGER], notTenants: [{ list: "ssimUploadExcluded" }] }],
};
/** BI: platform; airline Manager/Billing. */
const BI: Condition = { users: [PLATFORM, A_MANAGER, A_BILLING] };
/** Feature requests: platform, or airline Manager on the listed airlines (C6, Y7). */
const FEATURE_REQUESTS: Condition = {
  anyOf: [{ users: [PLATFORM] }, { users: [A_MANAGER], tenants: [{ list: "featureRequests" }] }],
};
/** Aircraft capacity pages: as settings → capacities (our reading; the table has no row for them). */
const AIRCRAFT_CAPACITY: Condition = { users: [PLATFORM, A_MANAGER, A_DEFAULT] };
/** UI kit: platform, staging only. Grid and web socket test: platform. */
const UI_KIT: Condition = { users: [PLATFORM], environments: ["staging"] };
/** /agent/air-waybills: staging, platform. */
const AGENT_AWB: Condition = { users: [PLATFORM], environments: ["staging"] };
/** Profile: every signed-in user, with or without a company, visitors included. */
const PROFILE: Condition = {};

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
  "/dashboard/shipments/:mawb/fwb": r(SHIPMENT, "shipmentFwb", "mawb"),
  "/dashboard/shipments/:mawb/fhl": r(SHIPMENT, "shipmentFhl", "mawb"),
  "/dashboard/shipments/:mawb/billing": r(SHIPMENT, "shipmentBilling", "mawb"),
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
  "/dashboard/tariffs/external-tariffs": r(TARIFFS, "externalTariffs"),
  "/dashboard/tariffs/external-tariffs/create": r(TARIFF_EDIT, "externalTariffCreate"),
  "/dashboard/tariffs/external-tariffs/:id/edit": r(TARIFF_EDIT, "externalTariffEdit", "id"),
  "/dashboard/tariffs/external-charges": r(TARIFFS, "externalCharges"),
  "/dashboard/tariffs/external-charges/create": r(TARIFF_EDIT, "externalChargeCreate"),
  "/dashboard/tariffs/external-surcharges": r(TARIFFS, "externalSurcharges"),
  "/dashboard/tariffs/external-surcharges/create": r(TARIFF_EDIT, "externalSurchargeCreate"),
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

/** Tariffs children in tab order (Tariffs, Charges, Surcharges). */
export const TARIFFS_CHILDREN: readonly string[] = ["external-tariffs", "external-charges", "external-surcharges"].map(
  (child) => `${DASHBOARD}/tariffs/${child}`,
);
