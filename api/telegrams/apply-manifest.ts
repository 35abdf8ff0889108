import { and, eq } from "drizzle-orm";
import type { FfmManifest } from "../../cargo/telegrams/cimp/ffm";
import type { ManifestItem } from "../../cargo/telegrams/cimp/manifest-lines";
import { assertShipmentAllows } from "../air-waybills/shipment-state";
import type { Tx } from "../bookings/space";
import { awbMovements, preManifestItems } from "../db/schema";
import { assertNotDeparted, waybillOnFlight } from "../handling/access";
import { checkPieces, putOnManifest } from "../handling/pre-manifest";
import { DEFAULT_MANIFEST_PRIORITY } from "../db/tables/handling";
import { HttpError, refusalCodeOf, refusalOf } from "../http/errors";
import { kgOf, m3Of } from "./fwb-waybill";
import type { ProcessingNote, ProcessingOutcome } from "./processing-note";
import { telegramFlight } from "./telegram-flight";

/**
 * An FFM (one part of it) applied to the airline's flight (issue 23): each shipment it lists goes on the flight's
 * manifest as the Build-Up tab puts it there (api/handling/pre-manifest.ts: booked on or received for the flight,
 * the shipment's state allowing it, no more pieces than the waybill has, a MAN movement), or has its pieces, weight,
 * volume and ULD corrected when it is on it already. A shipment loaded in a ULD has that ULD ("AKE12345S7") on its MAN
 * movement (awb_movements.uld), where the flight's own FFM and UWS read it (api/flights/segment-messages.ts); a bulk
 * one has none. A departed or cancelled flight's manifest is its record and is not changed. A shipment the rules
 * refuse (not booked on the flight, too many pieces, its state) is named with the refusal's code; the others are
 * applied. A part applied twice changes nothing; each part of a multi-part FFM is applied as it arrives.
 */

type Telegram = { carrier: string; sender: string | null; received: Date };

/** Every shipment of the part with the ULD it is loaded in (null: bulk). */
const shipmentsOf = (m: FfmManifest): Array<{ item: ManifestItem; uld: string | null }> =>
  m.points.flatMap((p) => [...p.bulk.map((item) => ({ item, uld: null })), ...p.ulds.flatMap((u) => u.items.map((item) => ({ item, uld: u.uld_number })))]);

export async function applyManifestMessage(tx: Tx, telegram: Telegram, message: FfmManifest, at: Date): Promise<ProcessingOutcome> {
  const found = await telegramFlight(tx, telegram, message);
  if ("rejected" in found) return found.rejected;
  const segment = found.segment;
  try {
    assertNotDeparted(segment);
  } catch (error) {
    if (error instanceof HttpError) return { status: "rejected", notes: [{ code: "telegram_manifest_closed", params: { flight: segment.number_with_date, reason: refusalCodeOf(error) } }], segment_id: segment.id };
    throw error;
  }

  const actor = { user: { email: telegram.sender ?? "telegram" } };
  const notes: ProcessingNote[] = [];
  let refused = false;
  for (const { item, uld } of shipmentsOf(message)) {
    const mawb = item.mawb;
    const figures = { pieces: item.pieces, weight: kgOf(item.weight_code, item.weight), volume: item.volume === null ? null : m3Of(item.volume_code, item.volume) };
    try {
      const awb = await waybillOnFlight(tx, segment, mawb);
      checkPieces(awb, figures.pieces);
      const [current] = await tx
        .select({ item: preManifestItems, uld: awbMovements.uld })
        .from(preManifestItems)
        .leftJoin(awbMovements, eq(awbMovements.id, preManifestItems.movement_id))
        .where(and(eq(preManifestItems.segment_id, segment.id), eq(preManifestItems.air_waybill_id, awb.id)));
      if (!current) {
        await assertShipmentAllows(tx, awb, "manifest");
        await putOnManifest(tx, actor, segment, awb, { pieces: figures.pieces, weight: figures.weight, volume: figures.volume ?? awb.volume, priority: DEFAULT_MANIFEST_PRIORITY, uld }, at);
        notes.push({ code: "telegram_manifest_added", params: { mawb, pieces: figures.pieces, uld: uld ?? "BULK" } });
        continue;
      }
      const was = current.item;
      const next = { pieces: figures.pieces, weight: figures.weight, volume: figures.volume ?? was.volume };
      const sameUld = (current.uld ?? null) === uld;
      if (next.pieces === was.pieces && next.weight === was.weight && next.volume === was.volume && sameUld) {
        notes.push({ code: "telegram_manifest_unchanged", params: { mawb } });
        continue;
      }
      await tx
        .update(preManifestItems)
        .set({ ...next, part_code: next.pieces < awb.pieces ? "P" : "T", updated_at: at })
        .where(eq(preManifestItems.id, was.id));
      // the ULD is where the MAN movement says the shipment is loaded: corrected on it, as the FFM corrects the load
      if (!sameUld && was.movement_id) await tx.update(awbMovements).set({ uld }).where(eq(awbMovements.id, was.movement_id));
      notes.push({ code: "telegram_manifest_changed", params: { mawb, pieces: next.pieces, uld: uld ?? "BULK" } });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      refused = true;
      const refusal = refusalOf(error);
      notes.push({ code: "telegram_manifest_refused", params: { ...(refusal.params as Record<string, string | number>), mawb, reason: refusal.code } });
    }
  }
  // the telegram is the flight's: its page's Incoming messages tab lists it
  return { status: refused ? "rejected" : "processed", notes, segment_id: segment.id };
}
