import { Alert } from "~/lib/mantine/Alert";
import { Anchor } from "~/components/plain/anchor";
import { Stack } from "~/components/plain/stack";
import { Text } from "~/components/plain/text";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Section } from "~/components/air-waybills/shipment-sections";
import { DataTable, type Column } from "~/components/data/data-table";
import { translateMessage } from "~/components/fields/fields";
import { useFlightTime } from "~/components/flights/flight-time";
import { useTelegramColumns } from "~/components/telegrams/telegram-columns";
import type { WaybillTelegramPageData } from "~/lib/outgoing/waybill-telegram-page.server";
import { FILE_PLACI_INTENT } from "~/lib/flights/customs-values";
import { RECEIVED_PAGE, SENT_PAGE, WAYBILL_TELEGRAM_SEND_INTENT } from "~/lib/outgoing/waybill-telegram-values";
import type { CimpTelegram } from "~/lib/upstream/cimp-telegrams.server";
import type { OutgoingMessage } from "~/lib/upstream/outgoing-messages.server";
import { useOutgoingColumns } from "./outgoing-columns";
import { SendTelegramForm } from "./send-telegram-form";
import { TelegramText } from "./telegram-text";
import { WaybillPageHeader } from "./waybill-telegram-links";

// A waybill's FWB or FHL page (spec 1 /shipments/:mawb/fwb, /fhl; issue 23): the text as sending it now would write
// it, the send form, and the telegrams of that type sent and received about the waybill. Every part is a link or a
// plain form, so the page works without JavaScript; the text block and the tables scroll sideways at 390 px.

const OUTGOING_ROUTE = "/dashboard/messaging/outgoing-messages";
const TELEGRAM_ROUTE = "/dashboard/messaging/cimp-telegrams";

function TextPart({ data }: { data: WaybillTelegramPageData }) {
  const { t } = useTranslation(["outgoing", "errors"]);
  const ft = useFlightTime();
  const { type, telegram } = data;
  if (!telegram) {
    return (
      <Alert color="yellow" role="status" title={t("waybill.noText", { type })} data-testid="waybill-telegram-refusal">
        <Stack gap={4}>
          <Text size="sm">{data.refusal ? translateMessage(t, data.refusal) : t(`errors:${data.error ?? "Undefined"}`)}</Text>
          {data.addHouseHref ? (
            <Anchor component={Link} to={data.addHouseHref} size="sm" data-testid="add-house-waybill">
              {t("waybill.addHouse")}
            </Anchor>
          ) : null}
        </Stack>
      </Alert>
    );
  }
  return (
    <Stack gap={4}>
      <TelegramText title={t("waybill.text", { type })} text={telegram.text} testId="waybill-telegram-text" />
      <Text size="xs" c="dimmed">
        {t("waybill.generatedAt", { at: ft.at(telegram.generated_at, null) })}
      </Text>
      {/* a document, not a page of the app: a plain link, so the browser opens or saves what the server sends */}
      {type === "FWB" ? (
        <Anchor href={`/dashboard/shipments/${data.mawb}/eap.cimp`} target="_blank" rel="noopener" size="sm" data-testid="eap-cimp-link">
          {t("waybill.openPrintable")}
        </Anchor>
      ) : (
        <Anchor href={`/dashboard/shipments/${data.mawb}/house_waybills.cimp`} size="sm" data-testid="house-waybills-cimp-link">
          {t("waybill.downloadText")}
        </Anchor>
      )}
    </Stack>
  );
}

/** A list of the page with its own pager (`pageParam`), or why it could not be loaded. */
function TelegramList<Row extends { id: number }>({
  list,
  title,
  empty,
  columns,
  pageParam,
  testId,
}: {
  list: { rows: Row[]; meta: { current_page: number; total_pages: number; total_count: number }; error: string | null };
  title: string;
  empty: string;
  columns: Column<Row>[];
  pageParam: string;
  testId: string;
}) {
  const { t } = useTranslation(["outgoing", "errors"]);
  return (
    <Section title={title} testId={testId} failure={list.error ? t("waybill.listFailed", { reason: t(`errors:${list.error}`) }) : null}>
      <DataTable id={testId} columns={columns} rows={list.rows} rowKey={(r) => r.id} empty={empty} testId={`${testId}-table`} meta={list.meta} pageParam={pageParam} />
    </Section>
  );
}

export function WaybillTelegramPage({ data, sendReply }: { data: WaybillTelegramPageData; sendReply: { type: string; addresses: string; error: string } | null }) {
  const { t } = useTranslation(["outgoing", "errors"]);
  const { type, mawb } = data;
  const out = useOutgoingColumns(OUTGOING_ROUTE);
  const sentColumns = [out.created_at, out.channel, out.to, out.event, out.status, out.error, ...(data.opensSent ? [out.open] : [])];
  const received = useTelegramColumns(TELEGRAM_ROUTE);
  const receivedColumns = [received.received_at, received.type, received.sender, received.state, received.errors, ...(data.opensReceived ? [received.open] : [])];
  return (
    <Stack gap="md" data-testid={`waybill-${type.toLowerCase()}-page`}>
      <WaybillPageHeader mawb={mawb} title={t("waybill.title", { type, mawb })} route={data.route} />
      <Text size="sm">{t(`waybill.about.${type}`)}</Text>
      <TextPart data={data} />
      {data.canSend ? (
        <SendTelegramForm type={type} hidden={{ intent: WAYBILL_TELEGRAM_SEND_INTENT }} settings={data.sendsBySettings} reply={sendReply?.type === type ? sendReply : null} testId={`send-${type.toLowerCase()}`} />
      ) : null}
      {data.canFilePlaci ? (
        <SendTelegramForm
          type="PLACI"
          hidden={{ intent: FILE_PLACI_INTENT }}
          settings={false}
          reply={sendReply?.type === "PLACI" ? sendReply : null}
          testId="file-placi"
          hint={t("waybill.placiAddresses")}
        >
          <Text size="sm" mb="xs">
            {t("waybill.placiAbout")}
          </Text>
        </SendTelegramForm>
      ) : null}
      {data.sent ? (
        <TelegramList<OutgoingMessage> list={data.sent} title={t("waybill.sent", { type })} empty={t("waybill.sentEmpty", { type })} columns={sentColumns} pageParam={SENT_PAGE} testId="waybill-sent" />
      ) : null}
      {data.received ? (
        <TelegramList<CimpTelegram> list={data.received} title={t("waybill.received", { type })} empty={t("waybill.receivedEmpty", { type })} columns={receivedColumns} pageParam={RECEIVED_PAGE} testId="waybill-received" />
      ) : null}
    </Stack>
  );
}
