import type { LoaderFunctionArgs } from "@remix-run/node";
import { billingDownload } from "~/lib/documents/billing-download.server";
import { CASS_FILE } from "~/lib/documents/document-links";
import { downloadCassFile } from "~/lib/upstream/documents.server";

/** `/dashboard/air-waybills/awb_cass_report.hue?date_type=issued&date_from&date_to`: the CASS billing file of the range. */
export const loader = (args: LoaderFunctionArgs) => billingDownload(args, downloadCassFile, CASS_FILE);
