import { Button } from "~/lib/mantine/Button";
import { Group } from "~/lib/mantine/Group";
import { Paper } from "~/lib/mantine/Paper";
import { Textarea } from "~/lib/mantine/Textarea";
import { Title } from "~/lib/mantine/Title";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { translateMessage } from "~/components/fields/fields";
import { CsrfInput } from "~/components/form-guards";

/**
 * "Send FWB" on the shipment page (issue 23): the addresses (e-mail, SITA, https), or none for the airline's message
 * settings. A plain POST form (it works without JS); a refusal stands beside the addresses with what was typed.
 */
export function SendFwbForm({ reply }: { reply: { addresses: string; error: string } | null }) {
  const { t } = useTranslation(["outgoing", "errors"]);
  return (
    <Paper withBorder p="md" radius="md">
      <Form method="post" data-testid="send-fwb-form">
        <CsrfInput />
        <input type="hidden" name="intent" value="send_fwb" />
        <Title order={2} size="h4" mb="xs">
          {t("sendFwb.title")}
        </Title>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Textarea
            name="addresses"
            label={t("sendFwb.addresses")}
            description={t("sendFwb.hint")}
            defaultValue={reply?.addresses ?? ""}
            error={reply ? translateMessage(t, reply.error) : undefined}
            rows={2}
            maxLength={2000}
            style={{ flex: "1 1 280px" }}
            data-testid="send-fwb-addresses"
          />
          <Button type="submit" data-testid="send-fwb">
            {t("sendFwb.send")}
          </Button>
        </Group>
      </Form>
    </Paper>
  );
}
