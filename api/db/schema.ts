// The whole Drizzle schema. drizzle-kit reads this file; add new tables under ./tables and export them here.
export * from "./tables/enums";
export * from "./tables/companies";
export * from "./tables/airlines";
export * from "./tables/users";
export * from "./tables/auth";
export * from "./tables/mail";
export * from "./tables/notifications";
export * from "./tables/reference";
export * from "./tables/settings";
export * from "./tables/flights";
export * from "./tables/awb-stocks";
export * from "./tables/air-waybills";
export * from "./tables/void-requests";
export * from "./tables/house-waybills";
export * from "./tables/handling";
export * from "./tables/attachments";
export * from "./tables/receptacles";
