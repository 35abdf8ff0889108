import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { WaybillTelegramPage } from "~/components/outgoing/waybill-telegram-page";
import { pageMeta } from "~/components/page-meta";
import type { SendTelegramReply } from "~/lib/outgoing/send-telegram.server";
import { waybillTelegramAction, waybillTelegramLoader, type WaybillTelegramPageData } from "~/lib/outgoing/waybill-telegram-page.server";

// The waybill's FWB page (spec 1 /shipments/:mawb/fwb; issue 23): its text, sending it, and the FWBs sent and received
// about it (app/lib/outgoing/waybill-telegram-page.server.ts).

export const handle = { i18n: ["outgoing", "telegrams", "common", "errors"] };
export const meta = pageMeta;

export const loader = (args: LoaderFunctionArgs) => waybillTelegramLoader(args, "FWB");
export const action = (args: ActionFunctionArgs) => waybillTelegramAction(args, "FWB");

export default function WaybillFwbPage() {
  const data = useLoaderData<typeof loader>() as WaybillTelegramPageData;
  const answer = useActionData<typeof action>() as SendTelegramReply | undefined;
  return <WaybillTelegramPage data={data} sendReply={answer?.send ?? null} />;
}

export const ErrorBoundary = GeneralErrorBoundary;
