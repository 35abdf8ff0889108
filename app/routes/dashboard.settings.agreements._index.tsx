import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { AgreementsList } from "~/components/settings/agreements-list";
import { loadAgreementsList } from "~/lib/settings/agreements-list.server";

const ROUTE = "/dashboard/settings/agreements";

export const handle = { i18n: ["agreements", "common"] };
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  return loadAgreementsList(args, ROUTE);
}

export default function AgreementsPage() {
  const data = useLoaderData<typeof loader>();
  return <AgreementsList data={data} basePath={ROUTE} />;
}

export const ErrorBoundary = GeneralErrorBoundary;
