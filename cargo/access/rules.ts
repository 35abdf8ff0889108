import type { Condition, Who } from "./condition";

/**
 * The rows of spec 1 §6 "Route access", as rules. The BFF's route table (app/lib/access/route-requirements.ts) maps
 * each page to one of them; the API's guards read the same rule for the calls behind a page (creating a waybill,
 * creating, editing and cancelling a flight), so a page never admits a user its Save then refuses.
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
export const FLIGHTS_TABS: Condition = { users: [PLATFORM, ...AIRLINE_ROLES, FWD_DEFAULT] };
/** The flights tabs a forwarder Default does not see; also flight pages that are not a tab (our reading). */
export const FLIGHTS_AIRLINE: Condition = { users: [PLATFORM, ...AIRLINE_ROLES] };
/** ACI tab: platform, or airlines from a configured list (not Billing). */
export const ACI: Condition = {
  anyOf: [{ users: [PLATFORM] }, { users: [A_DEFAULT, A_MANAGER, A_COM_COR, A_ICS], tenants: [{ list: "aci" }] }],
};
/** Bookings: platform; airline Default/Manager/ComCor; forwarder Default; not on a forwarder host nor on su. */
export const BOOKINGS: Condition = {
  users: [PLATFORM, A_DEFAULT, A_MANAGER, A_COM_COR, FWD_DEFAULT],
  notTenantTypes: ["forwarder"],
  notTenants: ["su"],
};
/**
 * Create air waybill: "airline su; platform; forwarder Default". Read as: airline users of tenant su, any
 * platform user, any forwarder Default (offers on forwarder hosts create AWBs without booking, so forwarders
 * are not limited to su).
 */
export const AWB_CREATE: Condition = {
  anyOf: [{ users: [PLATFORM, FWD_DEFAULT] }, { users: AIRLINE_ROLES, tenants: ["su"] }],
};
/** Shipments old page: platform; or forwarder Default, not on su, while has_access_to_new_air_waybills_page is not true. */
export const SHIPMENTS_OLD: Condition = {
  anyOf: [
    { users: [PLATFORM] },
    { users: [FWD_DEFAULT], notTenants: ["su"], ui: { has_access_to_new_air_waybills_page: false } },
  ],
};
/** Shipments new page: platform and airline roles; forwarder Default on su; forwarder Default elsewhere when the setting is true. */
export const SHIPMENTS_NEW: Condition = {
  anyOf: [
    { users: [PLATFORM, ...AIRLINE_ROLES] },
    { users: [FWD_DEFAULT], tenants: ["su"] },
    { users: [FWD_DEFAULT], ui: { has_access_to_new_air_waybills_page: true } },
  ],
};
/** Shipment detail, FWB, FHL, billing, AWB edit, booking edit, house waybills. */
export const SHIPMENT: Condition = { users: [PLATFORM, ...AIRLINE_ROLES, FWD_DEFAULT] };
/**
 * The airline side's actions on a shipment (issue, verify, void, deliver and their cancels, charter marks): platform;
 * airline Default/Manager. The API's own form of it is AWB_ACCESS.airline (api/air-waybills/access.ts), checked equal
 * for every user by tests/unit/awb-airline-actions.test.ts. The shipment page tells a stale button (the rule admits
 * the user, the state no longer does: the graph's refusal) from a forged one (the rule refuses: the not-found page).
 */
export const AWB_AIRLINE_ACTIONS: Condition = { users: [PLATFORM, A_DEFAULT, A_MANAGER] };
/**
 * Billing a waybill (its calculation and rate lines, issue 24): platform; airline Default/Manager/Billing. The API's own
 * form of it is BILLING_ACCESS (api/billing/waybill-rates.ts), checked equal by tests/unit/awb-airline-actions.test.ts.
 */
