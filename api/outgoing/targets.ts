import { and, eq } from "drizzle-orm";
import { OUTGOING_ACTIONS, outgoingAllows, type OutgoingAction } from "../../cargo/telegrams/outgoing-message";
import { OUTGOING_SEND } from "../../cargo/access/rules";
import { checkAddress, settingsFor, type Channel, type MessageFormat } from "../../cargo/telegrams/message-setting";
import type { AuthContext } from "../auth/authenticate";
import { mayDo } from "../auth/access-rules";
import { messageSettings } from "../db/schema";
import type { OutgoingMessageRow } from "../db/tables/outgoing-messages";
import { refuseField } from "../http/errors";
import type { Executor } from "../jobs/queue";

// What every sender of a message by hand shares (api/outgoing/routes.ts: FWB, FHL, a flight's FBL, FFM, UWS;
// api/flights/customs-routes.ts: ACI, PLACI, CSN): where the message goes (the addresses typed, or the airline's
// message settings for sending the type by hand) and how a recorded message is answered.

export type Request = Parameters<typeof mayDo>[0] & { auth: AuthContext };

const actionsOf = (request: Request, row: Pick<OutgoingMessageRow, "status">) =>
  Object.fromEntries(OUTGOING_ACTIONS.map((a) => [a, mayDo(request, OUTGOING_SEND) && outgoingAllows(row.status, a)])) as Record<OutgoingAction, boolean>;

/** An outgoing message as listed (OutgoingMessageSchema): without its body and headers, with what the caller may do. */
export function answerOf(request: Request, row: OutgoingMessageRow) {
  const { body: _b, request_headers: _h, last_error: _e, air_waybill_id: _a, created_by: _c, ...rest } = row;
  return { ...rest, actions: actionsOf(request, row) };
}

/** Where a message sent by hand goes: the addresses given, or the airline's active settings for sending it manually. */
export interface Target {
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string | null;
  settingId: number | null;
  format: MessageFormat;
  version: string | undefined;
}

/** The addresses a person typed: each an address, each of `channel` when one is named; a refusal beside the field otherwise. */
export function typedTarget(addresses: readonly string[], channel: Channel | undefined): Target {
  for (const raw of addresses) {
    const read = checkAddress(raw);
    if (!read.ok) throw refuseField("addresses", read.code, { address: raw.slice(0, 100) });
    if (channel && read.channel !== channel) throw refuseField("addresses", "address_not_of_channel", { address: read.address, channel });
  }
  return { to: [...addresses], cc: [], bcc: [], subject: null, settingId: null, format: "cimp", version: undefined };
}

/** The airline's active settings that send `type` by hand (for the station, or every station), narrowed to `channel`. */
export async function settingTargets(db: Executor, carrier: string, type: string, station: string | null, channel: Channel | undefined): Promise<Target[]> {
  const rows = await db
    .select()
    .from(messageSettings)
    .where(and(eq(messageSettings.carrier, carrier), eq(messageSettings.message_type, type), eq(messageSettings.source_type, "manual"), eq(messageSettings.active, true)));
  return settingsFor(rows, type, "manual", station).flatMap((s) => {
    const to = channel ? s.message_to.filter((a) => checkAddress(a).ok && (checkAddress(a) as { channel: Channel }).channel === channel) : s.message_to;
    if (!to.length) return [];
    return [{ to, cc: s.message_cc, bcc: s.message_bcc, subject: s.message_subject, settingId: s.id, format: s.message_format as MessageFormat, version: s.message_version ?? undefined }];
  });
}
