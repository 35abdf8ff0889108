import { List } from "~/lib/mantine/List";
import { Stack } from "~/components/plain/stack";
import { Text } from "~/components/plain/text";
import { useTranslation } from "react-i18next";
import { DataTable, type Column } from "~/components/data/data-table";
import type { ErrorCode } from "~/lib/upstream/errors";
import type { ChangeLog } from "~/lib/upstream/segments.server";
import { FlightPageTabError } from "./flight-page-tab-error";
import { useSegmentValueFormat, type SegmentZones } from "./flight-page-values";

export interface ChangeLogPage {
  rows: ChangeLog[];
  page: number;
  totalPages: number;
  totalCount: number;
}

/**
 * The Change log tab: the segment's changes (and, with include_related, those of its allotments and booking
 * rules), newest first, server-paginated: when, who, what, and every changed field as before → after.
 */
export function ChangeLogTab({ log, error, zones }: { log: ChangeLogPage | null; error: ErrorCode | null; zones: SegmentZones }) {
  const { t, i18n } = useTranslation("flight-page");
  const fmt = useSegmentValueFormat(zones);
  const actionName = (action: string | null | undefined) =>
    !action ? "—" : i18n.exists(`flight-page:changeLog.actions.${action}`) ? t(`changeLog.actions.${action}`) : action;
  const recordName = (type: string) => (i18n.exists(`flight-page:changeLog.recordTypes.${type}`) ? t(`changeLog.recordTypes.${type}`) : type);
  const columns: Column<ChangeLog>[] = [
    { key: "when", header: t("changeLog.when"), render: (r) => fmt.instant(r.created_at) },
    { key: "who", header: t("changeLog.who"), render: (r) => r.channel_id ?? r.channel_type ?? "—" },
    {
      key: "action",
      header: t("changeLog.action"),
      // related records (the flight's allotments and booking rules) say what they are
      render: (r) => (r.record_type === "Segment" ? actionName(r.action) : `${recordName(r.record_type)} #${r.record_id} · ${actionName(r.action)}`),
    },
    {
      key: "changes",
      header: t("changeLog.changes"),
      render: (r) => (
        <List size="sm" listStyleType="none" spacing={2}>
          {Object.entries(r.change_set).map(([field, [before, after]]) => (
            <List.Item key={field} data-testid={`change-${field}`}>
              <Text span fw={500} size="sm">
                {fmt.fieldName(field)}
              </Text>
              : {fmt.value(field, before)} → {fmt.value(field, after)}
            </List.Item>
          ))}
        </List>
      ),
    },
  ];
  if (!log) return <FlightPageTabError code={error} what={t("tabs.change_log")} />;
  return (
    <Stack gap="md" data-testid="change-log-tab">
      <DataTable
        id="flight-change-log"
        columns={columns}
        rows={log.rows}
        rowKey={(r) => r.id}
        empty={t("changeLog.empty")}
        testId="change-log-table"
        meta={{ current_page: log.page, total_pages: log.totalPages, total_count: log.totalCount }}
      />
    </Stack>
  );
}
