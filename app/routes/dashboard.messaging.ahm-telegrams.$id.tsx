import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { FlightTelegramPage } from "~/components/telegrams/flight-telegrams";
import { flightTelegramLoader, restartTelegramAction } from "~/lib/telegrams/flight-telegrams.server";
import { restartFlightTelegram } from "~/lib/upstream/flight-telegrams.server";

// One AHM telegram (issue 23; spec 1 §2 "/messaging/ahm-telegrams/:id"): the text as sent, its lines numbered,
// beside what it read as, every fault linked to its line, and what applying it changed on the airline's flights.
// Restart is offered exactly when the API's `actions` say; a stale page's Restart gets the state graph's refusal.

const ROUTE = "/dashboard/messaging/ahm-telegrams/:id";
const LIST = "/dashboard/messaging/ahm-telegrams";

export const handle = { i18n: ["telegrams", "common", "errors", "flight-page"] };
export const meta = pageMeta;

export const loader = (args: LoaderFunctionArgs) => flightTelegramLoader(args, "ahm", ROUTE);
export const action = (args: ActionFunctionArgs) => restartTelegramAction(args, ROUTE, (api, id) => restartFlightTelegram(api, "ahm", id));

export default function AhmTelegramPage() {
  const data = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  return <FlightTelegramPage data={data} refusal={refused?.refusal} list={LIST} />;
}

export const ErrorBoundary = GeneralErrorBoundary;
