import type { airlines } from "./db/tables/airlines";
import type { companies } from "./db/tables/companies";
import type { Role } from "./db/tables/enums";
import type { messageSettings } from "./db/tables/message-settings";
import type { globalNotifications } from "./db/tables/notifications";
import type { notableCompanies, productCodes } from "./db/tables/reference";
import type {
  agreements,
  airlineCustomers,
  baggageStats,
  forwarderCustomers,
  handlers,
  paxOdAverages,
  permittedRoutes,
  segmentPayloads,
} from "./db/tables/settings";
import { daysInMonth, formatIsoDate } from "../cargo/time/local-date";

/** Every demo account signs in with this password. */
export const DEMO_PASSWORD = "cargodesk-demo";

export const DEMO_AIRLINES: Array<typeof airlines.$inferInsert> = [
  {
    carrier: "SU", awb_prefix: "555", name: "Aeroflot", icao_code: "AFL", cyrillic_code: "СУ", country_code: "RU",
    interline_accepted_prefixes: ["421"], show_settings: false, show_loadfactor_data: true,
    cw_rounding_rule: "whole_kg", pax_weight: { summer: { adult: 75, child: 35, infant: 10 }, winter: { adult: 78, child: 35, infant: 10 } },
    awb_rule_fbl_notice_stations: ["SVO"],
  },
  {
    carrier: "S7", awb_prefix: "421", name: "S7 Airlines", icao_code: "SBI", cyrillic_code: "С7", country_code: "RU",
    interline_accepted_prefixes: ["555"], show_settings: true, show_loadfactor_data: true, cass_link_report: true,
    address: "Tolmachevo Airport, Ob, Novosibirsk Region", cw_rounding_rule: "half_kg", min_charge_weight: "5",
    pax_weight: { summer: { adult: 75, child: 35, infant: 10 }, winter: { adult: 80, child: 35, infant: 10 } },
    overflow_weight_limit: 500, overflow_volume_limit: 3, overflow_weight_percent: 5, overflow_volume_percent: 5,
    awb_rule_allowed_manual_routes: ["OVB-KJA"], awb_rule_mustgo_stations: ["OVB"], awb_rule_fbl_notice_stations: ["DME", "OVB"],
    forbidden_shcs: ["RRY"], codes_for_fbl: ["AVI", "DIP", "HUM", "VAL"],
    settings: { ops_data: { send_ldm: true, receive_mvt: true }, sales_open: { open_days_before_departure: 60, close_minutes_before_departure: 180, open_by_default: true } },
  },
  {
    // The AWB prefix is invented for the demo.
    carrier: "C6", awb_prefix: "745", name: "Centrum Air", icao_code: "CTR", cyrillic_code: "Ц6", country_code: "UZ",
    show_settings: true, show_loadfactor_data: false, tax_id_required: true,
  },
  {
    carrier: "V0", awb_prefix: "308", name: "Conviasa", icao_code: "VCV", cyrillic_code: null, country_code: "VE",
    show_settings: false, show_loadfactor_data: false,
  },
];

