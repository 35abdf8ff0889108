import { Group } from "~/lib/mantine/Group";
import { NavLink } from "~/lib/mantine/NavLink";
import { ScrollArea } from "~/lib/mantine/ScrollArea";
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requirementFor } from "~/lib/access/can-access";
import { messagingTabsFor } from "~/lib/access/sidebar";
import { requireUser } from "~/lib/auth/guard.server";
import { BUILT_ROUTES } from "~/lib/built-routes";
import { GeneralErrorBoundary } from "~/components/error-boundary";

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
  const { t } = useTranslation("nav");
  const location = useLocation();
  return (
    <>
      {pages.length ? (
        <ScrollArea type="auto" mb="md" data-testid="messaging-nav">
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
      ) : null}
      <Outlet />
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
