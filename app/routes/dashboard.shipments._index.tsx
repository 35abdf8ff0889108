import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { ShipmentsPage } from "~/components/shipments/shipments-page";
import { OLD_PAGE, shipmentListAction, shipmentListLoader } from "~/lib/shipments/shipment-list-page.server";

// The old shipments page (spec 1 §6 "Shipments old page": platform, or a forwarder's Default outside su while its
// company's has_access_to_new_air_waybills_page is not true). The same list as the new page.

export const handle = { i18n: ["shipments", "common", "errors"] };
export const meta = pageMeta;

export const loader = (args: LoaderFunctionArgs) => shipmentListLoader(args, OLD_PAGE);
export const action = (args: ActionFunctionArgs) => shipmentListAction(args, OLD_PAGE);

export default function ShipmentsOldPage() {
  return <ShipmentsPage data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = GeneralErrorBoundary;
