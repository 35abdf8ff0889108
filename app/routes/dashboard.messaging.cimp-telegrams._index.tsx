import { Text } from "~/components/plain/text";
import { TextInput } from "~/components/plain/text-input";
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import type { Column } from "~/components/data/data-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { AddButton } from "~/components/settings/add-button";
import { FilterSelect } from "~/components/settings/filter-select";
import { ListPage } from "~/components/settings/list-page";
import { mawbTerm } from "~/components/shipments/shipment-list-query";
import { useTelegramColumns } from "~/components/telegrams/telegram-columns";
import { canAccess } from "~/lib/access/can-access";
import { requirePage } from "~/lib/auth/require-page.server";
import { BUILT_ROUTES } from "~/lib/built-routes";
import { codeParam, readListQuery, textParam } from "~/lib/forms/list-query";
import { listPage } from "~/lib/settings/required.server";
import { listCimpTelegrams, type CimpTelegram } from "~/lib/upstream/cimp-telegrams.server";
import { TELEGRAM_STATES } from "../../cargo/telegrams/telegram-state";

// Cargo-IMP telegrams received (issue 23; spec 1 §2 "Messaging"): newest first, one server page at a time, filtered
// by type, state and AWB in the address (a GET form: it works without JS). Each row opens the telegram's page,
// where its text stands beside what it read as.

const ROUTE = "/dashboard/messaging/cimp-telegrams";
const UPLOAD = "/dashboard/messaging/cimp";

export const handle = { i18n: ["telegrams", "common", "errors"] };
export const meta = pageMeta;

const FILTERS = {
  // three letters or nothing: a half-typed type must not reach the API as a 422
  message_type: codeParam(/^[A-Z]{3}$/),
  state: z.enum(TELEGRAM_STATES).optional().catch(undefined),
  mawb: textParam,
};

export async function loader(args: LoaderFunctionArgs) {
  const { user, pageTitle } = await requirePage(args, ROUTE);
  const { paging, filters } = readListQuery(args.request, { filters: FILTERS });
  const term = filters.mawb ? mawbTerm(filters.mawb) : null;
  const canUpload = BUILT_ROUTES.has(UPLOAD) && canAccess(UPLOAD, user.access);
  const shown = { message_type: filters.message_type ?? "", state: filters.state ?? "", mawb: filters.mawb };
  if (filters.mawb && !term) {
    return json({ pageTitle, filters: shown, mawbError: true, canUpload, rows: [] as CimpTelegram[], meta: { current_page: 1, total_pages: 0, total_count: 0 } });
  }
  const list = listPage(await listCimpTelegrams(user.api, { ...paging, message_type: filters.message_type, state: filters.state, mawb: term ?? undefined }));
  return json({ pageTitle, filters: shown, mawbError: false, canUpload, ...list });
}

export default function CimpTelegramsPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation(["telegrams", "common"]);
  const c = useTelegramColumns(ROUTE);
  const mawb: Column<CimpTelegram> = { key: "mawb", header: t("list.columns.mawb"), render: (r) => <Text size="sm" style={{ whiteSpace: "nowrap" }}>{r.mawb ?? "—"}</Text> };
  const columns: Column<CimpTelegram>[] = [c.received_at, c.type, mawb, c.sender, c.state, c.errors, c.open];
  const key = JSON.stringify(data.filters);
  return (
    <ListPage
      data={{ ...data, rows: data.rows as CimpTelegram[] }}
      actions={data.canUpload ? <AddButton to={UPLOAD} testId="upload-telegram">{t("list.upload")}</AddButton> : null}
      filters={
        <>
          <TextInput key={`t${key}`} name="message_type" defaultValue={data.filters.message_type} label={t("list.filters.message_type")} placeholder="FWB" maxLength={3} w={130} />
          <FilterSelect key={`s${key}`} name="state" label={t("list.filters.state")} value={data.filters.state} options={TELEGRAM_STATES.map((s) => ({ value: s, label: t(`states.${s}`) }))} w={190} />
          <TextInput key={`m${key}`} name="mawb" defaultValue={data.filters.mawb} label={t("list.filters.mawb")} placeholder="555-1234" error={data.mawbError ? t("list.badMawb") : undefined} w={170} />
        </>
      }
      table={{ id: "cimp-telegrams", testId: "cimp-telegrams-list", columns, empty: t("list.empty") }}
    />
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
