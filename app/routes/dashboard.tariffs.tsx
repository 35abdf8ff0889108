import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { requirementFor } from "~/lib/access/can-access";
import { tariffsTabsFor } from "~/lib/access/sidebar";
import { requireAccess } from "~/lib/auth/guard.server";
import { BUILT_ROUTES } from "~/lib/built-routes";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SectionNav } from "~/components/section-nav";

export const handle = { i18n: ["nav"] };

/** The tariffs section (spec 1 §2 "Tariffs"): its tabs Tariffs, Charges, Surcharges as links, then the page. */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireAccess(args, "/dashboard/tariffs");
  const pages = tariffsTabsFor(user.access, BUILT_ROUTES).map((path) => ({ path, label: requirementFor(path)?.title ?? "" }));
  return json({ pages });
}

export default function TariffsLayout() {
  const { pages } = useLoaderData<typeof loader>();
  return (
    <>
      <SectionNav pages={pages} testId="tariffs-nav" />
      <Outlet />
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
