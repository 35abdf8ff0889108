import { Button } from "~/components/plain/button";
import { Group } from "~/components/plain/group";
import { Stack } from "~/components/plain/stack";
import { Text } from "~/components/plain/text";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CsrfInput } from "~/components/form-guards";
import { DialogOverlay } from "~/components/settings/dialog-overlay";
import { useDialogLinks } from "~/components/settings/dialog-links";
import type { PriceKind } from "~/lib/tariffs/price-values";

/**
 * Delete on a price's edit page: a link to the same page with ?dialog=delete, which asks first and posts
 * intent=delete to the page's action. A page of its own rather than window.confirm(), so it asks without JS too.
 */
export function DeletePrice({ kind, confirm }: { kind: PriceKind; confirm: boolean }) {
  const { t } = useTranslation(["tariffs", "common"]);
  const { openHref, closeHref } = useDialogLinks(["dialog"]);
  return (
    <>
      <Group justify="flex-end">
        <Button component={Link} to={openHref("dialog", "delete")} variant="subtle" color="red" data-testid="delete-price">
          {t("common:actions.delete")}
        </Button>
      </Group>
      {confirm ? (
        <DialogOverlay label={t(`delete.title.${kind}`)} testId="delete-dialog">
          <Form method="post">
            <CsrfInput />
            <input type="hidden" name="intent" value="delete" />
            <Stack gap="md">
              <Text fw={600}>{t(`delete.title.${kind}`)}</Text>
              <Text size="sm">{t("delete.text")}</Text>
              <Group justify="flex-end">
                <Button component={Link} to={closeHref} variant="default">
                  {t("common:actions.cancel")}
                </Button>
                <Button type="submit" color="red" data-testid="delete-submit">
                  {t("common:actions.delete")}
                </Button>
              </Group>
            </Stack>
          </Form>
        </DialogOverlay>
      ) : null}
    </>
  );
}
