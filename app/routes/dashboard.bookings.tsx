import { Stack } from "~/components/plain/stack";
import { isBookingStatus } from "../../cargo/bookings/booking-status";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { INT32_MAX } from "../../cargo/limits";
import { AnswerDialog, type AnswerReply } from "~/components/bookings/answer-dialog";
import { BOOKING_VIEWS, BookingsFiltersForm, type BookingView } from "~/components/bookings/bookings-filters";
import { BookingsTable, type BookingListRow } from "~/components/bookings/bookings-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { useDialogLinks } from "~/components/settings/dialog-links";
import { PageHeader } from "~/components/settings/form-parts";
import { DeepPageNotice } from "~/components/data/deep-page-notice";
import { MAX_PAGE, mawbTerm } from "~/components/shipments/shipment-list-query";
import { canAccess } from "~/lib/access/can-access";
import type { AccessContext } from "~/lib/access/types";
import { verifyCsrf } from "~/lib/auth/csrf.server";
import { requirePage } from "~/lib/auth/require-page.server";
import { bookingRefusalKey } from "~/lib/bookings/booking-refusals";
import { failureStatus } from "~/lib/upstream/errors";
import { BUILT_ROUTES } from "~/lib/built-routes";
import { PER_PAGE } from "~/lib/forms/list-url";
import { notFound } from "~/lib/http/not-found.server";
import { redirectWithNotice } from "~/lib/notices/redirect-with-notice.server";
import { answerBooking, bookFromFfr, cancelBooking, isCancellable, isOpenRequest, listBookings } from "~/lib/upstream/bookings.server";
import { FfrBookingForm, type FfrReply } from "~/components/bookings/ffr-booking-form";
import { fieldRefusalMessages, refusalMessage, wholeRefusalMessage } from "~/lib/upstream/refusal-message";
import { failureResponse } from "~/lib/upstream/failure-response.server";
import { readPage } from "~/lib/forms/list-url";

// Bookings (spec 1 §6 "Bookings": platform; airline Default/Manager/ComCor; forwarder Default): a forwarder's bookings
// and their statuses, which it may cancel; an airline's requests to answer, KK at once or UU with a reason (issue 10).

const ROUTE = "/dashboard/bookings";
const MAX_REASON = 500;
/** A booking id as the API takes it (api/http/input.ts Id): a positive int32, else no booking at all. */
const bookingId = (value: unknown): number | null => {
  const n = typeof value === "string" && /^\d{1,10}$/.test(value.trim()) ? Number(value) : NaN;
  return Number.isInteger(n) && n > 0 && n <= INT32_MAX ? n : null;
};

export const handle = { i18n: ["shipments", "awb", "common", "errors"] };
export const meta = pageMeta;

/** The airline side answers requests (the API's PATCH bookings: platform and the airline's sales desk). */
const answers = (access: AccessContext) => access.user?.type === "platform" || access.user?.type === "airline";
/** The forwarder cancels its own bookings. */
const cancels = (access: AccessContext) => access.user?.type === "forwarder";
/** Who books (the API's BOOKINGS_ACCESS.book): the forwarder, platform, and the airline's sales desk. */
const booksByFfr = (access: AccessContext) =>
  access.user?.type === "forwarder" || access.user?.type === "platform" || (access.user?.type === "airline" && ["manager", "operator", "com_cor"].includes(access.user.role ?? ""));
/** A booking request's text: a few lines; a pasted file of megabytes is refused before it is sent. */
const MAX_FFR = 20_000;

