import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { PartiesPage } from "~/components/settings/parties-page";
import { partiesLoader, savePartyAction } from "~/lib/settings/parties.server";

const ROUTE = "/dashboard/settings/parties";

export const handle = { i18n: ["parties", "common", "errors"] };
export const meta = pageMeta;

export const loader = (args: LoaderFunctionArgs) => partiesLoader(args, ROUTE, { inlineEdit: false });
/** Adds a customer or a notable company from the list's dialog; editing has its own route. */
export const action = (args: ActionFunctionArgs) => savePartyAction(args, ROUTE);

export default function PartiesRoute() {
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <PartiesPage
      data={data}
      lastResult={lastResult}
      editHref={(row, tab) => `${ROUTE}/${row.id}/edit${tab === "notable" ? "?type=notable" : ""}`}
    />
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
