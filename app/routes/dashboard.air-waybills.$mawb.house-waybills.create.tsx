import type { SubmissionResult } from "@conform-to/react";
import { Stack } from "~/lib/mantine/Stack";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { HouseWaybillForm } from "~/components/air-waybills/house-waybill-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { PageHeader } from "~/components/settings/form-parts";
import { houseFormAction, houseFormLoader } from "~/lib/air-waybills/house-waybill-page.server";

// Add a house waybill under a master (spec 1 §2 /air-waybills/:mawb/house-waybills/create; issue 11).

const ROUTE = "/dashboard/air-waybills/:mawb/house-waybills/create";

export const handle = { i18n: ["house-waybills", "awb", "common", "errors"] };
export const meta = pageMeta;

export const loader = (args: LoaderFunctionArgs) => houseFormLoader(args, ROUTE);
export const action = (args: ActionFunctionArgs) => houseFormAction(args, ROUTE);

export default function HouseWaybillCreatePage() {
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  return (
    <Stack gap="md">
      <PageHeader title={data.pageTitle} />
      <HouseWaybillForm id="house-waybill-new" defaultValue={data.defaultValue} lastResult={lastResult} cancelHref={data.back} />
    </Stack>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
