import { Button } from "~/components/plain/button";
import { Group } from "~/components/plain/group";
import { Stack } from "~/components/plain/stack";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { CsrfInput } from "~/components/form-guards";

/**
 * Row selection to mark waybills as charter (spec 2 §4 "mark as charter"; the "Charters" gate): the list sits inside
 * one POST form whose row checkboxes post `mawbs`, and two buttons say which way. Works without JS (the checkboxes
 * are plain inputs of the form); the page's action answers with a notice and comes back to the same list.
 */
export function CharterSelection({ children }: { children: ReactNode }) {
  const { t } = useTranslation("shipments");
  return (
    <Form method="post" data-testid="charter-form">
      <CsrfInput />
      <Stack gap="xs">
        <Group gap="xs">
          <Button type="submit" name="intent" value="charter" size="xs" variant="light" color="grape" data-testid="charter-mark">
            {t("charter.mark")}
          </Button>
          <Button type="submit" name="intent" value="uncharter" size="xs" variant="subtle" color="grape" data-testid="charter-unmark">
            {t("charter.unmark")}
          </Button>
        </Group>
        {children}
      </Stack>
    </Form>
  );
}
