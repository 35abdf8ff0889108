import { and, eq, or } from "drizzle-orm";
import { isDeepStrictEqual } from "node:util";
import { checkAwbNumber } from "../../cargo";
import { shipmentAllows, shipmentState } from "../../cargo/awb/shipment-state";
import type { FwbMessage } from "../../cargo/telegrams/cimp/fwb";
import { refreshBookingSummary } from "../air-waybills/booking-summary";
import { airlineOfCarrier, type AirlineRow } from "../air-waybills/figures";
import { allocateNumber } from "../air-waybills/numbers";
import { prepareAwb, type AwbValues } from "../air-waybills/prepare";
import { shipmentFacts } from "../air-waybills/shipment-state";
import { logAwbChange } from "../air-waybills/state-change";
import { refreshWarnings } from "../air-waybills/warnings";
import { asDb, type Tx } from "../bookings/space";
import { airWaybills, companies } from "../db/schema";
import { HttpError, refusalCodeOf } from "../http/errors";
import type { FieldErrors } from "../settings/common";
import { type FwbWaybill, waybillOfFwb } from "./fwb-waybill";
import type { ProcessingNote, ProcessingOutcome } from "./processing-note";

/**
 * An FWB applied to the airline's waybill (issue 23): the telegram is the airline's own data-capture of the paper
 * waybill, so it creates the waybill when the number is new and updates it when it exists, by the same rules as the
 * waybill form (prepare.ts: required fields, airports, SHCs, product, volume) and the same state graph (a voided
 * waybill is not edited). What a telegram cannot do that a person can: accept warnings by clicking; they are stored
 * on the waybill as the form stores accepted ones, and the list's warnings tab shows them.
 *
 * The forwarder a new waybill belongs to is the agent the telegram names (AGT: its IATA cargo agent code, else its
 * account number); a waybill already here keeps its forwarder. The same telegram applied twice changes nothing.
 */

type Waybill = typeof airWaybills.$inferSelect;
type Telegram = { carrier: string; sender: string | null; received: Date };

const refusedNotes = (errors: FieldErrors): ProcessingNote[] =>
  Object.entries(errors).flatMap(([field, list]) =>
    list.map((e) => ({ code: "telegram_field_refused", params: typeof e === "string" ? { field, reason: e } : { ...scalarParams(e.params), field, reason: e.code } })),
  );

/** A refusal's params as a note keeps them: text and numbers (a list is joined). */
const scalarParams = (params: Record<string, unknown> | undefined): Record<string, string | number> =>
  Object.fromEntries(Object.entries(params ?? {}).map(([k, v]) => [k, typeof v === "number" ? v : Array.isArray(v) ? v.join(", ") : String(v)]));

const rejected = (...notes: ProcessingNote[]): ProcessingOutcome => ({ status: "rejected", notes });

/** The forwarder the FWB's agent is: by IATA cargo agent code, else by account number. */
async function forwarderOf(tx: Tx, agent: FwbMessage["issuing_agent"]): Promise<number | null> {
  const iata = agent?.iata_code ?? null;
  const account = agent?.account_number ?? null;
  if (!iata && !account) return null;
  const named = [iata ? eq(companies.forwarder_iata_code, iata) : undefined, account ? eq(companies.account_number, account) : undefined].filter(Boolean);
  const rows = await tx
    .select({ id: companies.id, iata: companies.forwarder_iata_code })
    .from(companies)
    .where(and(eq(companies.business_type, "forwarder"), or(...named)))
    .limit(2);
  return (rows.find((r) => iata && r.iata === iata) ?? rows[0])?.id ?? null;
}

/** The fields the FWB gives that differ from the waybill's. */
function changedFields(current: Waybill, next: FwbWaybill): string[] {
  const normal = (v: unknown) => (v === undefined ? null : v);
  return (Object.keys(next) as Array<keyof FwbWaybill>).filter((k) => {
    // a telegram without a volume or density group leaves the stored ones (computed, or typed by a person)
    if ((k === "volume" || k === "density_group") && next[k] === null) return false;
    return !isDeepStrictEqual(normal(current[k as keyof Waybill]), normal(next[k]));
  });
}

async function prepare(tx: Tx, airline: AirlineRow, values: AwbValues, next: FwbWaybill, certified: boolean) {
  return prepareAwb(asDb(tx), airline, values, next.dimensions, { booking: false, certified });
}

