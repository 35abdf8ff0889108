import { Button } from "~/components/plain/button";
import { Group } from "~/components/plain/group";
import { Paper } from "~/components/plain/paper";
import { Textarea } from "~/lib/mantine/Textarea";
import { Title } from "~/components/plain/title";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { translateMessage } from "~/components/fields/fields";
import { CsrfInput } from "~/components/form-guards";

/**
 * "Send FWB" on the shipment page, "Send FFM" (FBL, UWS) on a flight's tab (issue 23): the addresses (e-mail, SITA,
 * https), or none for the airline's message settings where the type has them. A plain POST form (it works without JS);
 * a refusal stands beside the addresses with what was typed. `hidden`: the form's other fields (the intent, the tab);
 * `children`: what else the form posts (the CSN's waybills to tick), above the addresses.
 */
export function SendTelegramForm({
  type,
  hidden,
  settings,
  reply,
  testId,
  hint,
  children,
}: {
  type: string;
  hidden: Record<string, string>;
  /** Whether empty addresses mean the airline's message settings for sending this type by hand. */
  settings: boolean;
  /** What was typed, and the refusal of the addresses (null: the refusal was about something else). */
  reply: { addresses: string; error: string | null } | null;
  testId: string;
  /** The addresses' description instead of the standard one (an XML document goes by e-mail or https only). */
  hint?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation(["outgoing", "errors"]);
  return (
    <Paper withBorder p="md" radius="md">
      <Form method="post" data-testid={testId}>
        <CsrfInput />
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Title order={2} size="h4" mb="xs">
          {t("send.title", { type })}
        </Title>
        {children}
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Textarea
            name="addresses"
            label={t("send.addresses")}
            description={hint ?? t(settings ? "send.hint" : "send.hintTyped", { type })}
            defaultValue={reply?.addresses ?? ""}
            error={reply?.error ? translateMessage(t, reply.error) : undefined}
            rows={2}
            maxLength={2000}
            style={{ flex: "1 1 280px" }}
            data-testid={`${testId}-addresses`}
          />
          <Button type="submit" data-testid={`${testId}-submit`}>
            {t("send.title", { type })}
          </Button>
        </Group>
      </Form>
    </Paper>
  );
}