function readQuery(request: Request, access: AccessContext) {
  const params = new URL(request.url).searchParams;
  const viewValue = params.get("view") ?? "";
  // the airline opens on what waits for its answer; a forwarder on all of its bookings
  const view: BookingView = (BOOKING_VIEWS as readonly string[]).includes(viewValue) ? (viewValue as BookingView) : answers(access) ? "requests" : "all";
  const statusValue = (params.get("status") ?? "").toUpperCase();
  const status = isBookingStatus(statusValue) ? statusValue : undefined;
  const mawb = (params.get("mawb") ?? "").trim().slice(0, 40);
  const term = mawb ? mawbTerm(mawb) : null;
  const pageValue = readPage(params.get("page"));
  return {
    view,
    status,
    mawb,
    digits: term?.replace(/\D/g, ""),
    mawbError: mawb && !term ? "filterErrors.mawb" : null,
    // the shipments list's cap (the API pages no deeper than 10 000 rows): a deeper page shows the last one and says why
    page: Math.min(pageValue, MAX_PAGE),
    pageCapped: pageValue > MAX_PAGE,
    answer: bookingId(params.get("answer")),
  };
}

export async function loader(args: LoaderFunctionArgs) {
  const { user, pageTitle } = await requirePage(args, ROUTE);
  const q = readQuery(args.request, user.access);
  const filters = { view: q.view, status: q.status ?? "", mawb: q.mawb };
  const canOpen = BUILT_ROUTES.has("/dashboard/shipments/:mawb") && canAccess("/dashboard/shipments/:mawb", user.access);
  const ffr = booksByFfr(user.access);
  if (q.mawbError) return json({ pageTitle, filters, mawbError: q.mawbError, rows: [] as BookingListRow[], meta: null, canOpen, answering: null, pageCapped: false, booksByFfr: ffr });

  const list = await listBookings(user.api, { page: q.page, per_page: PER_PAGE, status: q.status, requests: q.view === "requests" || undefined, mawb: q.digits });
  if (!list.ok) throw failureResponse(list);
  const rows: BookingListRow[] = list.data.data.map((b) => ({
    id: b.id,
    mawb: b.mawb,
    number_with_date: b.number_with_date,
    origin_iata: b.origin_iata,
    destination_iata: b.destination_iata,
    pieces: b.pieces,
    weight: b.weight,
    volume: b.volume,
    shcs: b.shcs,
    forwarder_short_name: b.forwarder_short_name,
    response_status: b.response_status,
    response_reason: b.response_reason,
    canAnswer: answers(user.access) && isOpenRequest(b),
    canCancel: cancels(user.access) && isCancellable(b),
  }));
  const { meta } = list.data;
  return json({
    pageTitle,
    filters,
    mawbError: null,
    rows,
    meta: { current_page: Number(meta.current_page), total_pages: Number(meta.total_pages), total_count: Number(meta.total_count) },
    canOpen,
    // the answer dialog's booking: one of this page's open requests
    answering: rows.find((r) => r.id === q.answer && r.canAnswer) ?? null,
    pageCapped: q.pageCapped,
    booksByFfr: ffr,
  });
}

