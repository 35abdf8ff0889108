import { UPLOAD_REFUSALS, type UploadRefusalCode } from "../uploads/upload-refusal-table";

// The one catalogue of the API's refusals (DESIGN §4b): every 4xx/5xx body carries a stable code and its parameters
// beside the sentence that spec 3 §7's error format keeps, so that a client words it in its reader's language
// instead of matching our English. A code is a contract: renaming one breaks the BFF's translation (locales/*/
// refusals.json, checked by tests/unit/refusal-codes.test.ts), so add codes, never reuse one for another meaning.
// The sentence is the API's English for clients without translations; `sentence(params)` writes it.

export type RefusalParams = Record<string, string | number>;
type Sentence = (p: RefusalParams) => string;

/** A header's missing and unexpected columns, as the upload's answers say them. */
const columnsSaid = (p: RefusalParams) => `missing columns: ${p.missing}${p.unexpected ? `; unexpected columns: ${p.unexpected}` : ""}`;

/** How many of `n` there are, in the sentence's words ("1 row has", "3 rows have"). */
const rows = (n: string | number) => (Number(n) === 1 ? `${n} row has` : `${n} rows have`);

const GENERAL = {
  // a record or a route that is not there (or not the caller's)
  not_found: () => "Not Found",
  record_not_found: () => "Record Not Found",
  agreement_not_found: () => "Agreement not found",
  airline_not_found: () => "Airline not found",
  receptacle_not_found: () => "Receptacle not found",
  segment_not_found: () => "Segment not found",
  void_request_not_found: () => "void request not found",
  house_waybill_not_found: () => "house waybill not found",
  shipment_not_found: (p) => `shipment ${p.mawb} not found`,
  document_file_missing: () => "The document's file is missing from the store",

  // the request as a whole
  bad_request: () => "Bad Request",
  body_too_large: () => "Request body is too large",
  unsupported_media_type: () => "Unsupported Media Type",
  malformed_multipart: () => "Malformed multipart body",
  too_many_query_values: (p) => `at most ${p.max} values`,
  internal_error: () => "Internal Server Error",
  database_unreachable: () => "The service cannot reach its database at the moment (it may be restarting); try again in a few seconds",
  database_timeout: () => "The database took too long to answer; try again in a few seconds",
  access_denied: () => "Access denied",
  forbidden: () => "Forbidden",

  // OAuth (RFC 6749 §5.2, RFC 6750 §3.1): `error` stays the OAuth code, `code` says which case it is
  invalid_credentials: () => "Invalid email or password.",
  account_blocked: () => "Your account is blocked.",
  refresh_token_invalid: () => "The refresh token is invalid, expired or revoked.",
  token_missing: () => "The access token is missing",
  token_invalid: () => "The access token is invalid, expired or revoked",
  token_other_carrier: () => "The access token was issued for another carrier",
  user_blocked: () => "The user is blocked",
  unknown_carrier: (p) => `Unknown carrier ${p.carrier}`,
  no_carrier_access: () => "No access to this carrier",
  too_many_sign_in_attempts: () => "Too many failed sign-in attempts. Try again later.",
  missing_parameter: (p) => `Missing required parameter: ${p.parameter}`,
  unsupported_grant_type: () => "The grant_type must be password or refresh_token",

  // idempotency keys (api/http/idempotency.ts)
  idempotency_key_invalid: (p) => `${p.rule}`,
  idempotency_key_reused: () => "This Idempotency-Key was used for another request",
  request_in_progress: () => "The same request is still being processed; try again in a moment",

  // a field's value (spec 3 §7 field errors; Rails' words where the spec's clients expect them)
  blank: () => "can't be blank",
  taken: () => "has already been taken",
  must_exist: () => "must exist",
  invalid: () => "is invalid",
  invalid_type: (p) => `must be ${p.expected}`,
  not_in_list: () => "is not included in the list",
  unknown_keys: (p) => `unknown field ${p.keys}`,
  too_long: (p) => (p.max === undefined ? "is too long" : `is too long (maximum is ${p.max} characters)`),
  too_short: (p) => `is too short (minimum is ${p.min} characters)`,
  too_few: (p) => `must have at least ${p.min} items`,
  too_many: (p) => `must have at most ${p.max} items`,
  too_small: (p) => `must be at least ${p.min}`,
  too_big: (p) => `must be at most ${p.max}`,
  out_of_range: () => "is out of range",
  not_a_number: () => "is not a number",
  not_an_integer: () => "must be an integer",
  too_many_decimals: (p) => `must have at most ${p.scale} decimal places`,
  invalid_number: () => "is not a number",
  invalid_date: () => "is not a valid date",
  invalid_email: () => "is invalid",
  date_out_of_range: (p) => `must be a date between ${p.min_year} and ${p.max_year}`,
  unstorable_characters: () => "contains characters that cannot be stored",
  nul_character: () => "must not contain a NUL character",
  not_sortable: () => "is not a sortable column",
  not_before: (p) => `must not be before ${p.field}`,
  not_less_than: (p) => `must not be less than ${p.field}`,
  must_be_after: (p) => `must be after ${p.field}`,
  same_as_origin: () => "must differ from the origin",
  post_code_required: () => "is required for GB and EU countries",
  unknown_airport: (p) => `unknown airport ${p.code}`,
  unknown_airline: (p) => `unknown airline ${p.carrier}`,
  // a tenant's identity provider (issue 26)
  identity_provider_not_found: () => "This tenant has no identity provider",
  identity_secret_unset: () => "The service cannot store a client secret: IDENTITY_SECRET_KEY is not configured",
  issuer_not_https: () => "must be an https address",
  issuer_with_query: () => "must be an address without a query or a fragment",
  not_a_domain: () => "must be domain names like example.com",
  not_a_claim_name: () => "must be a claim name of letters, digits and _ . : / -",
  not_a_role: () => "is not a role",
  duplicate_claim_value: () => "is given twice",
  // signing in through a tenant's identity provider (issue 26, docs/sso.md)
  provider_not_configured: () => "This tenant does not sign in through an identity provider",
  password_sign_in_off: () => "This tenant's staff sign in through its identity provider, not with a password",
  code_refused: () => "The identity provider refused the sign-in code (used already, expired or not ours); sign in again",
  id_token_malformed: () => "The identity provider's answer is not a valid ID token",
  id_token_signature: () => "The ID token is not signed by the tenant's identity provider",
  id_token_expired: () => "The identity provider's sign-in has expired; sign in again",
  id_token_wrong_issuer: () => "The ID token comes from another identity provider",
  id_token_wrong_audience: () => "The ID token was issued for another application",
  id_token_nonce_mismatch: () => "The sign-in does not match the one this browser started; sign in again",
  id_token_without_email: () => "The identity provider did not give an e-mail address",
  id_token_email_unverified: () => "The identity provider has not verified the e-mail address",
  provider_unreachable: () => "The identity provider cannot be reached at the moment; try again in a few minutes",
  provider_refused_address: () => "The identity provider's address is not one the service may call",
  provider_bad_answer: () => "The identity provider answered something the service cannot use",
  email_domain_not_allowed: () => "This e-mail domain may not sign in on this tenant",
  no_role_for_user: () => "The identity provider gives this user no role here",
  unknown_user: () => "This user has no account here; ask the airline's admin",
  email_taken_elsewhere: () => "An account with this e-mail address exists outside this airline",
  unknown_company: (p) => (p.name === undefined ? "unknown company" : `unknown company ${p.name}`),
  unknown_forwarder: () => "unknown forwarder",
  unknown_aircraft_type: (p) => `unknown aircraft type ${p.code}`,
  unknown_shc: (p) => `unknown special handling code ${p.code}`,
  must_be_airline_company: () => "must be an airline company",
  must_be_forwarder_company: () => "must be a forwarder company",
  must_be_own_airline: () => "must be your own airline",
  password_confirmation: () => "doesn't match Password",
  reset_token_invalid: () => "is invalid",
  confirmation_required: () => "The shipment has warnings to confirm",

  // companies, users, settings
  user_profile_exists: () => "User already exists in the company",
  must_be_system_user: () => "Can't assign or change role: user must be system user",
  self_change_refused: () => "You can't remove, block or demote yourself",
  last_admin_refused: () => "The company must keep at least one active admin",
  own_company_delete: () => "You cannot delete your own company",
  company_has_agreements: () => "Company has agreements and cannot be deleted",
  agreement_exists: () => "Agreement already exists",
  customer_exists: () => "Customer already exists",
  customer_not_found: () => "Customer not found",
  permitted_route_exists: () => "Permitted route already exists",
  baggage_stat_exists: () => "Baggage stat already exists",
  pax_od_average_exists: () => "Pax O&D average already exists",
  segment_payload_exists: () => "Segment payload already exists",
  booking_rule_exists: () => "There is already a rule",
  allotment_exists: () => "Allotment has already been taken",
  allotment_rows_exist: () => "Allotment has already been taken; nothing was stored",
  flight_exists: (p) => (p.flight ? `Flight already exists: ${p.flight}` : "Flight already exists"),
  awb_prefix_required: () => "is required for a new airline",
  awb_prefix_used: (p) => `is used by ${p.carrier}`,
  preset_code_format: () => "must be 1 to 40 lower-case Latin letters, digits or _",
  presets_limit: (p) => `an airline keeps at most ${p.max} presets`,

  // flights and handling
  flight_canceled: () => "Flight is canceled",
  flight_locked: () => "Flight is locked",
  flight_sales_closed: () => "Sales are closed for this flight",
  flight_departed: () => "Flight has departed",
  flight_not_departed: () => "Flight has not departed",
  flight_arrived: () => "Flight has arrived",
  flight_not_arrived: () => "the flight has not arrived",
  flight_closed: () => "is locked, sales-closed or canceled",
  movements_after_departure: () => "Flight has departed: its movements cannot be deleted",
  after_departure: () => "must be after the departure",
  not_a_flight_number: () => "is not a flight number",
  flight_of_other_airline: (p) => `must be a flight of ${p.carrier}`,
  not_a_service_type: () => "is not an IATA service type (A..X)",
  invalid_local_time: () => "must be a local time YYYY-MM-DDTHH:mm",
  invalid_date_time: () => "must be an ISO date-time",
  flight_too_long: (p) => `must be at most ${p.hours} hours after std`,
  invalid_weekdays: () => "is not a set of weekdays 1..7",
  schedule_invalid: (p) => `${String(p.detail).replace(/_/g, " ")}`,
  report_range_order: () => "must not be before date_from",
  report_too_long: (p) => (p.days === undefined ? `the report covers at most ${p.max} days` : `the report covers at most ${p.max} days (asked: ${p.days})`),
  report_needs_dates: (p) => `the report needs date_from and date_to (at most ${p.max} days)`,
  report_too_many_rows: (p) => `more than ${p.max} waybills match: narrow the dates or the filters`,
  issued_report_needs_dates: (p) => `needs the date type issued and a range: date_from and date_to (at most ${p.max} days)`,
  issued_report_too_many_rows: (p) => `more than ${p.max} waybills were issued in the range: narrow the dates`,
  not_on_manifest: () => "is not on the flight's manifest",
  not_booked_on_flight: () => "is not booked on this flight",
  already_received: () => "has already been received",
  not_on_received_list: () => "is not on the received list",
  on_manifest: () => "is on the manifest: remove it from the build-up first",
  manifest_item_moved: () => "The manifest item was moved meanwhile; reload and try again",
  pieces_over_awb: (p) => `must not exceed the air waybill's ${p.pieces}`,
  must_leave_from: (p) => `must leave from ${p.origin}`,
  already_on_manifest: () => "the waybill is already on that flight's manifest",
  receptacle_not_on_flight: () => "Receptacle is not on a flight",
  uid_mismatch: () => "does not match the receptacle UID",
  uid_states_no_weight: () => "can't be blank (the UID states no weight)",
  uid_length: (p) => `must be ${p.length} characters (UPU S9)`,
  uid_format: () => "is not a UPU S9 receptacle identifier",
  uid_same_office: () => "names the same office of exchange twice",
  uid_dispatch_zero: () => "has dispatch number 0000",
  uid_serial_zero: () => "has receptacle number 000",

  // a flight's own telegrams (api/flights/segment-messages.ts; spec 3 §8 "Not enough data (FFM, receiving)")
  not_enough_data: (p) => `Not enough data (${p.type}): the flight has no manifest yet`,
  message_too_many_shipments: (p) => `The flight has more than ${p.max} shipments: the message is not written`,
  message_not_writable: (p) => `The ${p.type} cannot be written from the flight's data: ${p.detail}`,
  document_too_many_shipments: (p) => `The ${p.type} document prints at most ${p.max} shipments; the telegram text holds them all`,

  // customs filings of a flight (api/flights/customs-routes.ts: ACI, PLACI, CSN; spec 2 §5 "Sending CSN requires every
  // selected AWB to have an MRN")
  aci_not_required: (p) => `The flight does not require ACI: no ${p.type} is filed for it`,
  nothing_booked: (p) => `Nothing is booked on the flight: there is no ${p.type} to send`,
  waybill_not_booked: (p) => `The waybill has no active booking: its ${p.type} is filed for the flight it is booked on`,
  waybill_no_aci_flight: (p) => `None of the waybill's booked flights requires ACI: no ${p.type} is filed for it`,
  channel_not_for_message: (p) => `${p.type} is an XML document: it goes by e-mail or to an https URL, not through ${p.channel}`,
  csn_not_on_flight: (p) => `${p.count} of the waybills are neither booked on nor manifested for this flight: ${p.mawbs}`,
  mrn_missing: (p) => `Sending CSN requires every selected waybill to have an MRN; ${p.count} have none: ${p.mawbs}`,
  mrn_format: () => "is not an MRN (18 characters: two digits of the year, the country code, 14 letters and digits)",

  // the shipment's state graph (cargo/awb/shipment-state) and the departure's earliest time (cargo/flights/departure)
  shipment_state_forbids: (p) => `A shipment in state ${p.state} does not allow ${String(p.action).replace(/_/g, " ")}`,
  departure_before_schedule: (p) => `The flight is scheduled to depart at ${p.std_local}: a departure is accepted from ${p.earliest_local} on`,

  // received telegrams (cargo/telegrams/telegram-state: the telegram's graph)
  telegram_not_found: () => "Telegram not found",
  telegram_state_forbids: (p) => `A telegram in state ${String(p.state).replace(/_/g, " ")} does not allow ${p.action}`,
  telegram_wrong_list: (p) => `is a ${p.type} telegram, which belongs to the ${p.list} telegrams`,
  // what one SSIM telegram may bring (api/telegrams/ssim-limits.ts)
  ssim_file_too_large: (p) => `is too large (at most ${p.max_mb} MB): send the schedule in several files`,
  ssim_too_many_legs: (p) => `has ${p.count} flight legs, more than the ${p.max} one file may bring: send the schedule in several files`,
  ssim_too_many_flights: (p) => `makes more than ${p.max} dated flights within a year: send the schedule in several files`,
  telegram_not_of_list: (p) => `is not a ${p.list} telegram: nothing in it reads as one`,
  ffr_expected: (p) => (p.type ? `is a ${p.type} telegram, not a booking request (FFR)` : "is not a booking request (FFR)"),
  cimp_has_errors: (p) => `CIMP has errors: ${p.count}, the first on line ${p.line}`,

  // incoming messages (cargo/telegrams/incoming-message: the message's graph)
  incoming_message_not_found: () => "Message not found",
  incoming_state_forbids: (p) => `A message in state ${String(p.state).replace(/_/g, " ")} does not allow ${p.action}`,
  // outgoing telegrams (cargo/telegrams/outgoing-message: the message's graph)
  outgoing_message_not_found: () => "Outgoing message not found",
  outgoing_state_forbids: (p) => `An outgoing message in state ${p.state} does not allow ${p.action}`,
  address_not_of_channel: (p) => `${p.address} is not an address of the ${p.channel} channel`,
  no_message_setting: (p) => `no active message setting sends ${p.type} by hand: give the addresses`,
  no_house_waybills: () => "the air waybill has no house waybills",
  sita_address_only: (p) => `${p.address} is not a 7-character SITA Type-B address`,
  message_not_written: (p) => `the message cannot be written from the waybill: ${p.detail}`,

  // air waybills, stocks, bookings
  awb_number_invalid: () => "is not a valid air waybill number (XXX-XXXXXXXX)",
  invalid_control_bit: () => "invalid control bit",
  awb_number_not_available: () => "air waybill number not available",
  awb_number_other_airline: () => "air waybill number not valid for this airline",
  awb_number_not_valid: () => "air waybill number not valid",
  no_stock: () => "stocks not found",
  number_from_stock: () => "can't be chosen on this site: the number comes from your stock",
  awb_voided: () => "the air waybill is voided",
  awb_issued: () => "the air waybill is issued: only the airline may change it",
  airline_only: () => "can only be set by the airline",
  awb_action_forbidden: (p) => `cannot ${String(p.action).replace("_", " ")} this air waybill in its state`,
  hs_code_required: () => "must have at least one HS code",
  hs_code_digits: () => "must be 4 to 10 digits",
  only_latin: () => "Latin letters and numbers only",
  currency_unknown: (p) => `must be one of ${p.currencies}`,
  dimension_pieces_over_awb: (p) => `count ${p.rows} pieces, more than the waybill's ${p.pieces}`,
  volume_too_large: (p) => `make ${p.volume} m³, more than ${p.max} m³`,
  unknown_product: (p) => `is not a product of ${p.carrier}`,
  unknown_airline_customer: () => "is not a customer of the airline",
  forbidden_shc: (p) => (p.shcs ? `Forbidden SHC for this route: ${p.shcs}` : "Forbidden SHC for this route"),
  incompatible_shc: (p) => `Incompatible codes: ${p.shcs}`,
  hea_dimensions_missing: () => "dimensions for HEA cargo missing",
  consignor_certification: () => "must be accepted",
  no_agreement: () => "No valid agreement with airline",
  forwarder_no_agreement: () => "has no agreement with the airline",
  booking_exists: () => "has already been taken",
  booking_segment_needed: () => "give segment_id or number_with_date",
  booking_leg_needed: () => "must be given: the flight has several legs",
  pieces_whole_from_one: () => "must be a whole number from 1",
  must_be_positive: () => "must be positive",
  must_be_zero_or_more: () => "must be 0 or more",
  booking_cancelled: () => "is cancelled",
  booking_already_cancelled: () => "is already cancelled",
  booking_does_not_fit: (p) => `${p.detail}`,
  not_airline_prefix: (p) => `is not the airline's prefix (${p.prefix})`,
  stock_overlap: () => "overlaps numbers already in the stock",
  no_free_airline_numbers: () => "has no free numbers of the airline's pool",
  no_free_forwarder_numbers: () => "has no free numbers of this forwarder",
  houses_limit: (p) => `a master holds at most ${p.max} house waybills`,
  attachment_too_large: (p) => `is too large (at most ${p.max_mb} MB)`,
  attachment_kind: (p) => `is not a document we accept (${p.kinds})`,
  attachments_limit: (p) => `at most ${p.max} documents per air waybill`,
  attach_forbidden: () => "You may not attach documents to this air waybill",
  attachment_remove_forbidden: () => "Only the company that attached it or the airline may remove this document",
  void_request_settled: (p) => `the request is already ${p.status}`,
  void_refused: (p) => `${p.detail}`,
  sli_refused: (p) => `${p.detail}`,
  sli_answered: () => "has already been answered",
  sli_not_sent: () => "has not been sent",
  cass_needs_issued: () => "the CASS file is made by issue date: the date type must be issued",
  cass_needs_carrier: () => "a CASS file is one airline's: name the airline (carrier)",
  first_piece_over: (p) => `the waybill has ${p.pieces} pieces`,
  no_cass_record: (p) => `shipment ${p.mawb} is ${p.state}: it has no CASS record`,
  too_many_tracking_requests: () => "Too many tracking requests, try again later",

  // message settings (cargo/telegrams/message-setting.ts)
  invalid_address: (p) => `${p.address} is not an e-mail address, a 7-character SITA address or an https URL`,
  internal_url: (p) => `${p.address} points inside the service's own network (an IP address or an internal host name)`,
  copies_by_email: (p) => `${p.address}: copies go by e-mail only`,
  message_type_not_sendable: (p) => `${p.type} is not a message type you may send`,
  event_not_for_type: (p) => `${p.type} is not sent on ${p.event}`,
  format_needs_url: (p) => `${p.address}: JSON is posted to an https URL only`,
  version_not_supported: (p) => `${p.type} version ${p.version} is not written`,

  // the terminal (Moscow Cargo)
  terminal_not_configured: () => "terminal not configured",
  terminal_not_on_route: () => "the route does not touch the terminal's airports",
  terminal_timeout: (p) => `the terminal did not answer within ${p.ms} ms`,
  terminal_unreachable: (p) => `the terminal could not be reached (${p.detail})`,
  terminal_answer_too_large: (p) => `the terminal's answer (status ${p.status}) was too large`,
  terminal_bad_status: (p) => `the terminal answered ${p.status}`,
  terminal_refused: (p) => `the terminal refused the air waybill (${p.status})${p.words ? `: ${p.words}` : ""}`,

  // prices (api/billing; issue 24): amounts as decimal text (cargo/money parseAmount), tariffs, charges, surcharges
  amount_not_decimal: () => "must be a decimal amount such as 1234.50",
  amount_too_long: () => "has too many digits (at most 15 before and 6 after the point)",
  amount_negative_zero: () => "must not be minus zero",
  unknown_currency: () => "is not an ISO 4217 currency code",
  tariff_exists: () => "Exists",
  tariff_not_found: () => "tariff not found",
  charge_not_found: () => "charge not found",
  surcharge_not_found: () => "surcharge not found",
  tariffs_not_available: () => "Information about tariffs is not available",
  carrier_required: () => "Name the airline (the carrier parameter or the Carrier header)",
  transfer_is_route_end: (p) => `${p.code} is the origin or the destination, not a transfer`,
  tariff_needs_rates: () => "must have at least one rate",
  tariff_needs_normal_rate: (p) => `must have an N rate for product ${p.product}`,
  rate_duplicate: () => "the same product, class and break are given twice",
  not_more_than: (p) => `must not be more than ${p.field}`,
  waybill_not_priced: () => "The air waybill could not be priced with the airline's tariffs",
  rate_not_found: () => "rate not found",

  // uploads, row by row (api/settings/uploads.ts)
  header_mismatch: (p) => `The header does not match the template (${columnsSaid(p)}); nothing was stored`,
  header_columns: (p) => columnsSaid(p),
  no_rows: () => "The file has no rows; nothing was stored",
  no_data_rows: () => "no data rows",
  too_many_rows: (p) => `at most ${p.max} rows`,
  file_too_long: () => "The file is too long; nothing was stored",
  rows_have_errors: (p) => `${rows(p.count!)} errors; nothing was stored`,

  // offers (cargo/offers/offer-status: the offer's graph; api/offers)
  offer_not_found: () => "Offer not found",
  offer_state_forbids: (p) => `An offer in state ${p.state} does not allow ${String(p.action).replace(/_/g, " ")}`,
  offer_expired: (p) => `The offer was valid until ${p.valid_until}`,
  offer_needs_rates: () => "must have at least one rate before the offer is sent",
  offer_trip_route: (p) => `must lead from ${p.origin} to ${p.destination}, each flight leaving from where the one before lands`,
} satisfies Record<string, Sentence>;

