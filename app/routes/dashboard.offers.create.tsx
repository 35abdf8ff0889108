import type { SubmissionResult } from "@conform-to/react";
import { Stack } from "~/components/plain/stack";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { OfferForm } from "~/components/offers/offer-form";
import { pageMeta } from "~/components/page-meta";
import { PageHeader } from "~/components/settings/form-parts";
import { createOfferAction, createOfferLoader } from "~/lib/offers/offer-page.server";

// A new offer (spec 1 §2 /offers/create): "Save draft" keeps it created, "Create offer" saves and sends it. Opened
// with a booking search's query (route, date, trip, figures) it starts from them.

export const handle = { i18n: ["offers", "awb", "common", "errors"] };
export const meta = pageMeta;

export const loader = (args: LoaderFunctionArgs) => createOfferLoader(args);
export const action = (args: ActionFunctionArgs) => createOfferAction(args);

export default function OfferCreatePage() {
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  return (
    <Stack gap="md">
      <PageHeader title={data.pageTitle} />
      <OfferForm id="offer-new" defaultValue={data.defaultValue} lastResult={lastResult} cancelHref={data.back} />
    </Stack>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
