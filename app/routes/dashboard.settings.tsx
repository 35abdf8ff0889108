import { Group } from "~/lib/mantine/Group";
import { NavLink } from "~/lib/mantine/NavLink";
import { ScrollArea } from "~/lib/mantine/ScrollArea";
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requirementFor } from "~/lib/access/can-access";
import { settingsTabsFor } from "~/lib/access/sidebar";
import { requireAccess } from "~/lib/auth/guard.server";
import { BUILT_ROUTES } from "~/lib/built-routes";
import { GeneralErrorBoundary } from "~/components/error-boundary";

export const handle = { i18n: ["nav"] };

/** The settings section: a row of the child pages this user may open, then the page. */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireAccess(args, "/dashboard/settings");
  const pages = settingsTabsFor(user.access, BUILT_ROUTES).map((path) => ({ path, label: requirementFor(path)?.title ?? "" }));
  return json({ pages });
}

export default function SettingsLayout() {
  const { pages } = useLoaderData<typeof loader>();
  const { t } = useTranslation("nav");
  const location = useLocation();
  return (
    <>
      <ScrollArea type="auto" mb="md" data-testid="settings-nav">
        <Group gap={4} wrap="nowrap">
          {pages.map((p) => (
            <NavLink
              key={p.path}
              component={Link}
              to={p.path}
              label={t(p.label)}
              active={location.pathname === p.path || location.pathname.startsWith(`${p.path}/`)}
              w="auto"
              style={{ whiteSpace: "nowrap", borderRadius: 6 }}
            />
          ))}
        </Group>
      </ScrollArea>
      <Outlet />
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
