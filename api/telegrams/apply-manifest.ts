import { and, eq } from "drizzle-orm";
import { flightNumberWithDate } from "../../cargo/telegrams/cimp/flight-line";
import type { FfmManifest } from "../../cargo/telegrams/cimp/ffm";
import type { ManifestItem } from "../../cargo/telegrams/cimp/manifest-lines";
import { localDateAt } from "../../cargo/telegrams/cimp/status-instant";
import { assertShipmentAllows } from "../air-waybills/shipment-state";
import { asDb, type Tx } from "../bookings/space";
import { preManifestItems, segments } from "../db/schema";
import { airportInfo } from "../flights/common";
import { assertNotDeparted, waybillOnFlight } from "../handling/access";
import { checkPieces, putOnManifest } from "../handling/pre-manifest";
import { DEFAULT_MANIFEST_PRIORITY } from "../db/tables/handling";
import { HttpError, refusalCodeOf, refusalOf } from "../http/errors";
import { kgOf, m3Of } from "./fwb-waybill";
import type { ProcessingNote, ProcessingOutcome } from "./processing-note";

/**
 * An FFM (one part of it) applied to the airline's flight (issue 23): each shipment it lists goes on the flight's
 * manifest as the Build-Up tab puts it there (api/handling/pre-manifest.ts: booked on or received for the flight,
 * the shipment's state allowing it, no more pieces than the waybill has, a MAN movement), or has its pieces, weight
 * and volume corrected when it is on it already. A departed or cancelled flight's manifest is its record and is not
 * changed. A shipment the rules refuse (not booked on the flight, too many pieces, its state) is named with the
 * refusal's code; the others are applied. A part applied twice changes nothing; each part of a multi-part FFM is applied as it arrives.
 */

type Telegram = { carrier: string; sender: string | null; received: Date };

const shipmentsOf = (m: FfmManifest): ManifestItem[] => m.points.flatMap((p) => [...p.bulk, ...p.ulds.flatMap((u) => u.items)]);

export async function applyManifestMessage(tx: Tx, telegram: Telegram, message: FfmManifest, at: Date): Promise<ProcessingOutcome> {
  const flight = `${message.flight_number}/${message.flight_day}`;
  if (message.carrier !== telegram.carrier) return { status: "rejected", notes: [{ code: "telegram_flight_other_airline", params: { flight, carrier: telegram.carrier } }] };
  const zone = (await airportInfo(asDb(tx), [message.origin_iata])).get(message.origin_iata)?.timezone;
  const numberWithDate = zone ? flightNumberWithDate(message, localDateAt(telegram.received, zone)) : null;
  const [segment] = numberWithDate
    ? await tx
        .select()
        .from(segments)
        .where(and(eq(segments.carrier, telegram.carrier), eq(segments.number_with_date, numberWithDate), eq(segments.origin_iata, message.origin_iata)))
        .for("update")
    : [];
  if (!segment) return { status: "rejected", notes: [{ code: "telegram_flight_not_found", params: { flight, origin: message.origin_iata } }] };
  try {
    assertNotDeparted(segment);
  } catch (error) {
    if (error instanceof HttpError) return { status: "rejected", notes: [{ code: "telegram_manifest_closed", params: { flight: segment.number_with_date, reason: refusalCodeOf(error) } }] };
    throw error;
  }

  const actor = { user: { email: telegram.sender ?? "telegram" } };
  const notes: ProcessingNote[] = [];
  let refused = false;
  for (const item of shipmentsOf(message)) {
    const mawb = item.mawb;
    const figures = { pieces: item.pieces, weight: kgOf(item.weight_code, item.weight), volume: item.volume === null ? null : m3Of(item.volume_code, item.volume) };
    try {
      const awb = await waybillOnFlight(tx, segment, mawb);
      checkPieces(awb, figures.pieces);
      const [current] = await tx
        .select()
        .from(preManifestItems)
        .where(and(eq(preManifestItems.segment_id, segment.id), eq(preManifestItems.air_waybill_id, awb.id)));
      if (!current) {
        await assertShipmentAllows(tx, awb, "manifest");
        await putOnManifest(tx, actor, segment, awb, { pieces: figures.pieces, weight: figures.weight, volume: figures.volume ?? awb.volume, priority: DEFAULT_MANIFEST_PRIORITY }, at);
        notes.push({ code: "telegram_manifest_added", params: { mawb, pieces: figures.pieces } });
        continue;
      }
      const next = { pieces: figures.pieces, weight: figures.weight, volume: figures.volume ?? current.volume };
      if (next.pieces === current.pieces && next.weight === current.weight && next.volume === current.volume) {
        notes.push({ code: "telegram_manifest_unchanged", params: { mawb } });
        continue;
      }
      await tx
        .update(preManifestItems)
        .set({ ...next, part_code: next.pieces < awb.pieces ? "P" : "T", updated_at: at })
        .where(eq(preManifestItems.id, current.id));
      notes.push({ code: "telegram_manifest_changed", params: { mawb, pieces: next.pieces } });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      refused = true;
      const refusal = refusalOf(error);
      notes.push({ code: "telegram_manifest_refused", params: { ...(refusal.params as Record<string, string | number>), mawb, reason: refusal.code } });
    }
  }
  return { status: refused ? "rejected" : "processed", notes };
}
