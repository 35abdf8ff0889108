/**
 * cargo/: the air cargo domain as pure TypeScript (DESIGN §1). No I/O, nothing of ours imported,
 * no npm dependencies: api/ and app/ both build on it.
 *
 * Exports are listed by name, not `export *`: this list is the library's public surface, and
 * internal helpers of one module cannot collide with another module's names here.
 */

// Units, rounding, chargeable weight
export {
  roundHalfUp,
  roundWeight,
  roundVolume,
  CM3_PER_M3,
  KG_PER_LB,
  CM_PER_INCH,
  lbToKg,
  inchToCm,
  dimensionsVolumeM3,
  volumeFromDimensions,
  DEFAULT_CM3_PER_KG,
  kgPerM3FromCm3PerKg,
  volumeWeightKg,
  roundChargeableWeight,
  chargeableWeight,
} from "./units";
export type { Dimensions, CwRoundingRule, ChargeableWeightInput, ChargeableWeight } from "./units";

// Calendar dates, IATA dates, time zones
export { parseIsoDate, isIsoDate, formatIsoDate, daysInMonth, addDays, daysBetween, isoWeekday } from "./time/local-date";
export type { CalendarDate } from "./time/local-date";

// Change logs: whether a field really changed
export { recordContent, sameRecordValue } from "./records/same-value";
export { IATA_MONTHS, TWO_DIGIT_YEAR_CUTOFF, expandTwoDigitYear, formatIataDate, parseIataDate } from "./time/iata-date";
export {
  ZonedTimeError,
  isValidTimeZone,
  offsetMinutesAt,
  formatOffset,
  utcToLocal,
  formatLocalIso,
  resolveLocalTime,
  localToUtc,
  localDayWindow,
} from "./time/zoned-time";
export type { ZonedTimeErrorCode, LocalDateTime, LocalTimeKind, LocalTimeResolution } from "./time/zoned-time";

// Flights
export {
  isAirlineDesignator,
  parseFlightNumber,
  formatFlightNumber,
  normalizeFlightNumber,
  parseOwnFlightNumber,
  isOwnFlightNumber,
  numberWithDate,
  parseNumberWithDate,
} from "./flights/flight-number";
export type { FlightNumber, FlightIdentity, FlightNumberError, FlightIdentityError, FlightParseResult } from "./flights/flight-number";
export { FLIGHT_TYPES, FLIGHT_TYPE_CODES, isFlightType, flightType, isCargoFlightType } from "./flights/flight-types";
export type { FlightType, FlightTypeCategory, FlightTypeTraffic } from "./flights/flight-types";
export { parseDaysOfWeek, formatDaysOfWeek, isDaily } from "./flights/days-of-week";
export type { DaysOfWeekError } from "./flights/days-of-week";
export { MAX_SCHEDULE_DAYS, MAX_BLOCK_MINUTES, expandSchedule } from "./flights/schedule";
export type { ScheduleInput, DatedSegment, ScheduleErrorCode, ScheduleError, ScheduleResult } from "./flights/schedule";
export { allotmentHeld, allotmentReleaseAt, cargoLimit, segmentCapacity } from "./flights/capacity";
export type {
  AllotmentHold,
  SegmentAllotment,
  OverflowLimits,
  CapacityInput,
  LoadFactor,
  SegmentCapacity,
} from "./flights/capacity";
export { isDomesticConnection, connectionStatus, checkConnection } from "./flights/connections";
export type { ConnectionRules, ConnectionStatus, ConnectionCheck, CountryLeg } from "./flights/connections";
export { buildRouteIndex, handlerFor, searchRoutes, findTrips, groupTrips } from "./flights/route-search";
export type {
  SearchSegment,
  TransferHandler,
  RouteSearchRequest,
  TripConnection,
  Trip,
  TripGroup,
  RouteIndex,
} from "./flights/route-search";

// Air waybills: numbers, density, business checks
export { awbCheckDigit, checkAwbNumber, formatAwbNumber, awbNumberFromSerial, isAwbPrefix } from "./awb/awb-number";
export type { AwbPrefix, AwbNumber, AwbNumberError, AwbNumberCheck } from "./awb/awb-number";
export { DENSITY_GROUPS, densityKgPerM3, densityGroup } from "./awb/density";
export { SHIPMENT_LIMITS, HEAVY_CARGO_SHC, checkShipment, incompatibleShcPairs } from "./awb/business-checks";
export type {
  ShipmentFigures,
  ShipmentWarningCode,
  ShipmentErrorCode,
  ShipmentError,
  ShipmentCheckInput,
  ShipmentCheck,
} from "./awb/business-checks";
export { MOVEMENT_CODES, HAND_MOVEMENTS, DISCREPANCY_STATIONS, DISCREPANCY_CODES } from "./awb/movement-codes";
export type { MovementCode, HandMovement, DiscrepancyCode } from "./awb/movement-codes";

