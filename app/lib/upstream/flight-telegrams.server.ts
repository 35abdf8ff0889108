import type { TELEGRAM_STATES } from "../../../cargo/telegrams/telegram-state";
import type { Upstream } from "./client.server";
import { CimpTelegramDetailSchema, CimpTelegramSchema } from "./cimp-telegrams.server";
import { pageOf } from "./schemas";

// SSIM and AHM telegrams received (issue 23; spec 3 §7 ssim_telegrams "POST as JSON or as file form", ahm_telegrams
// GET; each list's restart): the same answer as a Cargo-IMP telegram's (one table, one life), read the same loose way.

export const FlightTelegramSchema = CimpTelegramSchema;
export const FlightTelegramDetailSchema = CimpTelegramDetailSchema;

export interface FlightTelegramQuery {
  page: number;
  per_page: number;
  message_type?: string;
  state?: (typeof TELEGRAM_STATES)[number];
  number?: string;
  date_from?: string;
  date_to?: string;
}

export type FlightTelegramList = "ssim" | "ahm";
const PATH: Record<FlightTelegramList, string> = { ssim: "api/v3/ssim_telegrams", ahm: "api/v3/ahm_telegrams" };

export function listFlightTelegrams(api: Upstream, list: FlightTelegramList, query: FlightTelegramQuery) {
  return api.get(PATH[list], { query: { ...query }, schema: pageOf(FlightTelegramSchema) });
}

export function getFlightTelegram(api: Upstream, list: FlightTelegramList, id: number) {
  return api.get(`${PATH[list]}/${id}`, { schema: FlightTelegramDetailSchema });
}

export function restartFlightTelegram(api: Upstream, list: FlightTelegramList, id: number) {
  return api.post(`${PATH[list]}/${id}/restart`, { schema: FlightTelegramDetailSchema });
}

/** A schedule typed in (JSON) or a file (forwarded as the file form, so its size is the API's to judge). */
export function sendSsimTelegram(api: Upstream, input: { text?: string; file?: File; message_identifier?: string }) {
  if (input.file) {
    const form = new FormData();
    form.append("file", input.file, input.file.name);
    if (input.message_identifier) form.append("message_identifier", input.message_identifier);
    return api.post(PATH.ssim, { multipart: form, schema: FlightTelegramDetailSchema });
  }
  return api.post(PATH.ssim, { json: { ssim_telegram: { ssim_text: input.text, message_identifier: input.message_identifier } }, schema: FlightTelegramDetailSchema });
}
