import { Button, Group, Text } from "@mantine/core";
import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/** Server pagination as plain links that keep every other search param (works without JS). */
export function PaginationLinks({ page, totalPages, totalCount }: { page: number; totalPages: number; totalCount: number }) {
  const { t } = useTranslation("common");
  const location = useLocation();
  const hrefFor = (p: number) => {
    const params = new URLSearchParams(location.search);
    params.set("page", String(p));
    return `${location.pathname}?${params}`;
  };
  return (
    <Group justify="space-between" data-testid="pagination">
      <Text size="sm" c="dimmed">
        {t("pagination.total", { count: totalCount })}
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
