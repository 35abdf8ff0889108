import { Badge } from "~/components/plain/badge";
import { Button } from "~/components/plain/button";
import { Card } from "~/lib/mantine/Card";
import { Checkbox } from "~/lib/mantine/Checkbox";
import { Group } from "~/components/plain/group";
import { Stack } from "~/components/plain/stack";
import { Text } from "~/components/plain/text";
import { TextInput } from "~/components/plain/text-input";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { ALL_MESSAGE_EVENTS, ALL_SENDABLE_TYPES } from "../../cargo/telegrams/message-setting";
import type { Column } from "~/components/data/data-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { CsrfInput } from "~/components/form-guards";
import { pageMeta } from "~/components/page-meta";
import { AddButton } from "~/components/settings/add-button";
import { carrierColumn } from "~/components/settings/carrier-column";
import { FilterSelect } from "~/components/settings/filter-select";
import { useFormat } from "~/components/settings/format";
import { ListPage } from "~/components/settings/list-page";
import { RowActions } from "~/components/settings/row-actions";
import { BooleanFilter } from "~/components/settings/yes-no-filter";
import type { SignedInUser } from "~/lib/auth/guard.server";
import { requirePage } from "~/lib/auth/require-page.server";
import { iataParam, readListQuery, trueFalseParam, trueFalseValue, urlWithout } from "~/lib/forms/list-query";
import { redirectWithNotice } from "~/lib/notices/redirect-with-notice.server";
import { deleteRowAction, notFoundNotice } from "~/lib/settings/delete-row-action.server";
import { listPage } from "~/lib/settings/required.server";
import { postedForm } from "~/lib/settings/save-form.server";
import { isPlatformUser } from "~/lib/settings/settings-user.server";
import { SORTABLE } from "~/lib/settings/sort";
import { getAirlineSettings, updateAirlineSettings } from "~/lib/upstream/airlines.server";
import { deleteMessageSetting, listMessageSettings, type MessageSetting } from "~/lib/upstream/message-settings.server";

// Settings → messaging (spec 1 §2): the airline's messaging switches (ops data: send LDM, receive MVT) and its
// message settings, which decide what is sent on which event to whom. Filters live in the address; rows are edited
// on their own pages and deleted from here (a confirmation with JS, a plain POST without).

const ROUTE = "/dashboard/settings/messaging";
const FORM_ROUTE = "/dashboard/settings/message-settings";

export const handle = { i18n: ["message-settings", "common", "errors"] };
export const meta = pageMeta;

const FILTERS = {
  message_type: z.enum(ALL_SENDABLE_TYPES as [string, ...string[]]).optional().catch(undefined),
  source_type: z.enum(ALL_MESSAGE_EVENTS as [string, ...string[]]).optional().catch(undefined),
  station: iataParam,
  active: trueFalseParam,
};

/** The ops-data switches this page holds (airline settings' ops_data). */
const OPS_FLAGS = ["send_ldm", "receive_mvt"] as const;

/** The airline whose switches the page shows: the host's; none for platform staff on a host without one. */
function airlineOf(user: SignedInUser): string | null {
  if (user.tenant.type === "airline" && user.tenant.code !== "default") return user.tenant.code.toUpperCase();
  return isPlatformUser(user) ? null : (user.profile.company_short_name?.toUpperCase() ?? null);
}

export async function loader(args: LoaderFunctionArgs) {
  const { user, pageTitle } = await requirePage(args, ROUTE);
  const { paging, filters } = readListQuery(args.request, { filters: FILTERS, sortable: SORTABLE.messageSettings });
  const carrier = airlineOf(user);
  const [list, airline] = await Promise.all([
    listMessageSettings(user.api, {
      ...paging,
      message_type: filters.message_type,
      source_type: filters.source_type,
      station: filters.station,
      active: trueFalseValue(filters.active),
    }),
    carrier ? getAirlineSettings(user.api, carrier) : null,
  ]);
  const ops = airline?.ok ? Object.fromEntries(OPS_FLAGS.map((f) => [f, airline.data.ops_data?.[f] === true])) : null;
  return json({ pageTitle, ...listPage(list), filters, ops, showCarrier: isPlatformUser(user) });
}

const OpsSchema = z.object({ intent: z.literal("ops"), send_ldm: z.literal("on").optional(), receive_mvt: z.literal("on").optional() });

