import { and, asc, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AuthContext } from "../auth/authenticate";
import type { ApiConfig } from "../config";
import { bookings, companies } from "../db/schema";
import { refuseFields } from "../http/errors";
import { TEXT_MAX } from "../http/input";
import { ErrorSchema } from "../http/schemas";
import { accessDenied, may } from "../settings/access";
import { AWB_ACCESS, findVisible, mawbOf, type AirWaybillRow } from "../air-waybills/access";
import { logAwbChange } from "../air-waybills/state-change";
import { terminalPayload } from "./payload";
import { postToTerminal } from "./terminal-client";
import { type RefusalCode, type RefusalParams } from "../http/refusals";

// The terminal request (spec 3 §7 POST /{id}/moscow_cargo; spec 3 §8 "Moscow-cargo request, 422 or 500: EmptyFields";
// issue 11). The airline sends a waybill whose route touches the terminal's airports to the terminal's handler, a
// URL the deployment configures (MOSCOW_CARGO_URL; unset: refused, 422 "terminal not configured"). Whatever goes
// wrong on the terminal's side — it refuses (its 422), fails (its 500), answers something else, hangs past the
// deadline or cannot be reached — is this API's 422 with the reason: never a 5xx of ours, since nothing here failed.
// `error` names the case (terminal_not_configured, not_applicable, terminal_refused — the BFF's EmptyFields —,
// terminal_timeout, terminal_unreachable); errors.base says it in words. A sent request is in the change log.

const tags = ["air waybills", "terminal"];
const MawbParams = z.object({ mawb: z.string().max(TEXT_MAX.code * 4) });

/** Why the terminal request does not apply to this waybill for this caller now, or null when it does. */
export type TerminalRefusal = "not_configured" | "not_airline" | "voided" | "not_terminal_station";

function refusalOf(config: ApiConfig, auth: AuthContext, awb: AirWaybillRow): TerminalRefusal | null {
  if (!may(auth, AWB_ACCESS.airline)) return "not_airline";
  if (!config.MOSCOW_CARGO_URL) return "not_configured";
  if (awb.voided_at) return "voided";
  const route = [awb.origin_iata, ...awb.manual_route, awb.destination_iata];
  if (!route.some((code) => config.MOSCOW_CARGO_STATIONS.includes(code))) return "not_terminal_station";
  return null;
}

const REFUSAL_CODE: Record<Exclude<TerminalRefusal, "not_airline">, RefusalCode> = {
  not_configured: "terminal_not_configured",
  voided: "awb_voided",
  not_terminal_station: "terminal_not_on_route",
};

/** The terminal's own words, when its answer has any (error, message, errors), cut to a line. */
function terminalWords(body: unknown): string | null {
  if (typeof body === "string") return body.trim().slice(0, 300) || null;
  if (!body || typeof body !== "object") return null;
  const b = body as Record<string, unknown>;
  const said = [b.error, b.message, ...(Array.isArray(b.errors) ? b.errors : b.errors && typeof b.errors === "object" ? Object.entries(b.errors).map(([k, v]) => `${k} ${String(v)}`) : [])]
    .filter((v): v is string => typeof v === "string" && v.trim() !== "")
    .join("; ");
  return said.slice(0, 300) || null;
}

/** `error` keeps the terminal's kind of refusal (the BFF's handover page reads it); `code` says which one. */
const refused = (error: string, code: RefusalCode, params: RefusalParams = {}) => refuseFields({ base: [{ code, params }] }, 422, { error, code, params });

const StatusSchema = z.object({
  available: z.boolean().describe("the caller may send this waybill to the terminal now"),
  reason: z.enum(["not_configured", "not_airline", "voided", "not_terminal_station"]).nullable(),
  stations: z.array(z.string()).describe("the terminal's airports"),
});

const SentSchema = z.object({
  mawb: z.string(),
  sent_at: z.string(),
  terminal_status: z.number().int(),
  message: z.string().nullable().describe("what the terminal said, if anything"),
});

export const terminalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;

  app.get(
    "/api/v3/air_waybills/:mawb/moscow_cargo",
    {
      schema: { tags, summary: "Whether the caller may send this waybill to the cargo terminal now, and if not why", params: MawbParams, response: { 200: StatusSchema, 403: ErrorSchema, 404: ErrorSchema } },
    },
    async (request) => {
      const awb = await findVisible(db, request.auth, mawbOf(request.params.mawb));
      const reason = refusalOf(config, request.auth, awb);
      return { available: reason === null, reason, stations: config.MOSCOW_CARGO_STATIONS };
    },
  );

  app.post(
    "/api/v3/air_waybills/:mawb/moscow_cargo",
    {
      schema: {
        tags,
        summary:
          "The airline sends the waybill's data (route, flights, figures, goods, parties; no prices) to the cargo terminal's handler. 422: terminal not configured, not the terminal's route, or the terminal refused (error terminal_refused), timed out (terminal_timeout) or could not be reached or answered otherwise (terminal_unreachable)",
        params: MawbParams,
        response: { 200: SentSchema, 403: ErrorSchema, 404: ErrorSchema, 422: ErrorSchema },
      },
    },
    async (request) => {
      const auth = request.auth;
      const awb = await findVisible(db, auth, mawbOf(request.params.mawb));
      const refusal = refusalOf(config, auth, awb);
      if (refusal === "not_airline") throw accessDenied();
      if (refusal) throw refused(refusal === "not_configured" ? "terminal_not_configured" : "not_applicable", REFUSAL_CODE[refusal]);
      const [forwarder] = await db.select({ short_name: companies.short_name }).from(companies).where(eq(companies.id, awb.forwarder_id)).limit(1);
      const legs = await db
        .select({ number_with_date: bookings.number_with_date, origin_iata: bookings.origin_iata, destination_iata: bookings.destination_iata, std: bookings.std })
        .from(bookings)
        .where(and(eq(bookings.air_waybill_id, awb.id), eq(bookings.active, true)))
        .orderBy(asc(bookings.std))
        .limit(20);
      const at = app.deps.now();
      const outcome = await postToTerminal(config.MOSCOW_CARGO_URL!, terminalPayload(awb, forwarder?.short_name ?? "", legs, at), config.MOSCOW_CARGO_TIMEOUT_MS);
      if (outcome.kind === "timeout") throw refused("terminal_timeout", "terminal_timeout", { ms: config.MOSCOW_CARGO_TIMEOUT_MS });
      if (outcome.kind === "unreachable") throw refused("terminal_unreachable", "terminal_unreachable", { detail: outcome.reason });
      if (outcome.kind === "oversized") throw refused("terminal_unreachable", "terminal_answer_too_large", { status: outcome.status });
      const words = terminalWords(outcome.body);
      if (outcome.status === 422 || outcome.status === 500) throw refused("terminal_refused", "terminal_refused", { status: outcome.status, words: words ?? "" });
      if (outcome.status < 200 || outcome.status > 299) throw refused("terminal_unreachable", "terminal_bad_status", { status: outcome.status });
      await db.transaction((tx) => logAwbChange(tx, auth, awb, "moscow_cargo", null, { terminal_request: "sent", terminal_status: outcome.status }));
      return { mawb: awb.mawb, sent_at: at.toISOString(), terminal_status: outcome.status, message: words };
    },
  );
};
