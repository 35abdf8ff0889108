import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { HouseWaybillPage } from "~/components/air-waybills/house-waybill-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { houseFormAction, houseFormLoader } from "~/lib/air-waybills/house-waybill-page.server";

// Edit a house waybill of a master (spec 1 §2 /air-waybills/:mawb/house-waybills/:id/edit; issue 11).

const ROUTE = "/dashboard/air-waybills/:mawb/house-waybills/:id/edit";

export const handle = { i18n: ["house-waybills", "awb", "common", "errors"] };
export const meta = pageMeta;

export const loader = (args: LoaderFunctionArgs) => houseFormLoader(args, ROUTE);
export const action = (args: ActionFunctionArgs) => houseFormAction(args, ROUTE);

export default function HouseWaybillEditPage() {
  return <HouseWaybillPage formId="house-waybill-edit" />;
}

export const ErrorBoundary = GeneralErrorBoundary;
