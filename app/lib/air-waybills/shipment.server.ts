import { checkAwbNumber } from "../../../cargo";
import type { SignedInUser } from "../auth/guard.server";
import { notFound } from "../http/not-found.server";
import { getAirWaybill, type AirWaybill } from "../upstream/air-waybills.server";
import { failureResponse } from "../upstream/failure-response.server";

/** The number in the address in its written form; anything that is not one is the not-found page (no upstream call). */
export function mawbParam(value: string | undefined): string {
  const check = checkAwbNumber(value ?? "");
  if (!check.valid) throw notFound();
  return check.mawb;
}

/** The waybill, or the not-found page (another company's number looks exactly like a missing one). */
export async function loadAirWaybill(user: SignedInUser, mawb: string): Promise<AirWaybill> {
  const found = await getAirWaybill(user.api, mawb);
  if (!found.ok) throw failureResponse(found);
  return found.data;
}
