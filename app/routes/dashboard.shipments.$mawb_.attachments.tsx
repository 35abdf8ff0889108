import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ShipmentFormPage } from "~/components/air-waybills/shipment-form-page";
import { AttachmentUploadForm } from "~/components/air-waybills/shipment-documents";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { verifyCsrf } from "~/lib/auth/csrf.server";
import { requirePage } from "~/lib/auth/require-page.server";
import { AttachmentFormSchema, attachmentErrorKey } from "~/lib/attachments/attachment-form";
import { loadAirWaybill, mawbParam } from "~/lib/air-waybills/shipment.server";
import { notFound, recordIdOf } from "~/lib/http/not-found.server";
import { redirectWithNotice } from "~/lib/notices/redirect-with-notice.server";
import { deleteAttachment, uploadAttachment } from "~/lib/upstream/attachments.server";
import { failureResponse } from "~/lib/upstream/failure-response.server";
import { failureStatus } from "~/lib/upstream/errors";

// Posts of the shipment page's Documents section: attach a document (multipart: doc_type, doc) or remove one. With
// JavaScript the section posts here through a fetcher and shows a refusal in place; without it the browser lands on
// this page, which shows the same form with the refusal beside its field and the chosen type kept (a browser never
// refills a file input); opened by its address it shows the empty form. Guarded as the shipment page is: whoever may open it may post here, the API decides the rest.

const PAGE = "/dashboard/shipments/:mawb";

export const handle = { i18n: ["attachments", "awb", "errors", "common"] };
export const meta = pageMeta;

/** The form on a page of its own: where a post without JavaScript lands, and a plain address to attach from. */
export async function loader(args: LoaderFunctionArgs) {
  const { t } = await requirePage(args, PAGE);
  return json({ pageTitle: t("attachments:attachTo", { mawb: mawbParam(args.params.mawb) }) });
}

type Refusal = { pageTitle: string; docType: string; errors: Record<string, string> };

export async function action(args: ActionFunctionArgs) {
  const { user, t } = await requirePage(args, PAGE);
  const mawb = mawbParam(args.params.mawb);
  const back = `/dashboard/shipments/${mawb}#documents`;
  const form = await args.request.formData();
  verifyCsrf(user.session, form);
  const pageTitle = t("attachments:attachTo", { mawb });

  if (form.get("intent") === "delete") {
    const removed = await deleteAttachment(user.api, recordIdOf(String(form.get("id") ?? "")));
    if (!removed.ok) {
      if (removed.code === "NotFound") throw failureResponse(removed);
      return redirectWithNotice(back, user, { kind: "error", key: "attachments:notices.removeFailed" });
    }
    return redirectWithNotice(back, user, { kind: "success", key: "attachments:notices.removed" });
  }

  const docType = String(form.get("doc_type") ?? "").slice(0, 40);
  const refuse = (errors: Record<string, string>, status = 422) => json<Refusal>({ pageTitle, docType, errors }, { status });
  const submission = parseWithZod(form, { schema: AttachmentFormSchema });
  if (submission.status !== "success") {
    const errors = Object.fromEntries(Object.entries(submission.error ?? {}).map(([field, messages]) => [field, messages?.[0] ?? "attachments:errors.failed"]));
    return refuse(errors, 400);
  }
  const awb = await loadAirWaybill(user, mawb);
  const uploaded = await uploadAttachment(user.api, { awbId: awb.id, docType: submission.value.doc_type, file: submission.value.doc });
  if (!uploaded.ok) {
    if (uploaded.code === "NotFound") throw notFound();
    if (uploaded.status === 413) return refuse({ doc: "attachments:errors.tooLarge" });
    if (uploaded.status === 422) {
      const errors = Object.fromEntries(Object.entries(uploaded.fieldErrors).map(([field, messages]) => [field, attachmentErrorKey(messages[0] ?? "")]));
      return refuse(Object.keys(errors).length ? errors : { doc: "attachments:errors.failed" });
    }
    if (uploaded.status === 403) return refuse({ doc: "attachments:errors.forbidden" }, 403);
    return refuse({ doc: `errors:${uploaded.code}` }, failureStatus(uploaded));
  }
  return redirectWithNotice(back, user, { kind: "success", key: "attachments:notices.attached", params: { name: uploaded.data.doc } });
}

/** Without JavaScript a refused upload lands here: the form again, the refusal beside its field. */
export default function AttachDocumentPage() {
  const answer = useActionData<typeof action>();
  const { mawb } = useParams();
  const { t } = useTranslation(["attachments", "awb"]);
  return (
    <ShipmentFormPage maw={640} backHref={`/dashboard/shipments/${mawb}`} backLabel={t("backTo", { mawb })} title={t("attachTo", { mawb })}>
      <AttachmentUploadForm mawb={mawb ?? ""} refusal={answer ?? null} />
    </ShipmentFormPage>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
