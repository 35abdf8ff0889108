import { and, eq, type SQL } from "drizzle-orm";
import { checkAwbNumber } from "../../cargo";
import { shipmentAllows, type ShipmentAction, type ShipmentFacts } from "../../cargo/awb/shipment-state";
import type { AuthContext } from "../auth/authenticate";
import type { Db } from "../db/open";
import { airWaybills } from "../db/schema";
import { notFound } from "../http/errors";
import { allow, isForwarder, isPlatform, may, scopeCarrier, type Who } from "../settings/access";

// Who may read, change and act on air waybills (spec 1 §6 "Shipment detail ...",
// spec 2 §6 "an airline resolves void requests"), and the tenancy scope every waybill query uses: a forwarder sees
// its own company's waybills (on an airline's host only that airline's), an airline those under its prefix, platform
// all or the host's airline. A waybill outside the scope is "not found", never "forbidden": the caller cannot tell
// a number in use by somebody else from a number nobody uses. Who may create one is the shared rule AWB_CREATE
// (cargo/access/rules.ts), the one the create page reads.

export type AirWaybillRow = typeof airWaybills.$inferSelect;

export const AWB_ACCESS = {
  /** Shipment detail and lists: platform; airline Default/Manager/ComCor/Billing/IcsInspector; forwarder Default. */
  read: { platform: true, airline: ["operator", "manager", "com_cor", "billing", "ics_inspector"], forwarder: ["operator"] },
  /** Issue, verify, void, deliver and their cancels; the chargeable weight override; charter marks. */
  airline: { platform: true, airline: ["operator", "manager"] },
} as const satisfies Record<string, Who>;

/** The rows the caller may see. */
export function awbScope(auth: Pick<AuthContext, "profile" | "carrier">): SQL | undefined {
  const p = auth.profile!;
  if (isForwarder(p)) return and(eq(airWaybills.forwarder_id, p.company.id), auth.carrier ? eq(airWaybills.carrier, auth.carrier) : undefined);
  const carrier = scopeCarrier(auth);
  return carrier ? eq(airWaybills.carrier, carrier) : isPlatform(p) ? undefined : eq(airWaybills.id, -1);
}

/** The number in a path, in any written form ("421-12345675", "42112345675"); anything else names no waybill (404). */
export function mawbOf(text: string): string {
  const check = checkAwbNumber(text);
  if (!check.valid) throw notFound("shipment_not_found", { mawb: text.slice(0, 20) });
  return check.mawb;
}

/** The waybill `mawb` names when the caller may read it; 404 otherwise (also for a number that is not a number). */
export async function findVisible(db: Pick<Db, "select">, auth: AuthContext, mawb: string, opts: { forUpdate?: boolean } = {}): Promise<AirWaybillRow> {
  allow(auth, AWB_ACCESS.read);
  const query = db.select().from(airWaybills).where(and(eq(airWaybills.mawb, mawb), awbScope(auth))).limit(1);
  const [row] = opts.forUpdate ? await query.for("update") : await query;
  if (!row) throw notFound("shipment_not_found", { mawb });
  return row;
}

/**
 * What the caller may do with this waybill now: the detail page's buttons and the action routes' guard. Who: the
 * airline side for the state actions, the owning forwarder for its draft; when: the shipment's state graph
 * (cargo/awb/shipment-state), from the waybill's facts (./shipment-state).
 */
export function awbActions(auth: Pick<AuthContext, "profile">, awb: AirWaybillRow, facts: ShipmentFacts) {
  const p = auth.profile;
  const airline = may(auth, AWB_ACCESS.airline);
  const owner = isForwarder(p) && may(auth, AWB_ACCESS.read) && p!.company.id === awb.forwarder_id;
  const allows = (action: ShipmentAction) => shipmentAllows(facts, action);
  return {
    edit: allows("edit") && (airline || (owner && !awb.issued_at)),
    book: allows("book") && (airline || owner),
    issue: airline && allows("issue"),
    cancel_issue: airline && allows("cancel_issue"),
    verify: airline && allows("verify"),
    cancel_verify: airline && allows("cancel_verify"),
    void: airline && allows("void"),
    cancel_void: airline && allows("cancel_void"),
    deliver: airline && allows("deliver"),
    charter: airline && allows("charter"),
  };
}
export type AwbActions = ReturnType<typeof awbActions>;