// Input limits shared by the API schemas and the BFF forms
export {
  TEXT_MAX,
  INT32_MAX,
  MAX_WEIGHT_KG,
  MAX_VOLUME_M3,
  MAX_PERCENT,
  MAX_COUNT,
  MIN_YEAR,
  MAX_YEAR,
  MAX_FLIGHT_HOURS,
  MAX_LIST_ITEMS,
  MAX_CONTACTS,
  MAX_HANDLING_MINUTES,
  DECIMALS,
  MAX_NUMBER,
} from "./limits";

// Numbers as people and clients type them: decimal digits only, within a field's sign, scale and range
export { decimalRange, readDecimalText, checkDecimalNumber, readDecimal, MAX_DECIMAL_TEXT } from "./numbers/decimal-text";
export type { DecimalRange, DecimalFault, DecimalReading } from "./numbers/decimal-text";

// Addresses: which countries need a post code
export { EU_MEMBER_STATES, POST_CODE_COUNTRIES, postCodeRequired, missingPostCode } from "./address/post-code";

// Telegrams (issue 23): Cargo-IMP, SSIM chapter 7, ASM/SSM and AHM MVT, read and written through one list of codecs
export { parseTelegram, generateTelegram } from "./telegrams/parse-telegram";
export type { ParsedTelegram, GenerateOptions } from "./telegrams/parse-telegram";
export { TELEGRAM_CODECS } from "./telegrams/codecs";
export type { TelegramCodec, TelegramFamily } from "./telegrams/telegram-codec";
export { TELEGRAM_ERROR_TEXT, telegramError } from "./telegrams/telegram-error";
export type { TelegramError, TelegramErrorCode } from "./telegrams/telegram-error";
export { readTypeB, writeTypeB } from "./telegrams/type-b";
export type { TypeBEnvelope } from "./telegrams/type-b";
export {
  SENDABLE_TELEGRAM_TYPES,
  MESSAGE_EVENTS,
  MESSAGE_FORMATS,
  MESSAGE_SETTING_LIMITS,
  checkAddress,
  splitAddresses,
  messageSettingFaults,
  settingsFor,
  maySend,
  isEventOf,
} from "./telegrams/message-setting";
export type { Channel, MessageSettingDraft, MessageSettingFault, MessageSettingRule, SendingSide, SendableTelegramType, MessageEvent } from "./telegrams/message-setting";

// Prices (issue 24). The rate engine itself (pricing/price-shipment.ts, price-index.ts) and money (money/money.ts)
// are imported by path, not from here: they need decimal.js and currency-codes, and the browser's bundles of the
// forms that import this index would otherwise carry both (about 100 KB) without using them.
export type { PriceIndex, PriceSet } from "./pricing/price-index";
export { PRICE_REASON_CODES, PRICE_REFUSAL_CODES, TARIFF_MISS_CODES, LINE_REASON_CODES } from "./pricing/reason-codes";
export type { PriceReasonCode, PriceRefusalCode, TariffMissCode, LineReasonCode } from "./pricing/reason-codes";
export type {
  TariffBasis,
  VatInclusion,
  TariffLevel,
  LegsNumber,
  RateClass,
  TariffRate,
  PriceAccounts,
  PriceScope,
  Tariff,
  BillingCharge,
  SurchargeType,
  Surcharge,
  PricedLeg,
  AirlinePricing,
  PricedShipment,
  PriceReason,
  RateLineKind,
  PriceLine,
  Price,
} from "./pricing/types";

// Offers (issue 24): a forwarder's quotation and its state graph; its price lines (offers/offer-rates.ts, on
// decimal.js) are imported by path, as the rate engine is
export {
  OFFER_STATUSES,
  OFFER_ACTIONS,
  OFFER_GRAPH,
  OFFER_TRANSITIONS,
  OFFER_STATE_REFUSAL,
  OFFER_LAPSED_REFUSAL,
  isOfferStatus,
  offerAllows,
  offerStatusAfter,
  offerActions,
  offerLapsed,
} from "./offers/offer-status";
export type { OfferStatus, OfferAction } from "./offers/offer-status";
export type { OfferRateType, OfferRateClass, OfferRateBasis, OfferRateCompany, OfferRateInput, OfferRateAmounts, OfferTotal } from "./offers/offer-rates";
