import type { LoaderFunctionArgs } from "@remix-run/node";
import { priceSheet } from "~/lib/tariffs/price-list.server";
import { tariffsApi } from "~/lib/upstream/billing.server";

/** The tariffs list as the API's spreadsheet, with the list's own filters (tariffs.xlsx). */
export const loader = (args: LoaderFunctionArgs) => priceSheet(args, "tariffs", tariffsApi);
