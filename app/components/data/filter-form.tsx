import { Button } from "~/components/plain/button";
import { Group } from "~/components/plain/group";
import { Form, Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * Filters of a list as a GET form: the state lives in the URL (bookmarkable, works without JS). The list's sort
 * (`sort`, `direction`) rides along in hidden inputs, so filtering keeps the order; the page starts over.
 */
export function FilterForm({ children }: { children: ReactNode }) {
  const { t } = useTranslation("common");
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  return (
    <Form method="get" role="search" data-testid="filters">
      {(["sort", "direction"] as const).map((name) =>
        params.get(name) ? <input key={name} type="hidden" name={name} value={params.get(name)!} /> : null,
      )}
      <Group gap="xs" align="flex-end">
        {children}
        <Button type="submit" variant="default">
          {t("actions.search")}
        </Button>
        <Button component={Link} to={location.pathname} variant="subtle">
          {t("actions.reset")}
        </Button>
      </Group>
    </Form>
  );
}
