/**
 * Which API tables a BFF action may change. A refused post (4xx) changes nothing but the sign-in failure
 * counter and the API's record of the form's idempotency key (the posts carry the page's hidden idempotency_key,
 * and the API keeps a 4xx answer under it for a repeat, issue 12); an accepted one (2xx/3xx: the generated form
 * happened to be valid) only its own resource's tables and that record.
 */

export function tablesTouchedWhenRefused(path: string): string[] {
  return [...(["/signIn", "/login"].includes(path) ? ["login_attempts"] : []), "idempotency_keys"];
}

const OWN_TABLES: ReadonlyArray<[RegExp, string[]]> = [
  [/^\/signIn$/, ["login_attempts", "oauth_tokens"]],
  [/^\/signOut$/, ["oauth_tokens"]],
  [/^\/restore$/, ["password_resets", "outbox_emails"]],
  [/^\/users\/password\/edit$/, ["users", "password_resets", "oauth_tokens", "login_attempts"]],
  [/^\/login$/, ["users", "companies", "user_profiles", "outbox_emails", "login_attempts", "oauth_tokens"]],
  [/^\/dashboard\/(preferences|profile)$/, ["user_profiles", "users"]],
  [/^\/dashboard\/notifications$/, ["user_notifications"]],
  [/^\/dashboard\/settings\/users$/, ["user_profiles", "users", "outbox_emails", "password_resets", "oauth_tokens"]],
  [/^\/dashboard\/settings\/agreements/, ["agreements"]],
  [/^\/dashboard\/settings\/airline-customers/, ["airline_customers"]],
  [/^\/dashboard\/settings\/handlers/, ["handlers"]],
  [/^\/dashboard\/settings\/companies/, ["companies", "user_profiles"]],
  [/^\/dashboard\/settings\/airline$/, ["airlines", "companies"]],
  [/^\/dashboard\/settings\/(agent\/)?parties/, ["forwarder_customers", "notable_companies"]],
  [/^\/dashboard\/settings\/permitted-routes/, ["permitted_routes"]],
  [/^\/dashboard\/settings\/baggage-(averages|stats)/, ["baggage_stats"]],
  [/^\/dashboard\/settings\/pax-od-averages/, ["pax_od_averages"]],
  [/^\/dashboard\/settings\/segment-payloads/, ["segment_payloads"]],
  [/^\/dashboard\/settings\/products/, ["product_codes"]],
  [/^\/dashboard\/settings\/allotments/, ["allotments"]],
  [/^\/dashboard\/settings\/booking-rules/, ["booking_rules"]],
  [/^\/dashboard\/(settings\/capacities|aircrafts\/)/, ["aircraft_capacities"]],
  [/^\/dashboard\/flights\/[^/]+\/create-booking-rule$/, ["booking_rules"]],
  // the flight page's handling tabs book, receive, build up, depart and move mail; its ACI tab files ACI and PLACI
  [/^\/dashboard\/flights\//, ["aci_statuses", "house_waybills", "segments", "segment_load_factors", "allotments", "booking_rules", "bookings", "awb_movements", "pre_manifest_items", "air_waybills", "receptacles", "receptacle_movements", "user_notifications", "outgoing_messages", "jobs"]],
  [/^\/dashboard\/settings\/accounting-presets/, ["accounting_presets"]],
  // the tariffs section: a price created, changed or deleted, or a forwarder's confirmation marked on it
  [/^\/dashboard\/tariffs\//, ["tariffs", "billing_charges", "surcharges"]],
  [/^\/dashboard\/receptacles/, ["receptacles", "receptacle_movements"]],
  [/^\/dashboard\/settings\/(messaging|message-settings)/, ["message_settings", "airlines"]],
  // a telegram read is queued for applying (its job, then the waybill's movements and dates, or the flights' segments)
  [/^\/dashboard\/messaging\//, ["telegrams", "jobs", "awb_movements", "air_waybills", "outgoing_messages", "segments", "incoming_messages"]],
  [/^\/dashboard\/bookings$/, ["bookings", "segments", "air_waybills", "awb_movements", "user_notifications", "outgoing_messages", "jobs"]],
  // a waybill's billing page: calculating replaces its engine's rate lines and sets its price; lines added and deleted
  [/^\/dashboard\/shipments\/[^/]+\/billing$/, ["rate_lines", "air_waybills"]],
  // a waybill's page and its sub-pages: create, edit, book, state actions, void requests, houses, documents, goods, SLI
  [/^\/dashboard\/offers(\/|$)/, ["offers", "offer_numbers", "offer_rates", "offer_dimensions", "air_waybills", "awb_stock_numbers", "user_notifications", "outgoing_messages", "jobs", "outbox_emails"]],
  [/^\/dashboard\/(shipments|air-waybills)(\/|$)/, ["air_waybills", "bookings", "awb_movements", "awb_stock_numbers", "segments", "void_requests", "house_waybills", "attachments", "shipper_letters", "pre_manifest_items", "user_notifications", "outgoing_messages", "jobs"]],
];

/** `path` is the route's pattern (`/dashboard/flights/:id`). */
export function tablesOwnedBy(path: string): string[] {
  const own = OWN_TABLES.find(([pattern]) => pattern.test(path))?.[1] ?? [];
  return [...own, "change_logs", "idempotency_keys"];
}
