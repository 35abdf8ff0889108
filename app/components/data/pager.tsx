import { Button } from "~/components/plain/button";
import { Group } from "~/components/plain/group";
import { Text } from "~/components/plain/text";
import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { listHref } from "~/lib/forms/list-url";
import type { ListMeta } from "./column";

/**
 * A DataTable's server pagination as plain links that keep every other search param (works without JS; MRT's own
 * pagination buttons would need it). `param`: the search param of the page, for a page with two lists ("page").
 */
export function Pager({ meta, param = "page" }: { meta: ListMeta; param?: string }) {
  const { t } = useTranslation("common");
  const location = useLocation();
  const page = Number(meta.current_page);
  const totalPages = Number(meta.total_pages);
  const hrefFor = (p: number) => listHref(location.pathname, location.search, { [param]: String(p) });
  return (
    <Group justify="space-between" data-testid="pagination">
      <Text size="sm" c="dimmed">
        {t("pagination.total", { count: Number(meta.total_count) })}
      </Text>
      <Group gap="xs">
        <Button component={Link} to={hrefFor(page - 1)} variant="default" size="compact-sm" disabled={page <= 1} aria-disabled={page <= 1}>
          {t("pagination.prev")}
        </Button>
        <Text size="sm">{t("pagination.page", { page, total: Math.max(totalPages, 1) })}</Text>
        <Button
          component={Link}
          to={hrefFor(page + 1)}
          variant="default"
          size="compact-sm"
          disabled={page >= totalPages}
          aria-disabled={page >= totalPages}
        >
          {t("pagination.next")}
        </Button>
      </Group>
    </Group>
  );
}