export const DEMO_COMPANIES: Array<typeof companies.$inferInsert> = [
  { short_name: "PLATFORM", name: "Cargo Desk Platform", business_type: "platform", city: "Moscow", country: "RU", access_to_all_carriers: true, has_access_to_new_air_waybills_page: true },
  { short_name: "SU", name: "Aeroflot", business_type: "airline", carrier: "SU", city: "Moscow", country: "RU", default_airport: "SVO", has_access_to_new_air_waybills_page: true },
  { short_name: "S7", name: "S7 Airlines", business_type: "airline", carrier: "S7", city: "Novosibirsk", country: "RU", default_airport: "OVB", has_access_to_new_air_waybills_page: true, cimp_email: "cimp@s7.example", cimp_sita: "MOWFMS7" },
  { short_name: "C6", name: "Centrum Air", business_type: "airline", carrier: "C6", city: "Tashkent", country: "UZ", default_airport: "TAS", has_access_to_new_air_waybills_page: true, cimp_email: "cimp@c6.example" },
  { short_name: "V0", name: "Conviasa", business_type: "airline", carrier: "V0", city: "Caracas", country: "VE", default_airport: "CCS", has_access_to_new_air_waybills_page: true },
  { short_name: "FWDONE", name: "Forwarder One", business_type: "forwarder", city: "Moscow", country: "RU", default_airport: "SVO", permitted_carriers: ["SU", "S7", "C6"], forwarder_iata_code: "1234567", has_access_to_new_air_waybills_page: false },
  { short_name: "FWDTWO", name: "Forwarder Two", business_type: "forwarder", city: "Novosibirsk", country: "RU", default_airport: "OVB", permitted_carriers: ["S7", "V0"], forwarder_iata_code: "7654321", has_access_to_new_air_waybills_page: true },
  { short_name: "VISITCO", name: "Visitor Company", business_type: "visitor", city: "Kazan", country: "RU", has_access_to_new_air_waybills_page: false },
];

type DemoUser = {
  email: string;
  firstname: string;
  lastname: string;
  /** [company short name, role], the first one current. */
  profiles: Array<[string, Role]>;
};

export const DEMO_USERS: DemoUser[] = [
  { email: "platform@cargodesk.test", firstname: "Pavel", lastname: "Platonov", profiles: [["PLATFORM", "operator"]] },
  { email: "su.manager@cargodesk.test", firstname: "Svetlana", lastname: "Utkina", profiles: [["SU", "manager"]] },
  { email: "s7.operator@cargodesk.test", firstname: "Oleg", lastname: "Semenov", profiles: [["S7", "operator"]] },
  { email: "s7.manager@cargodesk.test", firstname: "Maria", lastname: "Sidorova", profiles: [["S7", "manager"]] },
  { email: "s7.comcor@cargodesk.test", firstname: "Kirill", lastname: "Sokolov", profiles: [["S7", "com_cor"]] },
  { email: "s7.billing@cargodesk.test", firstname: "Boris", lastname: "Smirnov", profiles: [["S7", "billing"]] },
  { email: "s7.inspector@cargodesk.test", firstname: "Irina", lastname: "Savina", profiles: [["S7", "ics_inspector"]] },
  { email: "s7.admin@cargodesk.test", firstname: "Anna", lastname: "Stepanova", profiles: [["S7", "admin"]] },
  { email: "c6.manager@cargodesk.test", firstname: "Aziz", lastname: "Karimov", profiles: [["C6", "manager"]] },
  { email: "v0.manager@cargodesk.test", firstname: "Carlos", lastname: "Mendoza", profiles: [["V0", "manager"]] },
  {
    email: "forwarder@cargodesk.test", firstname: "Fedor", lastname: "Volkov",
    profiles: [["FWDONE", "operator"], ["FWDTWO", "operator"]],
  },
  { email: "forwarder.admin@cargodesk.test", firstname: "Alla", lastname: "Fomina", profiles: [["FWDONE", "admin"]] },
  { email: "visitor@cargodesk.test", firstname: "Viktor", lastname: "Vasiliev", profiles: [["VISITCO", "operator"]] },
  { email: "nocompany@cargodesk.test", firstname: "Nikita", lastname: "Nikolaev", profiles: [] },
];

export const DEMO_GLOBAL_NOTIFICATIONS: Array<typeof globalNotifications.$inferInsert> = [
  {
    carrier: null,
    en_text: "Welcome to Cargo Desk. Planned maintenance every Sunday 02:00-03:00 UTC.",
    ru_text: "Добро пожаловать в Cargo Desk. Плановые работы каждое воскресенье 02:00-03:00 UTC.",
    es_text: "Bienvenido a Cargo Desk. Mantenimiento programado cada domingo de 02:00 a 03:00 UTC.",
    level: "info",
    show_once: true,
  },
  {
    carrier: "S7",
    en_text: "S7 Airlines: booking cut-off at OVB moves to 3 hours before departure.",
    ru_text: "S7 Airlines: окончание бронирования в OVB за 3 часа до вылета.",
    level: "warning",
    show_once: false,
  },
];

