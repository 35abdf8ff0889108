import { Group } from "~/components/plain/group";
import { NavLink } from "~/components/plain/nav-link";
import { ScrollArea } from "~/lib/mantine/ScrollArea";
import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/**
 * A section's row of pages (settings, messaging): one link per page the user may open, the current one (or the one
 * whose sub-page is open) marked; the row scrolls sideways on a phone instead of widening the page.
 */
export function SectionNav({ pages, testId }: { pages: ReadonlyArray<{ path: string; label: string }>; testId: string }) {
  const { t } = useTranslation("nav");
  const location = useLocation();
  return (
    <ScrollArea type="auto" mb="md" data-testid={testId}>
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
  );
}