export async function action(args: ActionFunctionArgs) {
  const { user } = await requirePage(args, ROUTE);
  const form = await args.request.formData();
  verifyCsrf(user.session, form);
  // back to the list as it was (filters, page), without the dialog and the index marker
  const back = new URL(args.request.url);
  for (const name of ["answer", "index", "_data"]) back.searchParams.delete(name);
  const listUrl = `${back.pathname}${back.search}`;
  const text = (name: string) => (typeof form.get(name) === "string" ? (form.get(name) as string).trim() : "");
  if (form.get("intent") === "ffr") {
    if (!booksByFfr(user.access)) throw notFound();
    const raw = typeof form.get("cimp_text") === "string" ? (form.get("cimp_text") as string) : "";
    const reply: FfrReply = { intent: "ffr", cimp_text: raw, consignor_certified: form.get("consignor_certified") === "on", errors: {} };
    if (!raw.trim()) reply.errors.cimp_text = ["errors:refusal.blank"];
    else if (raw.length > MAX_FFR) reply.errors.cimp_text = [`errors:refusal.too_long?max=${MAX_FFR}`];
    if (reply.errors.cimp_text) return json(reply, { status: 400 });
    const result = await bookFromFfr(user.api, { cimp_text: raw, consignor_certified: reply.consignor_certified });
    if (!result.ok) {
      const fields = fieldRefusalMessages(result);
      if (fields.cimp_text) reply.errors.cimp_text = fields.cimp_text;
      else reply.errors.form = [wholeRefusalMessage(result) ?? bookingRefusalKey(result)];
      return json(reply, { status: failureStatus(result) });
    }
    reply.result = {
      booked: result.data.data.map((b) => ({ number_with_date: b.number_with_date, origin_iata: b.origin_iata, destination_iata: b.destination_iata, response_status: b.response_status })),
      refused: result.data.refused.map((r) => ({ flight: r.flight, message: refusalMessage({ code: r.code, params: {} }) })),
      ffa: result.data.ffa,
    };
    return json(reply);
  }

  const id = bookingId(form.get("id"));
  if (id === null) throw notFound();

  if (form.get("intent") === "cancel") {
    if (!cancels(user.access)) throw notFound();
    const result = await cancelBooking(user.api, id);
    if (!result.ok) {
      if (result.code === "NotFound") throw failureResponse(result);
      return redirectWithNotice(listUrl, user, { kind: "error", key: result.status === 422 ? "shipments:notices.bookingNotCancelled" : `errors:${result.code}` });
    }
    return redirectWithNotice(listUrl, user, { kind: "success", key: "shipments:notices.bookingCancelled", params: { mawb: result.data.mawb, flight: result.data.number_with_date } });
  }

  if (form.get("intent") !== "answer" || !answers(user.access)) throw notFound();
  const reply: AnswerReply = { intent: "answer", id, status: text("status").toUpperCase(), response_reason: text("response_reason"), errors: {} };
  if (reply.status !== "KK" && reply.status !== "UU") reply.errors.status = "bookings.errors.status";
  if (reply.status === "UU" && !reply.response_reason) reply.errors.response_reason = "bookings.errors.reasonRequired";
  if (reply.response_reason.length > MAX_REASON) reply.errors.response_reason = "bookings.errors.reasonTooLong";
  if (Object.keys(reply.errors).length) return json(reply, { status: 400 });

  const result = await answerBooking(user.api, { id, status: reply.status as "KK" | "UU", response_reason: reply.response_reason || undefined });
  if (!result.ok) {
    if (result.code === "NotFound") throw failureResponse(result);
    // the API's refusal in the user's words: no room on the flight beside the answer, anything else above the form
    const key = bookingRefusalKey(result);
    if (key === "shipments:bookings.errors.noSpace") reply.errors.status = key;
    else reply.errors.form = [key];
    return json(reply, { status: failureStatus(result) });
  }
  return redirectWithNotice(listUrl, user, {
    kind: "success",
    key: "shipments:notices.answered",
    params: { mawb: result.data.mawb, flight: result.data.number_with_date, status: result.data.response_status },
  });
}

export default function BookingsPage() {
  const data = useLoaderData<typeof loader>();
  const replied = useActionData<typeof action>() ?? null;
  const reply = replied && replied.intent === "answer" ? replied : null;
  const ffr = replied && replied.intent === "ffr" ? (replied as FfrReply) : null;
  const { closeHref } = useDialogLinks(["answer"]);
  // a refused answer keeps its dialog open with what was typed, even when it was the row's one-click KK
  const answering = reply ? (data.rows.find((r) => r.id === reply.id) ?? data.answering) : data.answering;
  return (
    <Stack gap="md">
      <PageHeader title={data.pageTitle} />
      <BookingsFiltersForm filters={data.filters} mawbError={data.mawbError} />
      <BookingsTable rows={data.rows} meta={data.meta ?? undefined} canOpen={data.canOpen} />
      <DeepPageNotice maxRows={MAX_PAGE * PER_PAGE} totalCount={data.meta?.total_count ?? null} pageCapped={data.pageCapped} />
      {answering ? <AnswerDialog booking={answering} reply={reply} closeHref={closeHref} /> : null}
      {data.booksByFfr ? <FfrBookingForm reply={ffr} /> : null}
    </Stack>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