async function updateWaybill(tx: Tx, actor: { user: { email: string } }, airline: AirlineRow, current: Waybill, next: FwbWaybill, at: Date): Promise<ProcessingOutcome> {
  const facts = await shipmentFacts(tx, current);
  if (!shipmentAllows(facts, "edit")) return rejected({ code: "telegram_awb_state_forbids", params: { mawb: current.mawb, state: shipmentState(facts) } });
  const fields = changedFields(current, next);
  if (!fields.length) return { status: "processed", notes: [{ code: "telegram_awb_unchanged", params: { mawb: current.mawb } }] };
  const changes = Object.fromEntries(fields.map((k) => [k, next[k as keyof FwbWaybill]]));
  const merged = { ...current, ...changes, volume: next.volume ?? (next.dimensions.length ? null : current.volume) } as AwbValues;
  const prepared = await prepare(tx, airline, merged, next, current.consignor_certified);
  if (Object.keys(prepared.errors).length) return rejected(...refusedNotes(prepared.errors));
  const set = { ...changes, volume: prepared.volume, ...prepared.figures, updated_at: at };
  await tx.update(airWaybills).set(set).where(eq(airWaybills.id, current.id));
  await logAwbChange(tx, actor, current, "fwb", current as unknown as Record<string, unknown>, set);
  await refreshWarnings(tx, current.id, at);
  return { status: "processed", notes: [{ code: "telegram_awb_updated", params: { mawb: current.mawb, fields: fields.join(", ") } }] };
}

async function createWaybill(tx: Tx, actor: { user: { email: string } }, airline: AirlineRow, message: FwbMessage, next: FwbWaybill, at: Date): Promise<ProcessingOutcome> {
  const forwarderId = await forwarderOf(tx, message.issuing_agent);
  if (!forwarderId) return rejected({ code: "telegram_agent_unknown", params: { agent: message.issuing_agent?.iata_code ?? message.issuing_agent?.account_number ?? "" } });
  const prepared = await prepare(tx, airline, next as AwbValues, next, false);
  if (Object.keys(prepared.errors).length) return rejected(...refusedNotes(prepared.errors));
  let number: Awaited<ReturnType<typeof allocateNumber>>;
  try {
    number = await allocateNumber(tx, { typed: message.mawb, typingAllowed: true, prefix: airline.awb_prefix, forwarderId, at });
  } catch (error) {
    // another forwarder's stock number, a used one: a refusal of the record, said on the telegram
    if (error instanceof HttpError) return rejected({ code: refusalCodeOf(error), params: { mawb: message.mawb } });
    throw error;
  }
  const [row] = await tx
    .insert(airWaybills)
    .values({
      ...next,
      origin_iata: next.origin_iata!,
      destination_iata: next.destination_iata!,
      commodity: next.commodity!,
      mawb: number.mawb,
      prefix: number.prefix,
      carrier: airline.carrier,
      forwarder_id: forwarderId,
      air_waybill_source: "fwb",
      custom_number: number.custom,
      bso: number.bso,
      volume: prepared.volume,
      warnings: prepared.check.warnings,
      tariff_date: at.toISOString().slice(0, 10),
      ...prepared.figures,
      created_at: at,
      updated_at: at,
    })
    .returning();
  await logAwbChange(tx, actor, row!, "create", null, row as unknown as Record<string, unknown>);
  await refreshBookingSummary(tx, row!.id);
  await refreshWarnings(tx, row!.id, at);
  return { status: "processed", notes: [{ code: "telegram_awb_created", params: { mawb: row!.mawb } }] };
}

export async function applyWaybillMessage(tx: Tx, telegram: Telegram, message: FwbMessage, at: Date): Promise<ProcessingOutcome> {
  const airline = await airlineOfCarrier(tx, telegram.carrier);
  const check = checkAwbNumber(message.mawb);
  if (!check.valid) return rejected({ code: "telegram_awb_number_invalid", params: { mawb: message.mawb } });
  if (check.number.prefix !== airline.awb_prefix) return rejected({ code: "telegram_awb_other_airline", params: { mawb: message.mawb, carrier: airline.carrier } });
  const next = waybillOfFwb(message);
  const actor = { user: { email: telegram.sender ?? "telegram" } };
  const [current] = await tx.select().from(airWaybills).where(eq(airWaybills.mawb, check.mawb)).for("update");
  if (current && current.carrier !== airline.carrier) return rejected({ code: "telegram_awb_other_airline", params: { mawb: message.mawb, carrier: airline.carrier } });
  return current ? updateWaybill(tx, actor, airline, current, next, at) : createWaybill(tx, actor, airline, message, next, at);
}