export async function action(args: ActionFunctionArgs) {
  const { user } = await requirePage(args, ROUTE);
  const form = await postedForm(args.request, user);
  if (form.get("intent") === "ops") {
    const carrier = airlineOf(user);
    const parsed = OpsSchema.safeParse(Object.fromEntries(form));
    if (!carrier || !parsed.success) throw new Response("Bad Request", { status: 400 });
    const ops_data = Object.fromEntries(OPS_FLAGS.map((f) => [f, parsed.data[f] === "on"]));
    const saved = await updateAirlineSettings(user.api, carrier, { ops_data });
    return redirectWithNotice(urlWithout(args.request), user, saved.ok ? { kind: "success", key: "message-settings:notices.opsSaved" } : { kind: "error", key: "message-settings:notices.opsFailed" });
  }
  return deleteRowAction(form, user, {
    backTo: urlWithout(args.request),
    remove: (id) => deleteMessageSetting(user.api, id),
    deleted: "message-settings:notices.deleted",
    failed: notFoundNotice("message-settings:notices.notFound"),
  });
}

/** The ops-data switches: a plain POST form of their own. */
function OpsCard({ ops }: { ops: Record<string, boolean> }) {
  const { t } = useTranslation(["message-settings", "common"]);
  return (
    <Card withBorder padding="md" data-testid="messaging-ops">
      <Form method="post">
        <CsrfInput />
        <input type="hidden" name="intent" value="ops" />
        <Stack gap="xs">
          <Text fw={600}>{t("ops.title")}</Text>
          <Text size="sm" c="dimmed">
            {t("ops.hint")}
          </Text>
          {OPS_FLAGS.map((flag) => (
            <Checkbox key={flag} name={flag} defaultChecked={ops[flag]} label={t(`ops.${flag}`)} data-testid={`ops-${flag}`} />
          ))}
          <Group>
            <Button type="submit" size="xs" data-testid="ops-submit">
              {t("common:actions.save")}
            </Button>
          </Group>
        </Stack>
      </Form>
    </Card>
  );
}

export default function MessagingSettingsPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation(["message-settings", "common"]);
  const f = useFormat();
  const columns: Column<MessageSetting>[] = [
    ...carrierColumn(data.showCarrier, t("fields.carrier")),
    { key: "type", sort: "message_type", header: t("fields.message_type"), render: (r) => <Badge variant="light">{r.message_type}</Badge> },
    { key: "event", sort: "source_type", header: t("fields.source_type"), render: (r) => t(`events.${r.source_type}`, { defaultValue: r.source_type }) },
    { key: "station", sort: "station", header: t("fields.station"), render: (r) => r.station ?? t("everyStation") },
    { key: "to", header: t("fields.message_to"), render: (r) => <Text size="sm" style={{ overflowWrap: "anywhere" }}>{r.message_to.join(", ")}</Text> },
    { key: "format", sort: "message_format", header: t("fields.message_format"), render: (r) => t(`formats.${r.message_format}`, { defaultValue: r.message_format }) },
    { key: "interval", sort: "sending_interval", header: t("fields.sending_interval"), render: (r) => (r.sending_interval == null ? t("eachEvent") : f.unit(r.sending_interval, "minute")) },
    { key: "active", sort: "active", header: t("fields.active"), render: (r) => f.yesNo(r.active) },
    {
      key: "actions",
      header: t("common:actions.edit"),
      render: (r) => (
        <RowActions
          id={r.id}
          editTo={`${FORM_ROUTE}/${r.id}/edit`}
          editTestId={`edit-message-setting-${r.id}`}
          confirmText={t("confirmDelete", { type: r.message_type, station: r.station ?? t("everyStation") })}
        />
      ),
    },
  ];
  return (
    <ListPage
      data={{ ...data, rows: data.rows as MessageSetting[] }}
      actions={<AddButton to={`${FORM_ROUTE}/create`} testId="add-message-setting">{t("add")}</AddButton>}
      above={data.ops ? <OpsCard ops={data.ops} /> : null}
      filters={
        <>
          <FilterSelect name="message_type" label={t("fields.message_type")} value={data.filters.message_type} options={ALL_SENDABLE_TYPES.map((v) => ({ value: v, label: v }))} w={110} />
          <FilterSelect name="source_type" label={t("fields.source_type")} value={data.filters.source_type} options={ALL_MESSAGE_EVENTS.map((v) => ({ value: v, label: t(`events.${v}`) }))} w={200} />
          <TextInput name="station" defaultValue={data.filters.station ?? ""} label={t("fields.station")} placeholder="OVB" w={110} maxLength={3} />
          <BooleanFilter name="active" label={t("fields.active")} value={data.filters.active} labels={[t("activeYes"), t("activeNo")]} />
        </>
      }
      table={{ id: "message-settings", testId: "message-settings-table", columns, empty: t("empty") }}
    />
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
