import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GoodsUploadForm } from "~/components/air-waybills/goods-items";
import { ShipmentFormPage } from "~/components/air-waybills/shipment-form-page";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { mawbParam } from "~/lib/air-waybills/shipment.server";
import { verifyCsrf } from "~/lib/auth/csrf.server";
import { requirePage } from "~/lib/auth/require-page.server";
import { GoodsUploadSchema, rowMessageKey, type GoodsRefusal } from "~/lib/goods-items/goods-upload";
import { notFound } from "~/lib/http/not-found.server";
import { redirectWithNotice } from "~/lib/notices/redirect-with-notice.server";
import { headerMismatchMessage } from "~/lib/settings/upload-action.server";
import { fileRefusalMessage, uploadSheet, type UploadOutcome } from "~/lib/upstream/uploads.server";

// Posts of the shipment page's goods items upload (issue 11): the file (multipart) replaces the waybill's goods items
// through POST goods_items/upload, all rows or none. With JavaScript the section posts here through a fetcher and
// shows a refusal in place; without it the browser lands on this page, which shows the same form with the refused
// rows (row number, column, reason, translated) or the message beside the file (a browser never refills a file
// input); opened by its address it shows the empty form. Guarded as the shipment page is; the API decides who may.

const PAGE = "/dashboard/shipments/:mawb";

export const handle = { i18n: ["awb", "uploads", "errors", "common"] };
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { t } = await requirePage(args, PAGE);
  return json({ pageTitle: t("awb:goodsItems.uploadTo", { mawb: mawbParam(args.params.mawb) }) });
}

type Answer = GoodsRefusal & { pageTitle: string };

/** What the form says about a refused upload: a message beside the file, or the rows. */
function refusalOf(outcome: Extract<UploadOutcome, { ok: false }>): { refusal: GoodsRefusal; status: number } {
  const { failure } = outcome;
  const beside = (key: string, status = 422) => ({ refusal: { errors: { file: key }, rows: [] }, status });
  if (outcome.refusal) return beside(fileRefusalMessage(outcome.refusal), failure.status);
  if (failure.status === 413) return beside("uploads:errors.fileTooLarge", 413);
  if (outcome.columns) return beside(headerMismatchMessage(outcome.columns));
  if (outcome.rows.length) {
    const rows = outcome.rows.map((r) => ({ row: r.row, field: r.field ?? "file", message: rowMessageKey(r.message) }));
    return { refusal: { errors: {}, rows }, status: 422 };
  }
  const said = (failure.fieldErrors.mawb ?? []).join(" ");
  if (/issued/.test(said)) return beside("awb:goodsItems.errors.issued");
  if (/voided/.test(said)) return beside("awb:goodsItems.errors.voided");
  if (failure.status === 403) return beside("awb:goodsItems.errors.forbidden", 403);
  if (failure.status === 429) return beside("awb:goodsItems.errors.busy", 429);
  if (failure.status === 422) return beside("uploads:errors.failed");
  return beside(`errors:${failure.code}`, 502);
}

export async function action(args: ActionFunctionArgs) {
  const { user, t } = await requirePage(args, PAGE);
  const mawb = mawbParam(args.params.mawb);
  const form = await args.request.formData();
  verifyCsrf(user.session, form);
  const pageTitle = t("awb:goodsItems.uploadTo", { mawb });
  const submission = parseWithZod(form, { schema: GoodsUploadSchema });
  if (submission.status !== "success") {
    const file = submission.error?.file?.[0] ?? "uploads:errors.fileRequired";
    return json<Answer>({ pageTitle, errors: { file }, rows: [] }, { status: 400 });
  }
  const outcome = await uploadSheet(user, "goods_items", submission.value.file, undefined, { mawb });
  if (outcome.ok) {
    return redirectWithNotice(`/dashboard/shipments/${mawb}#goods`, user, { kind: "success", key: "awb:notices.goodsItemsUploaded", params: { count: outcome.created } });
  }
  if (outcome.failure.code === "NotFound") throw notFound();
  const { refusal, status } = refusalOf(outcome);
  return json<Answer>({ pageTitle, ...refusal }, { status });
}

/** Without JavaScript a refused upload lands here: the form again with what was wrong. */
export default function GoodsItemsUploadPage() {
  const answer = useActionData<typeof action>();
  const { mawb } = useParams();
  const { t } = useTranslation("awb");
  return (
    <ShipmentFormPage maw={720} backHref={`/dashboard/shipments/${mawb}#goods`} backLabel={t("goodsItems.backTo", { mawb })} title={t("goodsItems.uploadTo", { mawb })}>
      <GoodsUploadForm mawb={mawb ?? ""} refusal={answer ?? null} />
    </ShipmentFormPage>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
