/**
 * Limits of what a user may enter, shared by the API's schemas and the BFF's forms so both refuse the same
 * values (issue 8 §4, DESIGN §4a). Pure numbers: cargo/ imports nothing, and app/ must not import api/.
 */

/** Longest text per kind of field, in characters. */
export const TEXT_MAX = {
  /** Codes and short identifiers: IATA, SHC, AWB prefix, carrier, response status. */
  code: 10,
  /** Numbers, references and names that are indexed or shown in one line (contract number, short name, phone). */
  name: 255,
  /** Free text: notes, descriptions, addresses. */
  text: 2000,
  /** A list filter's search term. */
  search: 100,
} as const;

/** Longest string any request may carry anywhere: a safety net far above every field's own limit. */
export const ANY_TEXT_MAX = 10_000;

/** PostgreSQL `integer`: ids and every integer column. */
export const INT32_MAX = 2_147_483_647;

/**
 * Heaviest weight any field may hold, kg: four times the largest payload ever flown (An-225, 250 t), so every real
 * flight, capacity and allotment fits and a typo of a few extra digits does not.
 */
export const MAX_WEIGHT_KG = 1_000_000;
/** Largest volume, m3: the same margin over the largest freighter's hold (An-225, 1 300 m3). */
export const MAX_VOLUME_M3 = 10_000;
/** Largest percentage a rule or limit may state (load factors go above 100 when overbooked). */
export const MAX_PERCENT = 1000;
/** Largest count of passengers or pieces in one statistic row. */
export const MAX_COUNT = 100_000_000;

/**
 * No number field holds more than this (in either sign) unless its own limit is lower: far above any weight, rate or
 * coordinate, far below where double arithmetic and formatting go wrong (1.7e308).
 */
export const MAX_NUMBER = 1_000_000_000;

/** Dates the application accepts: anything else is a typo or an attack, and PostgreSQL or Date cannot hold some. */
export const MIN_YEAR = 1970;
export const MAX_YEAR = 2100;

/** Longest a flight leg may last from STD to STA (the longest scheduled flights take under 20 h). */
export const MAX_FLIGHT_HOURS = 72;

/** Most items of one list field (codes of a flight, an agreement or a company). */
export const MAX_LIST_ITEMS = 500;

/** Most contacts of one company or party (a handful in practice). */
export const MAX_CONTACTS = 50;

/** Longest a handler's acceptance or connection time may be, in minutes (a week). */
export const MAX_HANDLING_MINUTES = 7 * 24 * 60;

/**
 * Most cargo labels (one per piece) in one label PDF: a waybill may count 100 000 pieces, and one file of this many
 * labels is drawn in well under a second (api/documents/labels.ts); the next file starts where this one ends.
 */
export const MAX_LABELS_PER_FILE = 500;

/**
 * Most digits after the decimal separator a number field takes (cargo/numbers/decimal-text.ts): more is a typo or a
 * float's noise (0.1 + 0.2), refused beside the field rather than rounded away. Whole numbers (pieces, counts, minutes,
 * ids, pages) take none.
 */
export const DECIMALS = {
  /** kg, to the gram (the AWB and Cargo-IMP print 0.1 kg; a scale weighs finer). */
  weight: 3,
  /** m3, to the litre. */
  volume: 3,
  /** cm, to the millimetre. */
  length: 1,
  percent: 2,
  /** Degrees of latitude or longitude: six places are about 10 cm. */
  coordinate: 6,
  /** Any other quantity: rates, amounts, ratios, averages. */
  other: 4,
} as const;
