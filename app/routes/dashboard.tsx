import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { sidebarFor } from "~/lib/access/sidebar";
import { startPagePath } from "~/lib/access/start-page";
import { requireUser } from "~/lib/auth/guard.server";
import { BUILT_ROUTES } from "~/lib/built-routes";
import { languagesFor } from "~/lib/i18n/languages";
import { loadShellNotifications } from "~/lib/notifications/load.server";
import { MainShell } from "~/components/shell/main-shell";
import { GeneralErrorBoundary } from "~/components/error-boundary";

export const handle = { i18n: ["common", "nav"] };

/** The main layout: signed-in users only. Each child checks its own requirement too (loaders run in parallel). */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireUser(args);
  const { profile, access, tenant } = user;
  return json({
    sidebar: sidebarFor(access, BUILT_ROUTES),
    // where the not-found page's "Go to the start page" leads: a page this user can open
    startPath: startPagePath(access, BUILT_ROUTES),
    user: {
      email: user.email,
      name: [profile.firstname, profile.lastname].filter(Boolean).join(" ") || user.email,
      company: profile.company_short_name,
      role: profile.role,
    },
    languages: languagesFor(tenant.code),
    // the example AWB number of this tenant's airline (its prefix), none on the default tenant (issue 22 §10)
    awbExample: access.ui.awb_prefix ? `${access.ui.awb_prefix}-1234 5675` : null,
    notifications: await loadShellNotifications(user),
  });
}

export type DashboardData = ReturnType<typeof useLoaderData<typeof loader>>;

export default function DashboardLayout() {
  const data = useLoaderData<typeof loader>();
  return (
    <MainShell data={data}>
      <Outlet />
    </MainShell>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
