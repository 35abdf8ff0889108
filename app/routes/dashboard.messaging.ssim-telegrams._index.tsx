import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { FlightTelegramsList } from "~/components/telegrams/flight-telegrams";
import { flightTelegramsLoader } from "~/lib/telegrams/flight-telegrams.server";

// SSIM telegrams received (issue 23; spec 1 §2 "Messaging: ssim-telegrams"): newest first, a server page at a time,
// filtered by type, state, a flight they name and the days received, all in the address (a GET form: works without JS).

const ROUTE = "/dashboard/messaging/ssim-telegrams";
const UPLOAD = "/dashboard/messaging/ssim";

export const handle = { i18n: ["telegrams", "common", "errors"] };
export const meta = pageMeta;

export const loader = (args: LoaderFunctionArgs) => flightTelegramsLoader(args, "ssim", ROUTE, UPLOAD);

export default function SsimTelegramsPage() {
  const data = useLoaderData<typeof loader>();
  return <FlightTelegramsList data={data} route={ROUTE} upload={UPLOAD} testId="ssim-telegrams-list" typeHint="SSIM" />;
}

export const ErrorBoundary = GeneralErrorBoundary;
