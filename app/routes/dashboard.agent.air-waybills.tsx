import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { AgentShipmentsPage, type AgentShipmentsData } from "~/components/shipments/agent-shipments-page";
import { agentAirWaybillsLoader } from "~/lib/agent-view/agent-air-waybills.server";

// /dashboard/agent/air-waybills (spec 1: staging, platform): the waybills as one forwarder sees them, for support
// staff. Read-only: a loader and no action.

export const handle = { i18n: ["agent-air-waybills", "shipments", "common", "errors"] };
export const meta = pageMeta;

export const loader = (args: LoaderFunctionArgs) => agentAirWaybillsLoader(args);

export default function AgentAirWaybillsPage() {
  return <AgentShipmentsPage data={useLoaderData<typeof loader>() as AgentShipmentsData} />;
}

export const ErrorBoundary = GeneralErrorBoundary;