export const WAYBILL_BILLING: Condition = { users: [PLATFORM, A_DEFAULT, A_MANAGER, A_BILLING] };
/** Offers (and the forwarder booking page /offers/select): forwarder Default on a forwarder host. */
export const OFFERS: Condition = { users: [FWD_DEFAULT], tenantTypes: ["forwarder"] };
export const PLATFORM_ONLY: Condition = { users: [PLATFORM] };
/** Flight create/edit: platform, or airline Manager on listed airlines. */
export const FLIGHT_EDIT: Condition = {
  anyOf: [{ users: [PLATFORM] }, { users: [A_MANAGER], tenants: [{ list: "flightEdit" }] }],
};
/**
 * Changing a flight from its page (flags, planned figures, allotments): platform, airline Manager and Default,
 * exactly the API's FLIGHTS_ACCESS.write (a control the API refuses would end in its 403).
 */
export const FLIGHT_WRITE: Condition = { users: [PLATFORM, A_MANAGER, A_DEFAULT] };
/** Flight booking rule: platform; airline Default/Manager/ComCor. */
export const FLIGHT_BOOKING_RULE: Condition = { users: [PLATFORM, A_DEFAULT, A_MANAGER, A_COM_COR] };
/** Tariffs section: platform; airline roles except IcsInspector; forwarder Default. */
export const TARIFFS: Condition = { users: [PLATFORM, A_DEFAULT, A_MANAGER, A_COM_COR, A_BILLING, FWD_DEFAULT] };
/** Tariff create/edit: platform, or airline Manager (staging, or listed airlines). */
export const TARIFF_EDIT: Condition = {
  anyOf: [
    { users: [PLATFORM] },
    { users: [A_MANAGER], anyOf: [{ environments: ["staging"] }, { tenants: [{ list: "tariffEdit" }] }] },
  ],
};
/** Settings section: all roles including Admin; for su only platform and forwarder Admin. */
export const SETTINGS: Condition = {
  anyOf: [{ users: [PLATFORM, FWD_ADMIN] }, { users: ["airline", FWD_DEFAULT], notTenants: ["su"] }],
};
/** A settings page: the section row AND the page row. */
export const settings = (page: Condition): Condition => ({ allOf: [SETTINGS, page] });
/** Settings: most pages: platform or airline Manager. */
export const S_MOST: Condition = { users: [PLATFORM, A_MANAGER] };
/** Settings: Airline page: (airline) Manager. */
export const S_AIRLINE: Condition = { users: [A_MANAGER] };
/** Settings: capacities, handlers: Manager and also Default (plus platform, as "most pages"). */
export const S_CAPACITIES: Condition = { users: [PLATFORM, A_MANAGER, A_DEFAULT] };
/** Settings: agreements: airline Default/Manager/ComCor; forwarder Default. */
export const S_AGREEMENTS: Condition = { users: [A_DEFAULT, A_MANAGER, A_COM_COR, FWD_DEFAULT] };
/** Creating and editing an agreement: the airline's Manager and ComCor (the others read the list; the API's writers). */
export const S_AGREEMENTS_EDIT: Condition = { users: [A_MANAGER, A_COM_COR] };
/** Settings: products: also Billing. */
export const S_PRODUCTS: Condition = { users: [PLATFORM, A_MANAGER, A_BILLING] };
/** Settings: parties: platform, or forwarder Default outside some airlines. */
export const S_PARTIES: Condition = {
  anyOf: [{ users: [PLATFORM] }, { users: [FWD_DEFAULT], notTenants: [{ list: "partiesExcluded" }] }],
};
/** Settings: agent pages: forwarder host. Who is not stated; we admit platform and forwarder users. */
export const S_AGENT: Condition = { users: [PLATFORM, "forwarder"], tenantTypes: ["forwarder"] };
/** Settings: users: Admin (airline admin on listed airlines, any airline admin on staging; forwarder admin anywhere). */
export const S_USERS: Condition = {
  anyOf: [
    { users: [FWD_ADMIN] },
    { users: [A_ADMIN], anyOf: [{ tenants: [{ list: "usersManagement" }] }, { environments: ["staging"] }] },
  ],
};
/** Settings: beneficiary-state: "most pages", staging only. */
export const S_BENEFICIARY: Condition = { ...S_MOST, environments: ["staging"] };
/** Settlements: platform; airline roles; forwarder Default; airline and forwarder users only on listed airlines. */
export const SETTLEMENTS: Condition = {
  anyOf: [{ users: [PLATFORM] }, { users: [...AIRLINE_ROLES, FWD_DEFAULT], tenants: [{ list: "settlements" }] }],
};
/** Settlements payments: as settlements, without forwarders. */
export const PAYMENTS: Condition = {
  anyOf: [{ users: [PLATFORM] }, { users: AIRLINE_ROLES, tenants: [{ list: "settlements" }] }],
};
/** Messaging: platform; airline Default/Manager/IcsInspector. Also the outgoing/incoming message views (our reading of "mostly"). */
export const MESSAGING: Condition = { users: [PLATFORM, A_DEFAULT, A_MANAGER, A_ICS] };
/**
 * Sending telegrams by hand (a waybill's FWB and FHL, a list's FWBs) and sending an outgoing message again: platform,
 * and the airline side of the waybill's actions (Default, Manager); spec 2 §9 says which types each side sends.
 */