// ---- Settings section (issue 3) -----------------------------------------------------------------------------

export const DEMO_HANDLERS: Array<typeof handlers.$inferInsert> = [
  { carrier: "S7", location: "DME", latest_acceptance_time: 180, max_connection_time: 1440, min_connection_time_domestic: 180, min_connection_time_intl: 240, cargo_accepted: true, transfer: true, note: "Moscow Cargo terminal", manual_ffm: false },
  { carrier: "S7", location: "OVB", latest_acceptance_time: 180, max_connection_time: 1440, min_connection_time_domestic: 120, min_connection_time_intl: 180, cargo_accepted: true, transfer: true, note: "Tolmachevo hub", manual_ffm: false },
  { carrier: "S7", location: "KJA", latest_acceptance_time: 120, max_connection_time: 720, min_connection_time_domestic: 120, min_connection_time_intl: 180, cargo_accepted: true, transfer: false, note: null, manual_ffm: true },
  { carrier: "SU", location: "SVO", latest_acceptance_time: 240, max_connection_time: 1440, min_connection_time_domestic: 180, min_connection_time_intl: 240, cargo_accepted: true, transfer: true, note: "Moscow Cargo", manual_ffm: false },
  { carrier: "SU", location: "LED", latest_acceptance_time: 180, max_connection_time: 1440, min_connection_time_domestic: 120, min_connection_time_intl: 180, cargo_accepted: true, transfer: false, note: null, manual_ffm: false },
  { carrier: "SU", location: "AER", latest_acceptance_time: 120, max_connection_time: 720, min_connection_time_domestic: 120, min_connection_time_intl: 180, cargo_accepted: true, transfer: false, note: null, manual_ffm: true },
];

/** S7's outgoing telegrams (issue 23): what goes where on which event, so the messaging settings page is alive. */
export const DEMO_MESSAGE_SETTINGS: Array<typeof messageSettings.$inferInsert> = [
  { carrier: "S7", station: "OVB", message_to: ["OVBFMS7", "ovb.cargo@s7.example"], message_cc: ["cargo.control@s7.example"], message_format: "cimp", message_subject: "FFM from OVB", message_type: "FFM", message_version: "8", send_nil_data: true, source_type: "flight_departed", active: true, description: "Manifest of every departure from Novosibirsk" },
  { carrier: "S7", station: null, message_to: ["MOWFWS7"], message_format: "cimp", message_type: "FWB", message_version: "17", source_type: "awb_created", active: true, description: "Waybill data to the revenue accounting system" },
  { carrier: "S7", station: "DME", message_to: ["https://tracking.s7.example/cargo/fsu"], message_format: "json", message_type: "FSU", source_type: "movement_added", sending_interval: 15, active: true, description: "Status updates to the tracking site, every 15 minutes" },
  { carrier: "S7", station: null, message_to: ["customs.broker@s7.example"], message_bcc: ["audit@s7.example"], message_format: "cimp", message_subject: "CSN", message_type: "CSN", source_type: "customs_status_changed", active: false, description: "Customs status notices (paused)" },
];

export const DEMO_PRODUCT_CODES: Array<typeof productCodes.$inferInsert> = [
  { carrier: "S7", code: "GEN", priority: 10, description: "General cargo", group: "standard", shcs: [] },
  { carrier: "S7", code: "EXP", priority: 20, description: "Express", group: "priority", shcs: ["XPS"] },
  { carrier: "S7", code: "PER", priority: 30, description: "Perishables", group: "special", shcs: ["PER", "PEF", "PEM", "PEP", "PES", "COL", "FRO"] },
  { carrier: "S7", code: "DGR", priority: 40, description: "Dangerous goods", group: "special", shcs: ["RFL", "RCM", "RMD", "ICE", "RLI"] },
  { carrier: "S7", code: "VAL", priority: 50, description: "Valuables", group: "special", shcs: ["VAL", "VUN"] },
  { carrier: "SU", code: "GCR", priority: 10, description: "Standard", group: "standard", shcs: [] },
  { carrier: "SU", code: "PRI", priority: 20, description: "Priority", group: "priority", shcs: ["XPS"] },
  { carrier: "SU", code: "FRS", priority: 30, description: "Fresh", group: "special", shcs: ["PER", "PES", "PEM", "COL"] },
  { carrier: "SU", code: "LIV", priority: 40, description: "Live animals", group: "special", shcs: ["AVI"] },
];

