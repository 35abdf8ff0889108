import { TextInput } from "~/components/plain/text-input";
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import type { Column } from "~/components/data/data-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useOutgoingColumns } from "~/components/outgoing/outgoing-columns";
import { pageMeta } from "~/components/page-meta";
import { FilterSelect } from "~/components/settings/filter-select";
import { ListPage } from "~/components/settings/list-page";
import { mawbTerm } from "~/components/shipments/shipment-list-query";
import { requirePage } from "~/lib/auth/require-page.server";
import { codeParam, readListQuery, textParam } from "~/lib/forms/list-query";
import { listPage } from "~/lib/settings/required.server";
import { listOutgoingMessages, type OutgoingMessage } from "~/lib/upstream/outgoing-messages.server";
import { CHANNEL_TYPES, OUTGOING_STATUSES } from "../../cargo/telegrams/outgoing-message";

// Telegrams sent (issue 23; spec 1 §2 "Messaging" outgoing-messages): newest first, a server page at a time, filtered
// by type, channel, status, AWB and dates in the address (a GET form: it works without JS). A failed row names its
// error; each row opens the message's page with its text and a resend.

const ROUTE = "/dashboard/messaging/outgoing-messages";

export const handle = { i18n: ["outgoing", "common", "errors"] };
export const meta = pageMeta;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional().catch(undefined);
const FILTERS = {
  message_type: codeParam(/^[A-Z]{3,5}$/),
  channel_type: z.enum(CHANNEL_TYPES).optional().catch(undefined),
  status: z.enum(OUTGOING_STATUSES).optional().catch(undefined),
  mawb: textParam,
  date_from: day,
  date_to: day,
};

export async function loader(args: LoaderFunctionArgs) {
  const { user, pageTitle } = await requirePage(args, ROUTE);
  const { paging, filters } = readListQuery(args.request, { filters: FILTERS });
  const term = filters.mawb ? mawbTerm(filters.mawb) : null;
  const shown = {
    message_type: filters.message_type ?? "",
    channel_type: filters.channel_type ?? "",
    status: filters.status ?? "",
    mawb: filters.mawb,
    date_from: filters.date_from ?? "",
    date_to: filters.date_to ?? "",
  };
  if (filters.mawb && !term) {
    return json({ pageTitle, filters: shown, mawbError: true, rows: [] as OutgoingMessage[], meta: { current_page: 1, total_pages: 0, total_count: 0 } });
  }
  const { mawb: _typed, ...rest } = filters;
  const list = listPage(await listOutgoingMessages(user.api, { ...paging, ...rest, mawb: term ?? undefined }));
  return json({ pageTitle, filters: shown, mawbError: false, ...list });
}

export default function OutgoingMessagesPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation(["outgoing", "common"]);
  const c = useOutgoingColumns(ROUTE);
  const columns: Column<OutgoingMessage>[] = [c.created_at, c.type, c.channel, c.to, c.mawb, c.event, c.status, c.error, c.open];
  const key = JSON.stringify(data.filters);
  return (
    <ListPage
      data={{ ...data, rows: data.rows as OutgoingMessage[] }}
      filters={
        <>
          <TextInput key={`t${key}`} name="message_type" defaultValue={data.filters.message_type} label={t("list.filters.message_type")} placeholder="FWB" maxLength={5} w={130} />
          <FilterSelect key={`c${key}`} name="channel_type" label={t("list.filters.channel_type")} value={data.filters.channel_type} options={CHANNEL_TYPES.map((c) => ({ value: c, label: t(`channels.${c}`) }))} w={150} />
          <FilterSelect key={`s${key}`} name="status" label={t("list.filters.status")} value={data.filters.status} options={OUTGOING_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))} w={150} />
          <TextInput key={`m${key}`} name="mawb" defaultValue={data.filters.mawb} label={t("list.filters.mawb")} placeholder="555-1234" error={data.mawbError ? t("list.badMawb") : undefined} w={170} />
          <TextInput key={`f${key}`} type="date" name="date_from" defaultValue={data.filters.date_from} label={t("list.filters.date_from")} w={160} />
          <TextInput key={`u${key}`} type="date" name="date_to" defaultValue={data.filters.date_to} label={t("list.filters.date_to")} w={160} />
        </>
      }
      table={{ id: "outgoing-messages", testId: "outgoing-messages-list", columns, empty: t("list.empty") }}
    />
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
