import { Button } from "~/components/plain/button";
import { Group } from "~/components/plain/group";
import { Text } from "~/components/plain/text";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CsrfInput } from "~/components/form-guards";

// The airline's "send to the cargo terminal" on the shipment page (issue 11; POST moscow_cargo): shown only when the
// API says this user may send this waybill there now (the terminal is configured and the route touches it). A plain
// POST: the answer comes back as a notice, with JavaScript off too.

export function TerminalRequestButton() {
  const { t } = useTranslation("handover");
  return (
    <Form method="post" data-testid="terminal-request">
      <CsrfInput />
      <Group gap="sm">
        <Button type="submit" name="intent" value="terminal_request" size="xs" variant="light" data-testid="terminal-request-send">
          {t("terminal.send")}
        </Button>
        <Text size="xs" c="dimmed">
          {t("terminal.hint")}
        </Text>
      </Group>
    </Form>
  );
}