export const DEMO_PERMITTED_ROUTES: Array<typeof permittedRoutes.$inferInsert> = [
  { carrier: "S7", origin_iata: "OVB", destination_iata: "DME", transfer_iata_codes: [], company_short_name: null, contracted: false, direct: true },
  { carrier: "S7", origin_iata: "DME", destination_iata: "OVB", transfer_iata_codes: [], company_short_name: "FWDTWO", contracted: true, direct: true },
  // FWDONE ships DME–OVB with S7 too (api/air-waybills/demo.ts PAIRS): its bookings there must pass the route check
  { carrier: "S7", origin_iata: "DME", destination_iata: "OVB", transfer_iata_codes: [], company_short_name: "FWDONE", contracted: true, direct: true },
  { carrier: "S7", origin_iata: "OVB", destination_iata: "KJA", transfer_iata_codes: [], company_short_name: null, contracted: false, direct: true },
  { carrier: "S7", origin_iata: "KJA", destination_iata: "DME", transfer_iata_codes: ["OVB"], company_short_name: "FWDTWO", contracted: true, direct: false },
  { carrier: "SU", origin_iata: "SVO", destination_iata: "LED", transfer_iata_codes: [], company_short_name: null, contracted: false, direct: true },
  { carrier: "SU", origin_iata: "SVO", destination_iata: "AER", transfer_iata_codes: [], company_short_name: "FWDONE", contracted: true, direct: true },
  { carrier: "SU", origin_iata: "LED", destination_iata: "AER", transfer_iata_codes: ["SVO"], company_short_name: "FWDONE", contracted: true, direct: false },
];

export const DEMO_AIRLINE_CUSTOMERS: Array<typeof airlineCustomers.$inferInsert> = [
  { carrier: "S7", name: "Siberian Fish Export", srn: "S7-0001", address: "Krasny prospekt 1", city: "Novosibirsk", country_code: "RU", post_code: "630007", tax_id: "5406000001", phone_number: "+7 383 000-00-01", email: "cargo@sibfish.test", active: true },
  { carrier: "S7", name: "Altai Honey", srn: "S7-0002", address: "Lenina 10", city: "Barnaul", country_code: "RU", post_code: "656000", tax_id: "2221000002", phone_number: null, email: null, active: false },
  { carrier: "SU", name: "Moscow Pharma Logistics", srn: "SU-1001", address: "Leningradskoe shosse 5", city: "Moscow", country_code: "RU", post_code: "125080", tax_id: "7701000003", phone_number: "+7 495 000-00-03", email: "ops@mpl.test", active: true },
  { carrier: "C6", name: "Tashkent Textile", srn: "C6-0001", address: "Amir Temur 1", city: "Tashkent", country_code: "UZ", post_code: "100000", tax_id: "300000001", phone_number: null, email: null, active: true },
];

