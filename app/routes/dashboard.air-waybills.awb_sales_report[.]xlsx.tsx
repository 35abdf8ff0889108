import type { LoaderFunctionArgs } from "@remix-run/node";
import { billingDownload } from "~/lib/documents/billing-download.server";
import { SALES_FILE } from "~/lib/documents/document-links";
import { downloadSalesReport } from "~/lib/upstream/documents.server";

/** `/dashboard/air-waybills/awb_sales_report.xlsx?date_type=issued&date_from&date_to`: the sales report of the range. */
export const loader = (args: LoaderFunctionArgs) => billingDownload(args, downloadSalesReport, SALES_FILE);
