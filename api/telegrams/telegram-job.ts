import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { StatusMessage } from "../../cargo/telegrams/cimp/status-message";
import type { Executor } from "../jobs/queue";
import { enqueue } from "../jobs/queue";
import { jobHandler, PermanentJobError } from "../jobs/worker";
import { telegrams } from "../db/schema";
import type { FwbMessage } from "../../cargo/telegrams/cimp/fwb";
import type { MovementMessage } from "../../cargo/telegrams/ahm/mvt";
import type { ScheduleMessage } from "../../cargo/telegrams/ssim/schedule-message";
import type { SsimFile } from "../../cargo/telegrams/ssim/ssim-file";
import type { Tx } from "../bookings/space";
import { applyMovementMessage } from "./apply-movement";
import { applyScheduleMessage, applySsimFile, type TelegramContext } from "./apply-schedule";
import { applyStatusMessage } from "./apply-status";
import { applyWaybillMessage } from "./apply-waybill";
import { applyHouseMessage } from "./apply-houses";
import { applyManifestMessage } from "./apply-manifest";
import type { FfmManifest } from "../../cargo/telegrams/cimp/ffm";
import type { FhlMessage } from "../../cargo/telegrams/cimp/fhl";
import type { ProcessingOutcome } from "./processing-note";
import type { FblList } from "../../cargo/telegrams/cimp/fbl";
import type { BookingMessage } from "../../cargo/telegrams/cimp/booking-message";
import { applyBookedList } from "./apply-booked-list";
import { applyBookingRequest } from "./apply-booking-request";
import { applyBookingAnswer } from "./apply-booking-answer";

/**
 * Applying a received telegram to the records it is about (issue 23), as a job of the queue (api/jobs): the POST,
 * a correction and a restart answer at once with the telegram read, and the worker applies it after their commit.
 * One job per telegram at a time (its dedupe key); a telegram no longer waiting (applied meanwhile, corrected into a
 * broken text) is left as it is, so a job run twice applies nothing twice.
 *
 * Applied today: status messages (FSU, FSA → movements on the waybill, apply-status.ts) and the waybill (FWB →
 * the airline's waybill created or updated, apply-waybill.ts), its house waybills (FHL, apply-houses.ts), the
 * flight's manifest (FFM with its ULDs, apply-manifest.ts), the flight's booked list (FBL → the bookings it lists,
 * apply-booked-list.ts), booking requests and answers (FFR → booked and answered with an FFA, apply-booking-request.ts;
 * FFA → the bookings' response status, apply-booking-answer.ts), schedules (an SSIM file, ASM and SSM → the airline's
 * flights, apply-schedule.ts) and movements (MVT → actual times, apply-movement.ts). The other types are read and
 * kept, and wait as "queued" until their processing is built: they are not enqueued.
 */
export const TELEGRAM_JOB = "telegram";

/** What the applier knows of the telegram: whose it is, who sent it, when it arrived, and the job's clock. */
type Telegram = TelegramContext;

/** How a type is applied: the shape its stored model must have (the codec wrote it; a row edited by hand may not), and the applier. */
interface Applying {
  model: z.ZodType;
  apply(tx: Tx, telegram: Telegram, message: unknown, at: Date): Promise<ProcessingOutcome>;
}

const statusUpdate: Applying = {
  model: z.object({ mawb: z.string(), movements: z.array(z.object({ status_code: z.string(), location_iata: z.string() }).passthrough()) }).passthrough(),
  apply: (tx, telegram, message) => applyStatusMessage(tx, telegram, message as StatusMessage),
};

const waybill: Applying = {
  model: z
    .object({
      mawb: z.string(),
      origin_iata: z.string(),
      destination_iata: z.string(),
      pieces: z.number(),
      weight: z.number(),
      rating: z.array(z.object({}).passthrough()),
      routing: z.array(z.object({ airport_iata: z.string() }).passthrough()),
      dimensions: z.array(z.object({}).passthrough()),
      other_charges: z.array(z.object({}).passthrough()),
      totals: z.object({}).passthrough(),
      accounting_information: z.array(z.object({}).passthrough()),
      special_service_requests: z.array(z.string()),
      shcs: z.array(z.string()),
      hs_codes: z.array(z.string()),
    })
    .passthrough(),
  apply: (tx, telegram, message, at) => applyWaybillMessage(tx, telegram, message as FwbMessage, at),
};

const houses: Applying = {
  model: z.object({ mawb: z.string(), house_waybills: z.array(z.object({ serial_number: z.string(), shcs: z.array(z.string()), hs_codes: z.array(z.string()) }).passthrough()) }).passthrough(),
  apply: (tx, telegram, message, at) => applyHouseMessage(tx, telegram, message as FhlMessage, at),
};

const shipment = z.object({ mawb: z.string(), pieces: z.number(), weight: z.number() }).passthrough();
const manifest: Applying = {
  model: z
    .object({
      carrier: z.string(),
      flight_number: z.string(),
      flight_day: z.string(),
      origin_iata: z.string(),
      points: z.array(z.object({ bulk: z.array(shipment), ulds: z.array(z.object({ items: z.array(shipment) }).passthrough()) }).passthrough()),
    })
    .passthrough(),
  apply: (tx, telegram, message, at) => applyManifestMessage(tx, telegram, message as FfmManifest, at),
};

