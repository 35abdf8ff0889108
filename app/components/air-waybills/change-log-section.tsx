import { List } from "~/lib/mantine/List";
import { Text } from "~/components/plain/text";
import { useTranslation } from "react-i18next";
import { useFlightTime } from "~/components/flights/flight-time";
import { userChanges, type UserChange } from "~/lib/air-waybills/change-log-fields";
import type { AwbChangeLog, Party } from "~/lib/upstream/air-waybills.server";
import type { ErrorCode } from "~/lib/upstream/errors";
import { Rows, Section } from "./shipment-sections";

// The shipment page's change log: when (in the time mode, at the waybill's origin), who, what, and only the fields a
// user changed (change-log-fields.ts), each by its translated label with its values read as the page reads them.

const MAX_SHOWN = 120;
const cut = (text: string) => (text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text);

function partyLine(p: Partial<Party>): string {
  const contacts = Array.isArray(p.contacts) ? p.contacts.map((c) => c.value) : [];
  return [p.name, p.address, p.post_code, p.city, p.state, p.country_code, ...contacts, p.tax_id].filter(Boolean).join(", ");
}

function useChangeValue(timeZone: string | null) {
  const { t } = useTranslation(["awb", "common", "void-requests"]);
  const ft = useFlightTime();
  return (kind: UserChange["kind"], value: unknown): string => {
    if (value === null || value === undefined || value === "" || (Array.isArray(value) && !value.length)) return "—";
    switch (kind) {
      case "kg":
        return `${value} ${t("awb:units.kg")}`;
      case "m3":
        return `${value} ${t("awb:units.m3")}`;
      case "flag":
        return value === true ? t("common:yes") : t("common:no");
      case "instant":
        return ft.at(String(value), timeZone);
      case "payment":
        return t(`void-requests:payment.${String(value)}`, { defaultValue: String(value) });
      case "codes":
        return Array.isArray(value) ? value.join(", ") : String(value);
      case "party":
        return typeof value === "object" ? cut(partyLine(value as Partial<Party>)) || "—" : String(value);
      case "dimensions":
        return Array.isArray(value)
          ? cut(value.map((d: Record<string, unknown>) => `${d.pieces} × ${d.length}×${d.width}×${d.height}${d.weight ? ` ${d.weight} ${t("awb:units.kg")}` : ""}`).join("; "))
          : String(value);
      default:
        return cut(String(value));
    }
  };
}

function ChangeSet({ changes, timeZone }: { changes: Record<string, unknown[]>; timeZone: string | null }) {
  const { t } = useTranslation("awb");
  const value = useChangeValue(timeZone);
  const shown = userChanges(changes);
  if (!shown.length) return <Text size="xs">—</Text>;
  return (
    <List size="xs" listStyleType="none" spacing={2}>
      {shown.map((c) => (
        <List.Item key={c.field} data-testid={`change-${c.field}`}>
          <Text span fw={500} size="xs">
            {t(`fields.${c.field}`)}
          </Text>
          : {value(c.kind, c.before)} → {value(c.kind, c.after)}
        </List.Item>
      ))}
    </List>
  );
}

export function ChangeLogSection({ changeLog, timeZone }: { changeLog: { rows: AwbChangeLog[] | null; error: ErrorCode | null }; timeZone: string | null }) {
  const { t, i18n } = useTranslation(["awb", "errors"]);
  const ft = useFlightTime();
  return (
    <Section title={t("awb:sections.changeLog")} testId="shipment-change-log">
      {changeLog.rows ? (
        <Rows
          testId="change-log-table"
          head={[t("awb:changeLog.when"), t("awb:changeLog.who"), t("awb:changeLog.action"), t("awb:changeLog.changes")]}
          rows={changeLog.rows.map((r) => [
            ft.at(r.created_at, timeZone),
            r.channel_id ?? "—",
            r.action && i18n.exists(`awb:changeLog.actions.${r.action}`) ? t(`awb:changeLog.actions.${r.action}`) : (r.action ?? "—"),
            <ChangeSet key={String(r.id)} changes={r.change_set} timeZone={timeZone} />,
          ])}
          empty={t("awb:changeLog.empty")}
        />
      ) : (
        <Text size="sm" c="red">
          {t(`errors:${changeLog.error ?? "Undefined"}`)}
        </Text>
      )}
    </Section>
  );
}
