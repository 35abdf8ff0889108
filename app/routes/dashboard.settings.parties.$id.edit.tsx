import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { formPage } from "~/components/settings/form-page";
import { ReadOnlyValue } from "~/components/settings/form-parts";
import { PartyForm, type PartyRecord } from "~/components/settings/party-form";
import { requirePage } from "~/lib/auth/require-page.server";
import { savePartyAction } from "~/lib/settings/parties.server";
import { required } from "~/lib/settings/required.server";
import { getForwarderCustomer, getNotableCompany } from "~/lib/upstream/parties.server";
import { recordIdOf } from "~/lib/http/not-found.server";

const ROUTE = "/dashboard/settings/parties/:id/edit";
const LIST = "/dashboard/settings/parties";

export const handle = { i18n: ["parties", "common", "errors"] };
export const meta = pageMeta;

function target(args: { params: { id?: string }; request: Request }) {
  const id = recordIdOf(args.params.id);
  const kind = new URL(args.request.url).searchParams.get("type") === "notable" ? ("notable" as const) : ("customer" as const);
  return { id, kind, list: kind === "notable" ? `${LIST}?tab=notable` : LIST };
}

/** `?type=notable` edits a notable company; otherwise a forwarder customer. Another company's id is a 404. */
export async function loader(args: LoaderFunctionArgs) {
  const { user, pageTitle } = await requirePage(args, ROUTE);
  const { id, kind, list } = target(args);
  const record = required<PartyRecord>(kind === "notable" ? await getNotableCompany(user.api, id) : await getForwarderCustomer(user.api, id));
  return json({ pageTitle, kind, list, record });
}

export async function action(args: ActionFunctionArgs) {
  const { id, list } = target(args);
  return savePartyAction(args, ROUTE, { fixedId: id, backTo: list });
}

export default formPage<typeof loader, typeof action>(function PartyEditPage({ data, lastResult }) {
  const { t } = useTranslation("parties");
  const owner = data.kind === "customer" ? data.record.forwarder_short_name : data.record.company_short_name;
  return (
    <>
      <ReadOnlyValue label={t(data.kind === "customer" ? "fields.forwarder_short_name" : "fields.company_short_name")} value={owner} />
      <PartyForm id={`${data.kind}-${data.record.id}`} kind={data.kind} record={data.record} lastResult={lastResult} showOwner={false} cancelHref={data.list} />
    </>
  );
});

export const ErrorBoundary = GeneralErrorBoundary;
