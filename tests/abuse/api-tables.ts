/**
 * Which tables an API call may change. A refused call (4xx) changes nothing, except what the refusal itself
 * records (failed sign-ins count towards the rate limit). An accepted call (2xx: the generated input happened
 * to be valid) may change its own resource's tables and the change log, nothing else.
 */

/** Tables a refused call may still write: the sign-in failure counter. */
export function tablesTouchedWhenRefused(method: string, path: string): string[] {
  return method === "POST" && path === "/oauth/token" ? ["login_attempts"] : [];
}

const OWN_TABLES: ReadonlyArray<[RegExp, string[]]> = [
  [/^\/oauth\/token$/, ["oauth_tokens", "login_attempts"]],
  [/^\/oauth\/revoke$/, ["oauth_tokens"]],
  [/^\/api\/v2\/users\/password$/, ["password_resets", "outbox_emails", "jobs", "users", "oauth_tokens", "login_attempts"]],
  [/^\/api\/v2\/users$/, ["users", "companies", "user_profiles", "outbox_emails", "jobs", "outbox_email_attachments"]],
  [/^\/api\/v3\/profiles\//, ["user_profiles", "users"]],
  [/^\/api\/v3\/companies\/\{id\}\/user_profiles/, ["user_profiles", "users", "outbox_emails", "jobs", "password_resets", "oauth_tokens"]],
  [/^\/api\/v3\/airlines\//, ["airlines", "companies"]],
  // deleting a company takes its profiles, agreements and settings with it
  [/^\/api\/v3\/companies/, ["companies", "user_profiles", "agreements", "oauth_tokens", "airline_customers", "forwarder_customers", "notable_companies", "permitted_routes", "handlers", "product_codes"]],
  [/^\/api\/v3\/segments\/\{id\}\/loadfactor/, ["segment_load_factors", "segments"]],
  // a flight's customs filings: an ACI status per ACI or PLACI, the PLACI's bookings and houses say "sent"
  [/^\/api\/v3\/segments\/\{id\}\/(aci|placi)$/, ["aci_statuses", "bookings", "house_waybills", "outgoing_messages", "jobs"]],
  // a segment's handling (bookings, receiving, build-up, depart, arrive) writes the waybills' movements and states
  // (a movement or a waybill's change sends what the airline's message settings say: outgoing_messages and their jobs)
  [/^\/api\/v3\/(segments|schedules)/, ["segments", "segment_load_factors", "allotments", "booking_rules", "bookings", "awb_movements", "pre_manifest_items", "air_waybills", "receptacles", "receptacle_movements", "user_notifications", "outgoing_messages", "jobs"]],
  [/^\/api\/v3\/pre_manifest_items/, ["pre_manifest_items", "awb_movements", "bookings", "segments", "air_waybills", "outgoing_messages", "jobs"]],
  // prices and what a calculation writes (a waybill's rate lines, its estimated revenue and printed charges)
  [/^\/api\/v3\/billing\/(tariffs|charges|surcharges)/, ["tariffs", "billing_charges", "surcharges"]],
  [/^\/api\/v3\/billing\/groups/, ["billing_groups"]],
  [/^\/api\/v3\/billing\/calculate$/, ["rate_lines", "air_waybills"]],
  [/^\/api\/v3\/(air_waybills|bookings|void_requests|goods_items)/, ["rate_lines", "air_waybills", "bookings", "awb_movements", "awb_stock_numbers", "segments", "void_requests", "house_waybills", "shipper_letters", "pre_manifest_items", "user_notifications", "outbox_emails", "jobs", "outbox_email_attachments", "outgoing_messages"]],
  // an offer's rates and dimensions; its waybill without booking is made by the waybill's own create
  [/^\/api\/v3\/offers/, ["offers", "offer_numbers", "offer_rates", "offer_dimensions", "rate_lines", "air_waybills", "awb_stock_numbers", "user_notifications", "outgoing_messages", "jobs", "outbox_emails"]],
  [/^\/api\/v3\/agreements/, ["agreements"]],
  [/^\/api\/v3\/handlers/, ["handlers"]],
  [/^\/api\/v3\/product_codes/, ["product_codes"]],
  [/^\/api\/v3\/permitted_routes/, ["permitted_routes"]],
  [/^\/api\/v3\/airline_customers/, ["airline_customers"]],
  [/^\/api\/v3\/forwarder_customers/, ["forwarder_customers"]],
  [/^\/api\/v3\/notable_companies/, ["notable_companies"]],
  [/^\/api\/v3\/baggage_stats/, ["baggage_stats"]],
  [/^\/api\/v3\/pax_od_averages/, ["pax_od_averages"]],
  [/^\/api\/v3\/segment_payloads/, ["segment_payloads"]],
  [/^\/api\/v3\/aircraft_capacities/, ["aircraft_capacities"]],
  [/^\/api\/v3\/allotments/, ["allotments"]],
  [/^\/api\/v3\/booking_rules/, ["booking_rules"]],
  [/^\/api\/v3\/accounting_presets/, ["accounting_presets"]],
  [/^\/api\/v3\/attachments/, ["attachments"]],
  [/^\/api\/v3\/receptacles/, ["receptacles", "receptacle_movements"]],
  [/^\/api\/v3\/message_settings/, ["message_settings"]],
  // a telegram read is queued for applying (its job, then what it is about: a status update the waybill's movements and
  // dates; an FFM the flight's manifest; an FBL, FFR or FFA the bookings, the flights' space, the FFA answer sent)
  [/^\/api\/v3\/cimp_telegrams/, ["telegrams", "jobs", "awb_movements", "air_waybills", "outgoing_messages", "pre_manifest_items", "bookings", "segments"]],
  // telegrams sent: the message and its send job
  [/^\/api\/v3\/(outgoing_messages|sita_messages)/, ["outgoing_messages", "jobs"]],
  // a message received: stored (a copy per airline it is for) with its job, which makes telegrams (and their jobs)
  [/^\/api\/v3\/messages/, ["incoming_messages", "telegrams", "jobs"]],
  // a schedule or a movement read is queued for applying (its job, then the airline's segments)
  [/^\/api\/v3\/(ssim|ahm)_telegrams/, ["telegrams", "jobs", "segments"]],
  // the shipper's letter: sending or answering it notifies the other company's users
  [/^\/api\/v3\/air_waybills\/\{mawb\}\/(send_shipper_letter|shipper_letter)$/, ["shipper_letters", "user_notifications"]],
];

/** Tables an accepted call of this route may change. GET, HEAD and OPTIONS change nothing. */
export function tablesOwnedBy(method: string, path: string): string[] {
  if (["GET", "HEAD", "OPTIONS"].includes(method)) return [];
  const own = OWN_TABLES.find(([pattern]) => pattern.test(path))?.[1] ?? [];
  return [...own, "change_logs"];
}