const bookedList: Applying = {
  model: z
    .object({ carrier: z.string(), flight_number: z.string(), flight_day: z.string(), origin_iata: z.string(), points: z.array(z.object({ bookings: z.array(shipment) }).passthrough()) })
    .passthrough(),
  apply: (tx, telegram, message, at) => applyBookedList(tx, telegram, message as FblList, at),
};

/** FFR and FFA: the shipment and each flight asked for or answered. */
const bookingMessage = z
  .object({
    mawb: z.string(),
    pieces: z.number(),
    weight: z.number(),
    shcs: z.array(z.string()),
    bookings: z.array(z.object({ flight_number: z.string(), flight_day: z.object({ day: z.number(), month: z.number() }), origin_iata: z.string() }).passthrough()),
  })
  .passthrough();

const scheduleMessage = (kind: "ASM" | "SSM"): Applying => ({
  model: z.object({ time_mode: z.enum(["utc", "local"]), actions: z.array(z.object({ action: z.string(), flights: z.array(z.object({ carrier: z.string(), number: z.string(), dates: z.array(z.string()) }).passthrough()) }).passthrough()) }).passthrough(),
  apply: (tx, telegram, message) => applyScheduleMessage(tx, telegram, kind, message as ScheduleMessage),
});

const APPLIERS: Record<string, Applying> = {
  FSU: statusUpdate,
  FSA: statusUpdate,
  FWB: waybill,
  FHL: houses,
  FFM: manifest,
  FBL: bookedList,
  FFR: { model: bookingMessage, apply: (tx, telegram, message, at) => applyBookingRequest(tx, telegram, message as BookingMessage, at) },
  FFA: { model: bookingMessage, apply: (tx, telegram, message, at) => applyBookingAnswer(tx, telegram, message as BookingMessage, at) },
  SSIM: {
    model: z.object({ legs: z.array(z.object({ carrier: z.string(), number: z.string(), period_from: z.string(), days_of_week: z.string() }).passthrough()) }).passthrough(),
    apply: (tx, telegram, message) => applySsimFile(tx, telegram, message as SsimFile),
  },
  ASM: scheduleMessage("ASM"),
  SSM: scheduleMessage("SSM"),
  MVT: {
    model: z.object({ carrier: z.string(), number: z.string(), day: z.number().int(), station: z.string() }).passthrough(),
    apply: (tx, telegram, message) => applyMovementMessage(tx, telegram, message as MovementMessage),
  },
};

/** Whether telegrams of this type are applied (and so enqueued once read). */
export const isApplied = (messageType: string | null): boolean => messageType !== null && messageType in APPLIERS;

/** Queues a read telegram for applying, inside the transaction that stored it; nothing for a type not applied or a text that failed. */
export async function enqueueTelegram(tx: Executor, telegram: { id: number; message_type: string | null; processing_status: string }, now: Date): Promise<void> {
  if (telegram.processing_status !== "pending" || !isApplied(telegram.message_type)) return;
  await enqueue(tx, { kind: TELEGRAM_JOB, payload: { id: telegram.id }, dedupeKey: `telegram:${telegram.id}`, owner: { table: "telegrams", id: telegram.id } }, now);
}

/**
 * One attempt's limit: an SSIM file at its limits (20 000 dated flights) is applied in about 25 s on the embedded
 * PGlite of a 2-core machine (README "SSIM and AHM"); a slower day must not cut it off and retry beside itself.
 */
const TELEGRAM_JOB_TIMEOUT_MS = 180_000;

export const telegramJob = () =>
  jobHandler({
    timeoutMs: TELEGRAM_JOB_TIMEOUT_MS,
    payload: z.object({ id: z.number().int().positive() }),
    async run({ id }, { db, now, job }) {
      try {
        await db.transaction(async (tx) => {
          const [row] = await tx.select().from(telegrams).where(eq(telegrams.id, id)).for("update");
          if (!row) throw new PermanentJobError(`telegram ${id} no longer exists`);
          const applying = row.message_type ? APPLIERS[row.message_type] : undefined;
          if (row.processing_status !== "pending" || !applying || !row.parsed_content) return;
          if (!applying.model.safeParse(row.parsed_content).success) throw new PermanentJobError(`telegram ${id}: its stored model is not a ${row.message_type}`);
          const at = now();
          const outcome = await applying.apply(tx, { id: row.id, carrier: row.carrier, sender: row.sender, received: row.created_at, now: at }, row.parsed_content, at);
          const about = outcome.segment_id === undefined ? {} : { segment_id: outcome.segment_id };
          await tx.update(telegrams).set({ processing_status: outcome.status, processing_notes: outcome.notes, processed_at: at, updated_at: at, ...about }).where(eq(telegrams.id, id));
        });
      } catch (error) {
        // the last attempt (or one that cannot succeed): the telegram says its processing failed, and may be restarted
        if (error instanceof PermanentJobError || job.attempts >= job.max_attempts) {
          const at = now();
          await db
            .update(telegrams)
            .set({ processing_status: "failed", processing_notes: [{ code: "telegram_processing_error" }], processed_at: at, updated_at: at })
            .where(and(eq(telegrams.id, id), eq(telegrams.processing_status, "pending")));
        }
        throw error;
      }
    },
  });