/** Upload refusals keep their own module (statuses beside sentences) and belong to the one catalogue. */
const UPLOADS = Object.fromEntries(Object.entries(UPLOAD_REFUSALS).map(([code, r]) => [code, r.sentence])) as Record<UploadRefusalCode, Sentence>;

export type RefusalCode = keyof typeof GENERAL | UploadRefusalCode;

/** Every code the API may answer, with its English sentence. */
export const REFUSALS: Record<RefusalCode, Sentence> = { ...GENERAL, ...UPLOADS };
export const REFUSAL_CODES = Object.keys(REFUSALS) as RefusalCode[];

/** One refusal: the code and the values its sentence and its translations use. */
export interface Refusal {
  code: RefusalCode;
  params: RefusalParams;
  /** The schema's own sentence when it words the code its own way (a zod message); else the catalogue's. */
  sentence?: string;
}

export const isRefusalCode = (value: unknown): value is RefusalCode => typeof value === "string" && Object.hasOwn(REFUSALS, value);

export const sentenceOf = (code: RefusalCode, params: RefusalParams = {}) => REFUSALS[code](params);

/**
 * The sentences the schemas state as zod messages, back to their code (api/http/errors.ts reads a zod issue's code from
 * here): a schema writes `said("hs_code_digits")` where it wrote the text, so its issue keeps its code without zod
 * knowing about codes. Only sentences this module wrote are here; identical sentences share their first code.
 */
const SAID = new Map<string, Refusal>();

export function said(code: RefusalCode, params: RefusalParams = {}): string {
  const text = sentenceOf(code, params);
  if (!SAID.has(text)) SAID.set(text, { code, params });
  return text;
}

export const refusalOfSentence = (text: string): Refusal | undefined => SAID.get(text);
