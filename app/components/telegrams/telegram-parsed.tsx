import { Stack } from "~/components/plain/stack";
import { Table } from "~/lib/mantine/Table";
import { Text } from "~/components/plain/text";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { TypeBEnvelope } from "../../../cargo/telegrams/type-b";

/** What the telegram read as: its type and version, the envelope, the waybill, then the whole model as JSON. */
export function TelegramParsed({
  type,
  version,
  mawb,
  envelope,
  content,
}: {
  type: string | null;
  version: string | null;
  /** The waybill a Cargo-IMP telegram is about; left out for the lists whose telegrams name none. */
  mawb?: string | null;
  envelope: TypeBEnvelope | null;
  content: unknown;
}) {
  const { t } = useTranslation("telegrams");
  const main: Array<[string, ReactNode]> = [
    [t("detail.type"), type ?? "—"],
    [t("detail.version"), version ?? "—"],
    ...(mawb === undefined ? [] : ([[t("detail.mawb"), mawb ?? "—"]] as Array<[string, ReactNode]>)),
  ];
  return (
    <Stack gap="sm" data-testid="telegram-parsed">
      <KeyValues rows={main} />
      {envelope ? (
        <>
          <Text size="sm" fw={600}>
            {t("detail.envelope")}
          </Text>
          <KeyValues
            rows={[
              [t("detail.priority"), envelope.priority],
              [t("detail.addresses"), envelope.addresses.join(" ")],
              [t("detail.origin"), envelope.origin ?? "—"],
              [t("detail.reference"), envelope.message_reference ?? "—"],
            ]}
          />
        </>
      ) : null}
      {content === null ? (
        <Text size="sm" c="dimmed" data-testid="telegram-nothing-read">
          {t("detail.nothingRead")}
        </Text>
      ) : (
        <details open>
          <summary>
            <Text span size="sm">
              {t("detail.json")}
            </Text>
          </summary>
          <pre data-testid="telegram-json" style={{ overflow: "auto", maxHeight: "60vh", margin: 0, fontSize: 12, border: "1px solid var(--mantine-color-default-border)", borderRadius: 4, padding: 8 }}>
            {JSON.stringify(content, null, 2)}
          </pre>
        </details>
      )}
    </Stack>
  );
}

function KeyValues({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <Table withRowBorders={false} verticalSpacing={2} style={{ tableLayout: "fixed" }}>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th style={{ width: "40%", fontWeight: 500 }}>{label}</Table.Th>
            <Table.Td style={{ overflowWrap: "anywhere" }}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
