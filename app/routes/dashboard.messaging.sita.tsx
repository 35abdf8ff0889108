import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SitaMessageForm } from "~/components/outgoing/sita-message-form";
import { pageMeta } from "~/components/page-meta";
import { formPage } from "~/components/settings/form-page";
import { canAccess } from "~/lib/access/can-access";
import { requirePage } from "~/lib/auth/require-page.server";
import { BUILT_ROUTES } from "~/lib/built-routes";
import { SitaMessageFormSchema } from "~/lib/forms/sita-message-schema";
import { saveForm } from "~/lib/settings/save-form.server";
import { redirectWithNotice } from "~/lib/notices/redirect-with-notice.server";
import { sendSitaMessage } from "~/lib/upstream/outgoing-messages.server";
import { splitAddresses } from "../../cargo/telegrams/message-setting";

// Platform staff send a Type-B text by hand (issue 23; spec 1 §2 "Messaging: sita (send)", §6 "SITA upload: platform
// only"): the API records it as an outgoing message and its job hands it to the SITA gateway; the message's page then
// shows how that went. An address the API refuses stands beside the addresses, the text kept.

const ROUTE = "/dashboard/messaging/sita";
const DETAIL = "/dashboard/messaging/outgoing-messages/:id";

export const handle = { i18n: ["outgoing", "common", "errors"] };
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { pageTitle } = await requirePage(args, ROUTE);
  return json({ pageTitle, cancelHref: "/dashboard/messaging" });
}

export async function action(args: ActionFunctionArgs) {
  const { user } = await requirePage(args, ROUTE);
  return saveForm(args.request, user, {
    schema: SitaMessageFormSchema,
    save: (v) => sendSitaMessage(user.api, { text: v.text, addresses: splitAddresses(v.addresses), carrier: v.carrier || undefined }),
    messages: { fields: ["text", "addresses", "carrier"], notFound: "errors:refusal.outgoing_message_not_found" },
    saved: (message) => {
      const target = BUILT_ROUTES.has(DETAIL) && canAccess(DETAIL, user.access) ? DETAIL.replace(":id", String(message.id)) : ROUTE;
      return redirectWithNotice(target, user, { kind: "success", key: "outgoing:notices.sitaSent" });
    },
  });
}

export default formPage<typeof loader, typeof action>(function SitaPage({ data, lastResult }) {
  return <SitaMessageForm lastResult={lastResult} cancelHref={data.cancelHref} carrier={null} />;
});

export const ErrorBoundary = GeneralErrorBoundary;
