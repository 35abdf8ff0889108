import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { WaybillBillingPage } from "~/components/billing/waybill-billing-page";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { billingAction, billingLoader, type BillingPageData } from "~/lib/billing/waybill-billing.server";
import type { AddLineReply, CalculateReply } from "~/lib/billing/waybill-billing-values";

// The waybill's billing page (spec 1 /shipments/:mawb/billing; issue 24): its rate lines with their explanation and
// totals; calculating, adding and deleting lines for billing users (app/lib/billing/waybill-billing.server.ts).

export const handle = { i18n: ["pricing", "outgoing", "common", "errors"] };
export const meta = pageMeta;

export const loader = (args: LoaderFunctionArgs) => billingLoader(args);
export const action = (args: ActionFunctionArgs) => billingAction(args);

export default function WaybillBillingRoute() {
  const data = useLoaderData<typeof loader>() as BillingPageData;
  const answer = useActionData<typeof action>() as { add?: AddLineReply; calculate?: CalculateReply } | undefined;
  return <WaybillBillingPage data={data} addReply={answer?.add ?? null} calculateReply={answer?.calculate ?? null} />;
}

export const ErrorBoundary = GeneralErrorBoundary;
