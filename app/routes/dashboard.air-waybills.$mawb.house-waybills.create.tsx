import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { HouseWaybillPage } from "~/components/air-waybills/house-waybill-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { houseFormAction, houseFormLoader } from "~/lib/air-waybills/house-waybill-page.server";

// Add a house waybill under a master (spec 1 §2 /air-waybills/:mawb/house-waybills/create; issue 11).

const ROUTE = "/dashboard/air-waybills/:mawb/house-waybills/create";

export const handle = { i18n: ["house-waybills", "awb", "common", "errors"] };
export const meta = pageMeta;

export const loader = (args: LoaderFunctionArgs) => houseFormLoader(args, ROUTE);
export const action = (args: ActionFunctionArgs) => houseFormAction(args, ROUTE);

export default function HouseWaybillCreatePage() {
  return <HouseWaybillPage formId="house-waybill-new" />;
}

export const ErrorBoundary = GeneralErrorBoundary;
