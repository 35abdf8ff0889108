import { and, eq } from "drizzle-orm";
import { isDeepStrictEqual } from "node:util";
import { shipmentAllows, shipmentState } from "../../cargo/awb/shipment-state";
import type { FhlHouseWaybill, FhlMessage } from "../../cargo/telegrams/cimp/fhl";
import { shipmentFacts } from "../air-waybills/shipment-state";
import { refreshWarnings } from "../air-waybills/warnings";
import { asDb, type Tx } from "../bookings/space";
import { airWaybills, houseWaybills } from "../db/schema";
import { diff, writeChangeLog } from "../flights/common";
import { refusalOfIssue } from "../http/zod-refusals";
import { HouseWaybillFields, MAX_HOUSES } from "../house-waybills/schemas";
import { checkAirports } from "../settings/common";
import { partyOf } from "./fwb-waybill";
import type { ProcessingNote, ProcessingOutcome } from "./processing-note";

/**
 * An FHL applied to the master it names (issue 23): each house it lists is added under the master, or changed when
 * the master already has that serial number, by the rules of the house form (HouseWaybillFields: serial, pieces,
 * weight, goods, named shipper and consignee; airports known) and only while the master may be edited (its state
 * graph, as for a person). A house the telegram does not list is left as it is: an FHL may carry only some of them.
 * A house the rules refuse is named with its field and reason; the others are applied. A repeat changes nothing.
 */

type Telegram = { carrier: string; sender: string | null; received: Date };
type HouseRow = typeof houseWaybills.$inferSelect;

const RECORD = "HouseWaybill";

/** The house form's input an FHL house stands for; the form's schema then says what it refuses. */
const inputOf = (h: FhlHouseWaybill, master: { origin_iata: string; destination_iata: string }) => ({
  serial_number: h.serial_number,
  origin_iata: h.origin_iata ?? master.origin_iata,
  destination_iata: h.destination_iata ?? master.destination_iata,
  pieces: h.pieces,
  weight: h.weight,
  weight_code: h.weight_code,
  manifest_description_of_goods: h.manifest_description_of_goods,
  shcs: h.shcs,
  free_text: h.free_text,
  shipper: partyOf(h.shipper) ?? undefined,
  consignee: partyOf(h.consignee) ?? undefined,
  hs_codes: h.hs_codes,
});

export async function applyHouseMessage(tx: Tx, telegram: Telegram, message: FhlMessage, at: Date): Promise<ProcessingOutcome> {
  const [master] = await tx
    .select()
    .from(airWaybills)
    .where(and(eq(airWaybills.mawb, message.mawb), eq(airWaybills.carrier, telegram.carrier)))
    .for("update");
  if (!master) return { status: "rejected", notes: [{ code: "telegram_awb_not_found", params: { mawb: message.mawb } }] };
  const facts = await shipmentFacts(tx, master);
  if (!shipmentAllows(facts, "edit")) return { status: "rejected", notes: [{ code: "telegram_awb_state_forbids", params: { mawb: master.mawb, state: shipmentState(facts) } }] };

  const actor = { user: { email: telegram.sender ?? "telegram" } };
  const existing = await tx.select().from(houseWaybills).where(eq(houseWaybills.air_waybill_id, master.id));
  const bySerial = new Map(existing.map((h) => [h.serial_number, h]));
  let houses = existing.length;
  const notes: ProcessingNote[] = [];
  let refused = false;

  for (const house of message.house_waybills) {
    const serial = house.serial_number;
    const read = HouseWaybillFields.safeParse(inputOf(house, master));
    if (!read.success) {
      refused = true;
      for (const issue of read.error.issues.slice(0, 5)) {
        const refusal = refusalOfIssue(issue);
        notes.push({ code: "telegram_house_refused", params: { ...refusal.params, serial, field: String(issue.path[0] ?? "base"), reason: refusal.code } });
      }
      continue;
    }
    const values = read.data;
    const airports = await checkAirports(asDb(tx), { origin_iata: values.origin_iata, destination_iata: values.destination_iata });
    if (Object.keys(airports).length) {
      refused = true;
      for (const [field, list] of Object.entries(airports)) for (const e of list) notes.push({ code: "telegram_house_refused", params: { ...(typeof e === "string" ? {} : (e.params as Record<string, string>)), serial, field, reason: typeof e === "string" ? e : e.code } });
      continue;
    }
    const current = bySerial.get(serial);
    if (current) {
      const changed = (Object.keys(values) as Array<keyof typeof values>).filter((k) => values[k] !== undefined && !isDeepStrictEqual(current[k as keyof HouseRow] ?? null, values[k] ?? null));
      if (!changed.length) {
        notes.push({ code: "telegram_house_unchanged", params: { serial } });
        continue;
      }
      const set = { ...Object.fromEntries(changed.map((k) => [k, values[k]])), updated_at: at };
      await tx.update(houseWaybills).set(set).where(eq(houseWaybills.id, current.id));
      await writeChangeLog(tx, actor, { carrier: master.carrier, record_type: RECORD, record_id: current.id, action: "fhl", change_set: diff(current as unknown as Record<string, unknown>, set) });
      notes.push({ code: "telegram_house_updated", params: { serial, fields: changed.join(", ") } });
      continue;
    }
    if (houses >= MAX_HOUSES) {
      refused = true;
      notes.push({ code: "telegram_houses_limit", params: { serial, max: MAX_HOUSES } });
      continue;
    }
    const [row] = await tx
      .insert(houseWaybills)
      .values({ ...values, origin_iata: values.origin_iata!, destination_iata: values.destination_iata!, air_waybill_id: master.id, mawb: master.mawb, created_at: at, updated_at: at })
      .returning();
    houses += 1;
    bySerial.set(serial, row!);
    await writeChangeLog(tx, actor, { carrier: master.carrier, record_type: RECORD, record_id: row!.id, action: "create", change_set: diff(null, row as unknown as Record<string, unknown>) });
    notes.push({ code: "telegram_house_added", params: { serial } });
  }
  await refreshWarnings(tx, master.id, at);
  return { status: refused ? "rejected" : "processed", notes };
}
