import type { airlines } from "./db/tables/airlines";
import type { companies } from "./db/tables/companies";
import type { Role } from "./db/tables/enums";
import type { globalNotifications } from "./db/tables/notifications";

/** Every demo account signs in with this password. */
export const DEMO_PASSWORD = "cargodesk-demo";

export const DEMO_AIRLINES: Array<typeof airlines.$inferInsert> = [
  {
    carrier: "SU", awbPrefix: "555", name: "Aeroflot", icaoCode: "AFL", cyrillicCode: "СУ", countryCode: "RU",
    interlineAcceptedPrefixes: ["421"], showSettings: false, showLoadfactorData: true,
  },
  {
    carrier: "S7", awbPrefix: "421", name: "S7 Airlines", icaoCode: "SBI", cyrillicCode: "С7", countryCode: "RU",
    interlineAcceptedPrefixes: ["555"], showSettings: true, showLoadfactorData: true, cassLinkReport: true,
  },
  {
    // The AWB prefix is invented for the demo.
    carrier: "C6", awbPrefix: "745", name: "Centrum Air", icaoCode: "CTR", cyrillicCode: "Ц6", countryCode: "UZ",
    showSettings: true, showLoadfactorData: false, taxIdRequired: true,
  },
  {
    carrier: "V0", awbPrefix: "308", name: "Conviasa", icaoCode: "VCV", cyrillicCode: null, countryCode: "VE",
    showSettings: false, showLoadfactorData: false,
  },
];

export const DEMO_COMPANIES: Array<typeof companies.$inferInsert> = [
  { shortName: "PLATFORM", name: "Cargo Desk Platform", businessType: "platform", city: "Moscow", country: "RU", accessToAllCarriers: true, hasAccessToNewAirWaybillsPage: true },
  { shortName: "SU", name: "Aeroflot", businessType: "airline", carrier: "SU", city: "Moscow", country: "RU", defaultAirport: "SVO", hasAccessToNewAirWaybillsPage: true },
  { shortName: "S7", name: "S7 Airlines", businessType: "airline", carrier: "S7", city: "Novosibirsk", country: "RU", defaultAirport: "OVB", hasAccessToNewAirWaybillsPage: true },
  { shortName: "C6", name: "Centrum Air", businessType: "airline", carrier: "C6", city: "Tashkent", country: "UZ", defaultAirport: "TAS", hasAccessToNewAirWaybillsPage: true },
  { shortName: "V0", name: "Conviasa", businessType: "airline", carrier: "V0", city: "Caracas", country: "VE", defaultAirport: "CCS", hasAccessToNewAirWaybillsPage: true },
  { shortName: "FWDONE", name: "Forwarder One", businessType: "forwarder", city: "Moscow", country: "RU", defaultAirport: "SVO", permittedCarriers: ["SU", "S7", "C6"], forwarderIataCode: "1234567", hasAccessToNewAirWaybillsPage: false },
  { shortName: "FWDTWO", name: "Forwarder Two", businessType: "forwarder", city: "Novosibirsk", country: "RU", defaultAirport: "OVB", permittedCarriers: ["S7", "V0"], forwarderIataCode: "7654321", hasAccessToNewAirWaybillsPage: true },
  { shortName: "VISITCO", name: "Visitor Company", businessType: "visitor", city: "Kazan", country: "RU", hasAccessToNewAirWaybillsPage: false },
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
    enText: "Welcome to Cargo Desk. Planned maintenance every Sunday 02:00-03:00 UTC.",
    ruText: "Добро пожаловать в Cargo Desk. Плановые работы каждое воскресенье 02:00-03:00 UTC.",
    level: "info",
    showOnce: true,
  },
  {
    carrier: "S7",
    enText: "S7 Airlines: booking cut-off at OVB moves to 3 hours before departure.",
    ruText: "S7 Airlines: окончание бронирования в OVB за 3 часа до вылета.",
    level: "warning",
    showOnce: false,
  },
];