/** company_short_name: the forwarder the customer belongs to. */
export const DEMO_FORWARDER_CUSTOMERS: Array<Omit<typeof forwarderCustomers.$inferInsert, "company_id"> & { company_short_name: string }> = [
  { company_short_name: "FWDONE", name: "Volga Machinery", address: "Nizhegorodskaya 32", city: "Moscow", country_code: "RU", post_code: "109029", state: null, tax_id: "7722000011", contacts: [{ name: "Ivan Petrov", phone: "+7 495 111-11-11", email: "ivan@volga.test" }] },
  { company_short_name: "FWDONE", name: "Baikal Water", address: "Karla Marksa 1", city: "Irkutsk", country_code: "RU", post_code: "664003", state: null, tax_id: "3808000012", contacts: [] },
  { company_short_name: "FWDTWO", name: "Ob River Foods", address: "Vokzalnaya magistral 4", city: "Novosibirsk", country_code: "RU", post_code: "630004", state: null, tax_id: "5407000013", contacts: [{ name: "Olga Sidorova", phone: null, email: "olga@obfoods.test" }] },
];

export const DEMO_NOTABLE_COMPANIES: Array<Omit<typeof notableCompanies.$inferInsert, "owner_company_id"> & { company_short_name: string }> = [
  { company_short_name: "FWDONE", account: "FW1-CN-001", name: "Shenzhen Electronics Co", address: "Futian District 8", city: "Shenzhen", state: "Guangdong", country_code: "CN", post_code: "518000", tax_id: null, contact_identifier: "TE", contact_numbers: [{ identifier: "TE", number: "+86 755 0000 0001" }] },
  { company_short_name: "FWDTWO", account: "FW2-DE-001", name: "Frankfurt Spare Parts GmbH", address: "Cargo City Sued 1", city: "Frankfurt", state: null, country_code: "DE", post_code: "60549", tax_id: "DE000000001", contact_identifier: "TE", contact_numbers: [] },
];

type DemoAgreement = Omit<typeof agreements.$inferInsert, "supplier_id" | "client_id"> & { supplier: string; client: string };

/**
 * Dated demo records are relative to the seed's `today` (YYYY-MM-DD, the clock's date at installation), so a
 * fresh install never shows one as expired, whatever the date (issue 8). Contract numbers carry the seed year.
 */
const yearOf = (today: string) => Number(today.slice(0, 4));

/**
 * supplier and client by company short name. S7–FWDTWO runs from 1 January of the seed year through 31 December of
 * the next; SU–FWDONE is open-ended; the others (issue 10) let each forwarder book with each airline it works with and
 * are open-ended from the year before the seed's. The e2e "create an agreement" journey adds S7–FWDONE contracts of
 * its own numbers beside them.
 */
export function demoAgreements(today: string): DemoAgreement[] {
  const year = yearOf(today);
  return [
    { supplier: "S7", client: "FWDTWO", account_number: "S7-FWD2-001", contract_number: `S7/${year}/017`, currency: "RUB", effective_from: `${year}-01-01`, effective_to: `${year + 1}-12-31`, sales_origins: ["OVB", "DME"], show_tariffs: true, beneficiary: null, balance_check_disabled: false, additional_prefixes: [], show_airline_customers: false, active: true, allowed_manual_routes: ["OVB-KJA"], smart_contract: false },
    { supplier: "SU", client: "FWDONE", account_number: "SU-FWD1-001", contract_number: `SU-${year}-0042`, currency: "RUB", effective_from: `${year}-01-01`, effective_to: null, sales_origins: ["SVO"], show_tariffs: false, beneficiary: null, balance_check_disabled: true, additional_prefixes: [], show_airline_customers: true, active: true, allowed_manual_routes: [], smart_contract: false },
    // issue 10: every forwarder books with every airline it works with (the demo waybills' pairs)
    ...(
      [
        ["S7", "FWDONE", "S7-FWD1-001"],
        ["C6", "FWDONE", "C6-FWD1-001"],
        ["V0", "FWDTWO", "V0-FWD2-001"],
        ["SU", "FWDTWO", "SU-FWD2-001"],
        ["C6", "FWDTWO", "C6-FWD2-001"],
        ["V0", "FWDONE", "V0-FWD1-001"],
      ] as const
    ).map(([supplier, client, account]) => ({
      supplier, client, account_number: account, contract_number: `${account}/${year}`, currency: supplier === "V0" ? "USD" : "RUB",
      // issue 24: S7 shows the demo forwarder its tariffs (the quote-to-booking journey); the others do not.
      effective_from: `${year - 1}-01-01`, effective_to: null, sales_origins: [], show_tariffs: account === "S7-FWD1-001", beneficiary: null,
      balance_check_disabled: true, additional_prefixes: [], show_airline_customers: false, active: true, allowed_manual_routes: [], smart_contract: false,
    })),
  ];
}

