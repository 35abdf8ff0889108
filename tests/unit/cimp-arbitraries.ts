import fc from "fast-check";
import type { ChargeDeclarations } from "../../cargo/telegrams/cimp/charge-declarations";
import type { CustomsInformation } from "../../cargo/telegrams/cimp/customs-information";
import type { FhlHouseWaybill, FhlMessage } from "../../cargo/telegrams/cimp/fhl";
import { type FwbMessage, type FwbRatingLine, summariseRating } from "../../cargo/telegrams/cimp/fwb";
import type { TelegramAgent, TelegramParty } from "../../cargo/telegrams/cimp/party";

/**
 * Random valid Cargo-IMP models for the round-trip properties (issue 23: generate → parse → equal). "Valid" means
 * what a telegram can carry: upper-case Type-B text without the "/" separator, single spaces, money as decimal
 * strings, the segments a message must have.
 */
export const word = fc.stringMatching(/^[A-Z0-9][A-Z0-9.\-]{0,7}$/);
export const text = fc.array(word, { minLength: 1, maxLength: 4 }).map((words) => words.join(" "));
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });
export const decimal = fc.stringMatching(/^(0|[1-9]\d{0,6})(\.\d{1,2})?$/);
const airport = fc.stringMatching(/^[A-Z]{3}$/);
const carrier = fc.stringMatching(/^[A-Z0-9]{2}$/);
const country = fc.stringMatching(/^[A-Z]{2}$/);
const oneDecimal = fc.integer({ min: 1, max: 999_999 }).map((n) => n / 10);
const whole = fc.integer({ min: 1, max: 99_999 });
/** The consignment detail carries up to four digits of pieces. */
const consignmentPieces = fc.integer({ min: 1, max: 9_999 });

export const mawb = fc.tuple(fc.integer({ min: 0, max: 999 }), fc.integer({ min: 0, max: 9_999_999 })).map(([prefix, serial]) => `${String(prefix).padStart(3, "0")}-${String(serial).padStart(7, "0")}${serial % 7}`);

export const party: fc.Arbitrary<TelegramParty> = fc.record({
  account_number: maybe(fc.stringMatching(/^[A-Z0-9]{1,14}$/)),
  name: maybe(text),
  address: maybe(text),
  city: maybe(text),
  state: maybe(word),
  country_code: maybe(country),
  post_code: maybe(word),
  contacts: fc.array(fc.record({ type: fc.constantFrom("TE", "FX", "TL", "EM"), value: word }), { maxLength: 2 }),
});

/** FHL and FWB's NFY carry the name on the header line, not an account. */
export const namedParty = party.map((p) => ({ ...p, account_number: null }));

const agent: fc.Arbitrary<TelegramAgent> = fc.record({
  account_number: maybe(word),
  iata_code: maybe(fc.stringMatching(/^\d{7}$/)),
  cass_address: maybe(fc.stringMatching(/^\d{4}$/)),
  participant_identifier: maybe(word),
  name: maybe(text),
  city: maybe(text),
});

export const customsInformation: fc.Arbitrary<CustomsInformation> = fc.record({
  country_code: maybe(country),
  information_identifier: maybe(fc.constantFrom("SHP", "CNE", "NFY", "ISS", "OSS", "DNR")),
  customs_identifier: maybe(fc.constantFrom("T", "CT", "ED", "RA", "SM", "SD", "ST")),
  supplementary_information: maybe(text),
});

export const chargeDeclarations: fc.Arbitrary<ChargeDeclarations> = fc
  .record({
    currency: maybe(fc.stringMatching(/^[A-Z]{3}$/)),
    chgs_code: maybe(fc.constantFrom("PP", "CC", "PX", "CX")),
    payments: maybe(fc.constantFrom(["P", "P"], ["P", "C"], ["C", "P"], ["C", "C"])),
    declared_value_carriage: maybe(fc.oneof(fc.constant("NVD"), decimal)),
    declared_value_customs: maybe(fc.oneof(fc.constant("NCV"), decimal)),
    insurance_amount: maybe(fc.oneof(fc.constant("XXX"), decimal)),
  })
  .map(({ payments, ...rest }) => ({ ...rest, wt_val: (payments?.[0] as "P" | "C" | undefined) ?? null, other_charges_payment: (payments?.[1] as "P" | "C" | undefined) ?? null }));

const ratingLine: fc.Arbitrary<FwbRatingLine> = fc.record({
  pieces: whole,
  weight_code: fc.constantFrom("K", "L"),
  gross_weight: oneDecimal,
  rate_class_code: fc.constantFrom("M", "N", "Q", "C", "R", "S", "U"),
  commodity_item_number: maybe(fc.stringMatching(/^\d{4}$/)),
  chargeable_weight: maybe(oneDecimal),
  rate: maybe(decimal),
  total: maybe(decimal),
  nature_of_goods: maybe(text),
  consolidation: fc.boolean(),
  dimensions: fc.array(
    fc.oneof(
      fc.record({ weight_code: fc.constant(null), weight: fc.constant(null), unit: fc.constantFrom("CMT", "INH"), length: whole, width: whole, height: whole, pieces: maybe(whole) }),
      fc.record({ weight_code: fc.constantFrom("K", "L"), weight: oneDecimal, unit: fc.constantFrom("CMT", "INH"), length: whole, width: whole, height: whole, pieces: maybe(whole) }),
    ),
    { maxLength: 3 },
  ),
  no_dimensions: fc.boolean(),
  volume_code: fc.constant(null),
  volume: fc.constant(null),
  ulds: fc.array(fc.stringMatching(/^[A-Z]{3}\d{5}[A-Z0-9]{2}$/), { maxLength: 2 }),
  slac: maybe(whole),
  goods_origin_country: maybe(country),
  hs_codes: fc.array(fc.stringMatching(/^\d{6,10}$/), { maxLength: 3 }),
});
const ratingWithVolume = fc.tuple(ratingLine, maybe(fc.tuple(fc.constantFrom("MC", "CF"), fc.integer({ min: 1, max: 99_999 }).map((n) => n / 100)))).map(([r, v]) => ({ ...r, volume_code: v?.[0] ?? null, volume: v?.[1] ?? null }));

