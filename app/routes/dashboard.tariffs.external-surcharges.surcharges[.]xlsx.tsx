import type { LoaderFunctionArgs } from "@remix-run/node";
import { priceSheet } from "~/lib/tariffs/price-list.server";
import { surchargesApi } from "~/lib/upstream/billing.server";

/** The surcharges list as the API's spreadsheet, with the list's own filters (surcharges.xlsx). */
export const loader = (args: LoaderFunctionArgs) => priceSheet(args, "surcharges", surchargesApi);