/** The last whole calendar month before `today`: the period the demo baggage statistics cover. */
export function previousMonthOf(today: string): { period_start: string; period_end: string; days: number } {
  const year = yearOf(today);
  const month = Number(today.slice(5, 7));
  const [y, m] = month === 1 ? [year - 1, 12] : [year, month - 1];
  const days = daysInMonth(y, m);
  return { period_start: formatIsoDate({ year: y, month: m, day: 1 }), period_end: formatIsoDate({ year: y, month: m, day: days }), days };
}

/** Baggage statistics of last month (S7 flies each route once a day, SU four times). */
export function demoBaggageStats(today: string): Array<typeof baggageStats.$inferInsert> {
  const { period_start, period_end, days } = previousMonthOf(today);
  return [
    { carrier: "S7", origin_iata: "OVB", destination_iata: "DME", period_start, period_end, total_baggage_weight: 61250, total_baggage_pcs: 4410, total_pax: 4900, average_baggage_weight: 12.5, manual_average_baggage_weight: null, segments_count: days, applicable_stat_weight: 12.5, external_source: false },
    { carrier: "S7", origin_iata: "DME", destination_iata: "OVB", period_start, period_end, total_baggage_weight: 58800, total_baggage_pcs: 4300, total_pax: 4800, average_baggage_weight: 12.25, manual_average_baggage_weight: 13, segments_count: days, applicable_stat_weight: 13, external_source: false },
    { carrier: "SU", origin_iata: "SVO", destination_iata: "LED", period_start, period_end, total_baggage_weight: 120000, total_baggage_pcs: 10000, total_pax: 12000, average_baggage_weight: 10, manual_average_baggage_weight: null, segments_count: 4 * days, applicable_stat_weight: 10, external_source: true },
  ];
}

export const DEMO_PAX_OD_AVERAGES: Array<typeof paxOdAverages.$inferInsert> = [
  { carrier: "S7", aircraft_type: "320", origin: "OVB", destination: "DME", quantity: 152 },
  { carrier: "S7", aircraft_type: "73H", origin: "OVB", destination: "KJA", quantity: 141 },
  { carrier: "SU", aircraft_type: "321", origin: "SVO", destination: "LED", quantity: 178 },
];

export const DEMO_SEGMENT_PAYLOADS: Array<typeof segmentPayloads.$inferInsert> = [
  { carrier: "S7", aircraft_type: "320", origin: "OVB", destination: "DME", reg_numbers: ["VQ-BCF", "VQ-BDE"], payload: 2500, season: "summer" },
  { carrier: "S7", aircraft_type: "320", origin: "OVB", destination: "DME", reg_numbers: ["VQ-BCF", "VQ-BDE"], payload: 2200, season: "winter" },
  { carrier: "SU", aircraft_type: "321", origin: "SVO", destination: "LED", reg_numbers: [], payload: 3000, season: "summer" },
];

/**
 * AWB stock of each demo airline (issue 10): a range of 1 000 numbers under its prefix, 200 given to FWDONE and 100
 * to FWDTWO (the lowest free serials), the rest the airline's pool.
 */
export const DEMO_AWB_STOCKS = DEMO_AIRLINES.map((airline, i) => ({
  range: { carrier: airline.carrier, prefix: airline.awb_prefix, serial_from: 1_000_000 + i * 10_000, serial_to: 1_000_999 + i * 10_000, location_iata: null },
  assigned: [
    ["FWDONE", { count: 200 }],
    ["FWDTWO", { count: 100 }],
  ] as Array<[string, { count: number }]>,
}));
