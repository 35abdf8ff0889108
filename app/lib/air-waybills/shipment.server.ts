import { z } from "zod";
import { checkAwbNumber } from "../../../cargo";
import type { SignedInUser } from "../auth/guard.server";
import { notFound } from "../http/not-found.server";
import { getAirWaybill, STATE_ACTIONS, type AirWaybill } from "../upstream/air-waybills.server";
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

/**
 * The shipment page's posted `intent`: a state action or "charter"; null for anything else. Here, not in the route
 * module: STATE_ACTIONS lives in a .server module, which the browser bundle replaces with an empty one, so a schema
 * built from it at the route module's top level threw when the page's code loaded in the browser.
 */
const Intent = z.enum([...STATE_ACTIONS, "charter"]);
export const shipmentIntentOf = (value: unknown) => {
  const parsed = Intent.safeParse(value);
  return parsed.success ? parsed.data : null;
};
