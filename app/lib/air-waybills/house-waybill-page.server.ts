import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { INT32_MAX } from "../../../cargo/limits";
import type { SignedInUser } from "../auth/guard.server";
import { requirePage } from "../auth/require-page.server";
import { failureReply, invalid, readForm } from "../forms/settings-form.server";
import { notFound } from "../http/not-found.server";
import { redirectWithNotice } from "../notices/redirect-with-notice.server";
import { createHouseWaybill, getHouseWaybill, updateHouseWaybill } from "../upstream/house-waybills.server";
import { failureResponse } from "../upstream/failure-response.server";
import { HOUSE_FIELDS, houseWaybillInput, houseWaybillValues, HouseWaybillFormSchema } from "./house-waybill-form";
import { housesEnabled, mayEditHouses } from "./house-waybills-gate";
import { loadAirWaybill, mawbParam } from "./shipment.server";

// The server half of the house waybill pages (/dashboard/air-waybills/:mawb/house-waybills/create and /:id/edit):
// both open only on a site with house waybills and while the API says this user may change the master, and both
// come back to the shipment page with a notice once saved.

type Args = LoaderFunctionArgs | ActionFunctionArgs;

/** A house id of the address: a positive int32, else no house at all (no upstream call). */
export function houseIdParam(value: string | undefined): number {
  const n = value && /^\d{1,10}$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > INT32_MAX) throw notFound();
  return n;
}

/** The page's user and master, when houses may be changed here now; the not-found page otherwise. */
async function editableMaster(args: Args, route: string) {
  const page = await requirePage(args, route);
  const mawb = mawbParam(args.params.mawb);
  if (!housesEnabled(page.user.access)) throw notFound();
  const awb = await loadAirWaybill(page.user, mawb);
  if (!mayEditHouses(page.user.access, awb)) throw notFound();
  return { ...page, mawb, awb, back: `/dashboard/shipments/${mawb}` };
}

async function loadHouse(user: SignedInUser, mawb: string, id: number) {
  const found = await getHouseWaybill(user.api, mawb, id);
  if (!found.ok) throw failureResponse(found);
  return found.data;
}

export async function houseFormLoader(args: LoaderFunctionArgs, route: string) {
  const { user, pageTitle, mawb, awb, back } = await editableMaster(args, route);
  const house = args.params.id === undefined ? null : await loadHouse(user, mawb, houseIdParam(args.params.id));
  return json({ pageTitle, mawb, back, defaultValue: houseWaybillValues(house, awb) });
}

export async function houseFormAction(args: ActionFunctionArgs, route: string) {
  const { user, mawb, back } = await editableMaster(args, route);
  const id = args.params.id === undefined ? null : houseIdParam(args.params.id);
  const submission = await readForm(args.request, user, HouseWaybillFormSchema);
  if (submission.status !== "success") return invalid(submission);
  const input = houseWaybillInput(submission.value);
  const saved = id === null ? await createHouseWaybill(user.api, mawb, input) : await updateHouseWaybill(user.api, mawb, id, input);
  if (!saved.ok) {
    if (saved.code === "NotFound") throw failureResponse(saved);
    return failureReply(submission, saved, { fields: HOUSE_FIELDS, exists: { key: "house-waybills:errors.exists", field: "serial_number" } });
  }
  return redirectWithNotice(back, user, { kind: "success", key: id === null ? "house-waybills:notices.created" : "house-waybills:notices.updated", params: { serial: saved.data.serial_number } });
}
