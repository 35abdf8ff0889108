import { Anchor } from "~/components/plain/anchor";
import { Text } from "~/components/plain/text";
import { TextInput } from "~/components/plain/text-input";
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import type { Column } from "~/components/data/data-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useFlightTime } from "~/components/flights/flight-time";
import { IncomingStatusBadge } from "~/components/incoming/incoming-status-badge";
import { pageMeta } from "~/components/page-meta";
import { FilterSelect } from "~/components/settings/filter-select";
import { ListPage } from "~/components/settings/list-page";
import { requirePage } from "~/lib/auth/require-page.server";
import { readListQuery, textParam } from "~/lib/forms/list-query";
import { listPage } from "~/lib/settings/required.server";
import { listIncomingMessages, type IncomingMessage } from "~/lib/upstream/incoming-messages.server";
import { INCOMING_STATUSES } from "../../cargo/telegrams/incoming-message";

// Messages received (issue 23; spec 1 §2 "Messaging": "a view of incoming and outgoing messages"): e-mails the SMTP
// receiver took and messages posted to the API, newest first, a server page at a time, filtered by status, subject
// or sender and dates in the address (a GET form: it works without JS). Each row opens the message's page with the
// telegrams made from it.

const ROUTE = "/dashboard/messaging/messages";

export const handle = { i18n: ["incoming", "common", "errors"] };
export const meta = pageMeta;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional().catch(undefined);
const FILTERS = {
  status: z.enum(INCOMING_STATUSES).optional().catch(undefined),
  q: textParam,
  date_from: day,
  date_to: day,
};

export async function loader(args: LoaderFunctionArgs) {
  const { user, pageTitle } = await requirePage(args, ROUTE);
  const { paging, filters } = readListQuery(args.request, { filters: FILTERS });
  const list = listPage(await listIncomingMessages(user.api, { ...paging, status: filters.status, q: filters.q || undefined, date_from: filters.date_from, date_to: filters.date_to }));
  const shown = { status: filters.status ?? "", q: filters.q, date_from: filters.date_from ?? "", date_to: filters.date_to ?? "" };
  return json({ pageTitle, filters: shown, ...list });
}

export default function IncomingMessagesPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation(["incoming", "common"]);
  const ft = useFlightTime();
  const columns: Column<IncomingMessage>[] = [
    { key: "received_at", header: t("list.columns.received_at"), render: (r) => <Text size="sm" style={{ whiteSpace: "nowrap" }}>{ft.at(r.created_at, null)}</Text> },
    { key: "subject", header: t("list.columns.subject"), render: (r) => <Text size="sm" style={{ overflowWrap: "anywhere" }}>{r.subject ?? t("detail.noSubject")}</Text> },
    { key: "sender", header: t("list.columns.sender"), render: (r) => <Text size="sm" style={{ overflowWrap: "anywhere" }}>{r.sender.join(", ") || "—"}</Text> },
    { key: "recipient", header: t("list.columns.recipient"), render: (r) => <Text size="sm" style={{ overflowWrap: "anywhere" }}>{r.recipient.join(", ") || "—"}</Text> },
    { key: "source", header: t("list.columns.source"), render: (r) => (r.source ? t(`sources.${r.source}`) : "—") },
    { key: "status", header: t("list.columns.status"), render: (r) => <IncomingStatusBadge status={r.status} /> },
    {
      key: "open",
      header: t("list.columns.open"),
      render: (r) => (
        <Anchor component={Link} to={`${ROUTE}/${r.id}`} size="sm" data-testid={`incoming-link-${r.id}`}>
          {t("list.open")}
        </Anchor>
      ),
    },
  ];
  const key = JSON.stringify(data.filters);
  return (
    <ListPage
      data={{ ...data, rows: data.rows as IncomingMessage[] }}
      filters={
        <>
          <FilterSelect key={`s${key}`} name="status" label={t("list.filters.status")} value={data.filters.status} options={INCOMING_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))} w={170} />
          <TextInput key={`q${key}`} name="q" defaultValue={data.filters.q} label={t("list.filters.q")} maxLength={100} w={220} />
          <TextInput key={`f${key}`} type="date" name="date_from" defaultValue={data.filters.date_from} label={t("list.filters.date_from")} w={160} />
          <TextInput key={`u${key}`} type="date" name="date_to" defaultValue={data.filters.date_to} label={t("list.filters.date_to")} w={160} />
        </>
      }
      table={{ id: "incoming-messages", testId: "incoming-messages-list", columns, empty: t("list.empty") }}
    />
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
