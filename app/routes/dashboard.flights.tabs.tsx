import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FlightsTabsNav } from "~/components/flights/flights-tabs-nav";
import { canAccess } from "~/lib/access/can-access";
import { requireAccess } from "~/lib/auth/guard.server";
import { FLIGHT_TABS } from "~/lib/upstream/segments.server";

export const handle = { i18n: ["flights", "nav"] };

/**
 * The flights list section: the row of tabs this user may open (spec 1 §6: a forwarder Default sees only
 * current and all, ACI only on the configured airlines), then the tab. Each tab route guards itself as well.
 */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireAccess(args, "/dashboard/flights/tabs");
  const tabs = FLIGHT_TABS.filter((tab) => canAccess(`/dashboard/flights/tabs/${tab}`, user.access));
  return json({ tabs });
}

export default function FlightsTabsLayout() {
  const { tabs } = useLoaderData<typeof loader>();
  return (
    <>
      <FlightsTabsNav tabs={tabs} />
      <Outlet />
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
