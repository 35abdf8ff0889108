import type { billingCharges, surcharges, tariffs } from "../db/schema";

/** A table of prices: tariffs, billing charges or surcharges, which share their scope columns (db/tables/billing.ts). */
export type PriceTable = typeof tariffs | typeof billingCharges | typeof surcharges;
export type PriceRow = (typeof tariffs | typeof billingCharges | typeof surcharges)["$inferSelect"];
