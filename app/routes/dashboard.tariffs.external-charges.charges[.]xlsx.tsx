import type { LoaderFunctionArgs } from "@remix-run/node";
import { priceSheet } from "~/lib/tariffs/price-list.server";
import { billingChargesApi } from "~/lib/upstream/billing.server";

/** The charges list as the API's spreadsheet, with the list's own filters (charges.xlsx). */
export const loader = (args: LoaderFunctionArgs) => priceSheet(args, "charges", billingChargesApi);
