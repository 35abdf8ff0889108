import { Anchor } from "~/components/plain/anchor";
import { Stack } from "~/components/plain/stack";
import { Text } from "~/components/plain/text";
import { TextInput } from "~/components/plain/text-input";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Column } from "~/components/data/data-table";
import { IsoDateInput } from "~/components/fields/iso-date-input";
import { AddButton } from "~/components/settings/add-button";
import { FilterSelect } from "~/components/settings/filter-select";
import { PageHeader } from "~/components/settings/form-parts";
import { ListPage, type ListPageData } from "~/components/settings/list-page";
import { TelegramDetailBody, TelegramRefusal, TelegramRestartForm } from "~/components/telegrams/telegram-detail";
import { TelegramParsed } from "~/components/telegrams/telegram-parsed";
import { useTelegramColumns } from "~/components/telegrams/telegram-columns";
import type { ShownLine } from "~/lib/telegrams/telegram-text";
import type { CimpTelegramDetail } from "~/lib/upstream/cimp-telegrams.server";
import type { FlightTelegramSchema } from "~/lib/upstream/flight-telegrams.server";
import type { z } from "zod";
import { TELEGRAM_STATES } from "../../../cargo/telegrams/telegram-state";

// The SSIM and AHM telegram pages (issue 23): a list filtered in the address (a GET form, so it works without JS) and a
// telegram's page with its text beside what it read as and the report of what applying it changed to the flights.

type Row = z.infer<typeof FlightTelegramSchema>;
interface Filters {
  message_type: string;
  state: string;
  number: string;
  date_from: string;
  date_to: string;
}

export function FlightTelegramsList({ data, route, upload, testId, typeHint }: { data: ListPageData<Row> & { filters: Filters; canUpload: boolean }; route: string; upload?: string; testId: string; typeHint: string }) {
  const { t } = useTranslation(["telegrams", "common"]);
  const c = useTelegramColumns(route);
  const columns: Column<Row>[] = [c.received_at, c.type, c.sender, c.state, c.errors, c.open];
  const key = JSON.stringify(data.filters);
  return (
    <ListPage
      data={data}
      actions={data.canUpload && upload ? <AddButton to={upload} testId="upload-telegram">{t("list.upload")}</AddButton> : null}
      filters={
        <>
          <TextInput key={`t${key}`} name="message_type" defaultValue={data.filters.message_type} label={t("list.filters.message_type")} placeholder={typeHint} maxLength={4} w={130} />
          <FilterSelect key={`s${key}`} name="state" label={t("list.filters.state")} value={data.filters.state} options={TELEGRAM_STATES.map((s) => ({ value: s, label: t(`states.${s}`) }))} w={190} />
          <TextInput key={`n${key}`} name="number" defaultValue={data.filters.number} label={t("list.filters.number")} placeholder="S71001" maxLength={8} w={150} />
          <IsoDateInput key={`f${key}`} name="date_from" label={t("list.filters.date_from")} defaultValue={data.filters.date_from} w={160} />
          <IsoDateInput key={`u${key}`} name="date_to" label={t("list.filters.date_to")} defaultValue={data.filters.date_to} w={160} />
        </>
      }
      table={{ id: testId, testId, columns, empty: t("list.empty") }}
    />
  );
}

type Shown = Omit<CimpTelegramDetail, "original_content" | "parsed_content">;

export function FlightTelegramPage({
  data,
  refusal,
  list,
}: {
  data: { pageTitle: string; telegram: Shown; lines: ShownLine[]; hiddenLines: number; parsed?: unknown; legCount: number | null; shownLegs: number };
  refusal?: string;
  list: string;
}) {
  const { t } = useTranslation(["telegrams", "errors", "common"]);
  const { telegram } = data;
  return (
    <Stack gap="md">
      <PageHeader title={data.pageTitle}>{telegram.actions.restart ? <TelegramRestartForm /> : null}</PageHeader>
      <TelegramRefusal refusal={refusal} />
      <TelegramDetailBody
        telegram={telegram}
        lines={data.lines}
        hiddenLines={data.hiddenLines}
        parsed={
          <>
            {data.legCount !== null && data.legCount > data.shownLegs ? (
              <Text size="sm" c="dimmed" data-testid="telegram-legs-shown">
                {t("detail.legsShown", { shown: data.shownLegs, count: data.legCount })}
              </Text>
            ) : null}
            <TelegramParsed type={telegram.message_type} version={telegram.message_version} envelope={null} content={data.parsed ?? null} />
          </>
        }
      />
      <Anchor component={Link} to={list} size="sm">
        {t("detail.back")}
      </Anchor>
    </Stack>
  );
}
