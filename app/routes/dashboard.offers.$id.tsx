import type { SubmissionResult } from "@conform-to/react";
import { Group } from "~/components/plain/group";
import { Stack } from "~/components/plain/stack";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { OfferForm } from "~/components/offers/offer-form";
import { OfferActions, OfferFacts, OfferRatesTable, OfferStatusBadge, type StepAnswer } from "~/components/offers/offer-view";
import { pageMeta } from "~/components/page-meta";
import { FormSection, PageHeader } from "~/components/settings/form-parts";
import { offerAction, offerLoader } from "~/lib/offers/offer-page.server";
import type { Offer } from "~/lib/upstream/offers.server";

// One offer (spec 1 §2 /offers/:id): its facts, price lines with margin and totals, and what its status allows
// (cargo/offers/offer-status.ts): while created the edit form (save draft, create offer) and delete; sent: accept,
// close; accepted: create the waybill without booking, book on its flights, close. The document (offer.pdf) always.

export const handle = { i18n: ["offers", "awb", "common", "errors"] };
export const meta = pageMeta;

export const loader = (args: LoaderFunctionArgs) => offerLoader(args);
export const action = (args: ActionFunctionArgs) => offerAction(args);

export default function OfferPage() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as (SubmissionResult<string[]> & { step?: undefined }) | { step: StepAnswer } | undefined;
  const { t } = useTranslation("offers");
  const offer = data.offer as Offer;
  const step = answer && "step" in answer && answer.step ? answer.step : null;
  const formResult = answer && !("step" in answer && answer.step) ? (answer as SubmissionResult<string[]>) : undefined;
  return (
    <Stack gap="md">
      <PageHeader title={t("heading", { number: offer.number })}>
        <Group gap="xs">
          <OfferStatusBadge status={offer.status} />
        </Group>
      </PageHeader>
      <OfferFacts offer={offer} />
      <FormSection legend={t("sections.price")} cols={1}>
        <OfferRatesTable offer={offer} />
      </FormSection>
      <OfferActions offer={offer} bookHref={data.bookHref} pdfHref={`/dashboard/offers/${offer.id}/offer.pdf`} step={step} />
      {data.defaultValue ? <OfferForm id={`offer-${offer.id}`} defaultValue={data.defaultValue} lastResult={formResult} cancelHref={data.back} /> : null}
    </Stack>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
