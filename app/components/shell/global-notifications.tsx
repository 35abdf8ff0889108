import { Alert } from "~/lib/mantine/Alert";
import { CloseButton } from "~/lib/mantine/CloseButton";
import { Group } from "~/components/plain/group";
import { Stack } from "~/components/plain/stack";
import { Text } from "~/components/plain/text";
import { Form, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { notificationText, type ShellNotification } from "~/lib/notifications/global-notifications";
import { CsrfInput } from "../form-guards";

const COLORS: Record<string, string> = { error: "red", warning: "yellow", info: "blue" };

/** Announcements above the page; only show_once ones offer a close button (closing others is an error). */
export function GlobalNotifications({ notifications, locale }: { notifications: ShellNotification[]; locale: string }) {
  const { t } = useTranslation("common");
  const location = useLocation();
  const open = notifications.filter((n) => !n.closed);
  if (open.length === 0) return null;
  return (
    <Stack gap="xs" mb="md" aria-label={t("notifications.title")} data-testid="global-notifications">
      {open.map((n) => (
        <Alert key={n.id} color={COLORS[n.level ?? "info"] ?? "blue"} variant="light" p="xs">
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm">{notificationText(n, locale)}</Text>
            {n.show_once ? (
              <Form method="post" action="/dashboard/notifications">
                <CsrfInput />
                <input type="hidden" name="id" value={n.id} />
                <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
                <CloseButton type="submit" aria-label={t("notifications.close")} />
              </Form>
            ) : null}
          </Group>
        </Alert>
      ))}
    </Stack>
  );
}
