import type { AppLoadContext } from "@remix-run/node";
import { checkAwbNumber } from "../../../cargo";
import { tenantHasFeature } from "../access/can-access";
import { notFound } from "../http/not-found.server";
import { trackShipment, type TrackedShipment } from "../upstream/tracking.server";
import { failureStatus } from "~/lib/upstream/errors";

/**
 * What the public tracking page shows for `?awb=`: nothing asked yet, the shipment, or one translated reason beside the
 * number field. The page exists on the platform's own site (every airline's numbers) and on the airlines of spec 1 §6's
 * tracking list (their own numbers); elsewhere it is not found.
 */
export type TrackLookup =
  | { status: 200; awb: string; shipment: TrackedShipment | null; error: null }
  | { status: number; awb: string; shipment: null; error: string };

/** The longest text the number field takes: an AWB number with spaces and hyphens is 14 characters. */
const AWB_INPUT_MAX = 20;

/** Whether this site offers public tracking (the sign-in page links to it where it does). */
export function hasTrackingPage({ tenant, config }: Pick<AppLoadContext, "tenant" | "config">): boolean {
  return tenant.code === "default" || tenantHasFeature({ tenant, lists: config.airlineLists }, "tracking");
}

export function requireTrackingSite(context: AppLoadContext): void {
  if (!hasTrackingPage(context)) throw notFound();
}

export async function lookUp(request: Request, context: AppLoadContext): Promise<TrackLookup> {
  const awb = (new URL(request.url).searchParams.get("awb") ?? "").slice(0, AWB_INPUT_MAX).trim();
  if (!awb) return { status: 200, awb, shipment: null, error: null };
  const check = checkAwbNumber(awb);
  if (!check.valid) return { status: 400, awb, shipment: null, error: `tracking:errors.${check.reason}` };
  const answer = await trackShipment(context.upstream, check.mawb);
  if (answer.ok) return { status: 200, awb: check.mawb, shipment: answer.data, error: null };
  if (answer.status === 404) return { status: 404, awb, shipment: null, error: "tracking:errors.notFound" };
  if (answer.status === 429) return { status: 429, awb, shipment: null, error: "tracking:errors.tooMany" };
  return { status: failureStatus(answer), awb, shipment: null, error: `errors:${answer.code}` };
}
