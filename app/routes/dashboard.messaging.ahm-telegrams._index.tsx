import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { FlightTelegramsList } from "~/components/telegrams/flight-telegrams";
import { flightTelegramsLoader } from "~/lib/telegrams/flight-telegrams.server";

// AHM telegrams received (issue 23; spec 1 §2 "Messaging: ahm-telegrams"): newest first, a server page at a time,
// filtered by type, state, a flight they name and the days received, all in the address (a GET form: works without JS).

const ROUTE = "/dashboard/messaging/ahm-telegrams";

export const handle = { i18n: ["telegrams", "common", "errors"] };
export const meta = pageMeta;

export const loader = (args: LoaderFunctionArgs) => flightTelegramsLoader(args, "ahm", ROUTE);

export default function AhmTelegramsPage() {
  const data = useLoaderData<typeof loader>();
  return <FlightTelegramsList data={data} route={ROUTE} testId="ahm-telegrams-list" typeHint="MVT" />;
}

export const ErrorBoundary = GeneralErrorBoundary;