const chargeSummary = fc.record({ weight_charge: maybe(decimal), valuation: maybe(decimal), tax: maybe(decimal), due_agent: maybe(decimal), due_carrier: maybe(decimal), total: maybe(decimal) });
const isoDate = fc.tuple(fc.integer({ min: 2000, max: 2099 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 })).map(([y, m, d]) => `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`);

export const fwbMessage: fc.Arbitrary<FwbMessage> = fc
  .record({
    mawb,
    origin_iata: airport,
    destination_iata: airport,
    pieces: consignmentPieces,
    weight_code: fc.constantFrom("K", "L"),
    weight: oneDecimal,
    volume: maybe(fc.tuple(fc.constantFrom("MC", "CF", "CI", "CC"), fc.integer({ min: 1, max: 99_999 }).map((n) => n / 100))),
    density_group: maybe(fc.integer({ min: 1, max: 99 })),
    flights: fc.array(fc.record({ carrier, flight_number: fc.stringMatching(/^\d{3,4}[A-Z]?$/), day: fc.integer({ min: 1, max: 31 }) }), { maxLength: 3 }),
    routing: fc.array(fc.record({ airport_iata: airport, carrier }), { minLength: 1, maxLength: 3 }),
    shipper: party,
    consignee: party,
    issuing_agent: maybe(agent),
    special_service_requests: fc.array(text, { maxLength: 2 }),
    notify: maybe(namedParty),
    accounting_information: fc.array(fc.record({ identifier: fc.constantFrom("GEN", "CRN", "GBL", "RET"), text: maybe(text) }), { maxLength: 2 }),
    declarations: chargeDeclarations,
    rating: fc.array(ratingWithVolume, { minLength: 1, maxLength: 3 }),
    other_charges: fc.array(fc.record({ code: fc.stringMatching(/^[A-Z]{2}$/), due: fc.constantFrom("A", "C"), payment: fc.constantFrom("P", "C"), amount: decimal }), { maxLength: 4 }),
    totals: fc.record({ prepaid: maybe(chargeSummary), collect: maybe(chargeSummary) }),
    shipper_certification: maybe(text),
    executed_on: isoDate,
    executed_at: maybe(text),
    signature: maybe(text),
    other_service_information: fc.array(text, { maxLength: 3 }),
    sender_reference: maybe(fc.record({ office_message_address: maybe(fc.stringMatching(/^[A-Z]{7}$/)), file_reference: maybe(word), participant_identifier: maybe(fc.constantFrom("AGT", "FFW", "GHA")), participant_code: maybe(word), participant_airport: maybe(airport) })),
    customs_origin_code: maybe(fc.constantFrom("T1", "T2", "X")),
    agent_reference: maybe(word),
    shcs: fc.array(fc.stringMatching(/^[A-Z]{3}$/), { maxLength: 4 }),
    nominated_handling_party: maybe(fc.record({ name: maybe(text), place: maybe(airport) })),
    shipment_reference: maybe(fc.record({ reference: maybe(word), supplementary_information: fc.array(word, { maxLength: 2 }) })),
    other_participants: fc.array(fc.record({ name: maybe(text), details: fc.array(word, { maxLength: 2 }) }), { maxLength: 2 }),
    customs_information: fc.array(customsInformation, { maxLength: 4 }),
  })
  .map(({ volume, declarations, ...rest }) => ({
    ...rest,
    ...declarations,
    volume_code: volume?.[0] ?? null,
    volume: volume?.[1] ?? null,
    ...summariseRating(rest.rating),
  }));

const house: fc.Arbitrary<FhlHouseWaybill> = fc.record({
  serial_number: fc.stringMatching(/^[A-Z0-9]{1,12}$/),
  origin_iata: airport,
  destination_iata: airport,
  pieces: whole,
  weight_code: fc.constantFrom("K", "L"),
  weight: oneDecimal,
  slac: maybe(whole),
  manifest_description_of_goods: maybe(text),
  shcs: fc.array(fc.stringMatching(/^[A-Z]{3}$/), { maxLength: 9 }),
  free_text: maybe(fc.array(text, { minLength: 1, maxLength: 3 }).map((lines) => lines.join("\n"))),
  hs_codes: fc.array(fc.stringMatching(/^\d{6,10}$/), { maxLength: 4 }),
  customs_information: fc.array(customsInformation, { maxLength: 3 }),
  shipper: maybe(namedParty),
  consignee: maybe(namedParty),
  charge_declarations: maybe(chargeDeclarations),
});

export const fhlMessage: fc.Arbitrary<FhlMessage> = fc.record({
  mawb,
  route: maybe(fc.tuple(airport, airport)),
  pieces: consignmentPieces,
  weight_code: fc.constantFrom("K", "L"),
  weight: oneDecimal,
  house_waybills: fc.uniqueArray(house, { minLength: 1, maxLength: 4, selector: (h) => h.serial_number }),
}).map(({ route, ...rest }) => ({ ...rest, origin_iata: route?.[0] ?? null, destination_iata: route?.[1] ?? null }));