export const OUTGOING_SEND: Condition = { users: [PLATFORM, A_DEFAULT, A_MANAGER] };
/** Filing ACI and PLACI with customs (a flight's, a waybill's own PLACI): the ACI tab's users who also send telegrams. */
export const CUSTOMS_FILING: Condition = { allOf: [ACI, OUTGOING_SEND] };
/** Telegram lists and their detail pages: platform or airline Manager. */
export const TELEGRAMS: Condition = { users: [PLATFORM, A_MANAGER] };
/** CIMP upload (and CIMP edit): also ComCor and IcsInspector. */
export const CIMP_UPLOAD: Condition = { users: [PLATFORM, A_MANAGER, A_COM_COR, A_ICS] };
/**
 * A waybill's own received telegrams (its FWB and FHL pages): the telegram lists' readers, and the messaging
 * section's, who read the same waybill's outgoing messages beside them.
 */
export const WAYBILL_TELEGRAMS: Condition = { anyOf: [TELEGRAMS, CIMP_UPLOAD, MESSAGING] };
/**
 * A flight's received telegrams (the flight page's Incoming messages tab, GET segments/{id}/cimp_telegrams): the
 * same readers as a waybill's.
 */
export const FLIGHT_TELEGRAMS: Condition = WAYBILL_TELEGRAMS;
/** SSIM upload: platform or airline Manager, except listed airlines. */
export const SSIM_UPLOAD: Condition = {
  anyOf: [{ users: [PLATFORM] }, { users: [A_MANAGER], notTenants: [{ list: "ssimUploadExcluded" }] }],
};
/** BI: platform; airline Manager/Billing. */
export const BI: Condition = { users: [PLATFORM, A_MANAGER, A_BILLING] };
/** Feature requests: platform, or airline Manager on the listed airlines (C6, Y7). */
export const FEATURE_REQUESTS: Condition = {
  anyOf: [{ users: [PLATFORM] }, { users: [A_MANAGER], tenants: [{ list: "featureRequests" }] }],
};
/** Aircraft capacity pages: as settings → capacities (our reading; the table has no row for them). */
export const AIRCRAFT_CAPACITY: Condition = { users: [PLATFORM, A_MANAGER, A_DEFAULT] };
/** UI kit: platform, staging only. Grid and web socket test: platform. */
export const UI_KIT: Condition = { users: [PLATFORM], environments: ["staging"] };
/** /agent/air-waybills: staging, platform. */
export const AGENT_AWB: Condition = { users: [PLATFORM], environments: ["staging"] };
/** Profile: every signed-in user, with or without a company, visitors included. */
export const PROFILE: Condition = {};
