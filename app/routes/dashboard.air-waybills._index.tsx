import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { ShipmentsPage } from "~/components/shipments/shipments-page";
import { NEW_PAGE, shipmentListAction, shipmentListLoader } from "~/lib/shipments/shipment-list-page.server";

// The new shipments page (spec 1 §6 "Shipments new page": platform and airline roles; forwarder Default on su, or
// elsewhere when has_access_to_new_air_waybills_page is true). The list itself is shared with the old page.

export const handle = { i18n: ["shipments", "common", "errors"] };
export const meta = pageMeta;

export const loader = (args: LoaderFunctionArgs) => shipmentListLoader(args, NEW_PAGE);
export const action = (args: ActionFunctionArgs) => shipmentListAction(args, NEW_PAGE);

export default function AirWaybillsPage() {
  return <ShipmentsPage data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = GeneralErrorBoundary;
