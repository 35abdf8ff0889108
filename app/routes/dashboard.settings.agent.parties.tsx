import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { useDialogLinks } from "~/components/settings/dialog-links";
import { PartiesPage } from "~/components/settings/parties-page";
import { partiesLoader, savePartyAction } from "~/lib/settings/parties.server";

const ROUTE = "/dashboard/settings/agent/parties";

export const handle = { i18n: ["parties", "common", "errors"] };
export const meta = pageMeta;

// The forwarder-host variant: the access table gives it no edit route, so rows are edited in a dialog (?edit=<id>).
export const loader = (args: LoaderFunctionArgs) => partiesLoader(args, ROUTE, { inlineEdit: true });
export const action = (args: ActionFunctionArgs) => savePartyAction(args, ROUTE);

export default function AgentPartiesRoute() {
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { openHref } = useDialogLinks();
  return (
    <PartiesPage
      data={data}
      lastResult={lastResult}
      editHref={(row) => openHref("edit", row.id)}
    />
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
