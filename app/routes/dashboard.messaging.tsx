import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { requirementFor } from "~/lib/access/can-access";
import { messagingTabsFor } from "~/lib/access/sidebar";
import { requireUser } from "~/lib/auth/guard.server";
import { BUILT_ROUTES } from "~/lib/built-routes";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SectionNav } from "~/components/section-nav";

export const handle = { i18n: ["nav"] };

/**
 * The messaging section (spec 1 §2 "Messaging" tabs, then the incoming messages): a row of the pages this user may
 * open, then the page. Each page guards itself by its own row of the route table; the section's rows are not ANDed
 * with the Messaging row ("CIMP upload: also ComCor"), so this layout only needs a signed-in user and shows no tab
 * row when the user has one page or none.
 */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireUser(args);
  const pages = messagingTabsFor(user.access, BUILT_ROUTES).map((path) => ({ path, label: requirementFor(path)?.title ?? "" }));
  return json({ pages: pages.length > 1 ? pages : [] });
}

export default function MessagingLayout() {
  const { pages } = useLoaderData<typeof loader>();
  return (
    <>
      {pages.length ? <SectionNav pages={pages} testId="messaging-nav" /> : null}
      <Outlet />
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
