/**
 * The connection rule at a transfer airport, from its handler record (spec 2 "Handler":
 * min_connection_time_domestic, min_connection_time_intl, max_connection_time, transfer).
 *
 * Cargo needs time to be unloaded, moved and built up again, and customs-bound (international)
 * cargo needs more, so the minimum depends on whether the connection is domestic. The maximum
 * bounds how long cargo may sit in a warehouse between flights.
 */

export interface ConnectionRules {
  /** Minutes. */
  minConnectionTimeDomestic: number;
  /** Minutes. */
  minConnectionTimeIntl: number;
  /**
   * Minutes; null, undefined or 0 means no maximum. 0 is read as "not set" rather than "no
   * connection allowed": a maximum below the minimum would forbid every transfer, which the
   * `transfer` flag already says directly.
   */
  maxConnectionTime?: number | null;
  /** false: the handler does not accept transfer cargo at all. Missing means it does. */
  transfer?: boolean | null;
}

export type ConnectionStatus =
  | "ok"
  /** Less time than the minimum (including a departure before the arrival). */
  | "too_short"
  | "too_long"
  /** No handler at the transfer airport, or one that does not accept transfer cargo. */
  | "no_transfer";

export interface ConnectionCheck {
  status: ConnectionStatus;
  /** STD of the departing segment minus STA of the arriving one; negative when it leaves first. */
  connectionMinutes: number;
  /** The minimum applied (domestic or international); null without a handler. */
  minMinutes: number | null;
  maxMinutes: number | null;
  domestic: boolean;
}

export interface CountryLeg {
  originCountry: string;
  destinationCountry: string;
}

/**
 * Domestic connection: both segments lie within one country (all three airports in it). A
 * domestic arrival connecting onto an international departure is international: the cargo
 * clears export at the transfer airport.
 */
export function isDomesticConnection(arriving: CountryLeg, departing: CountryLeg): boolean {
  const c = arriving.originCountry;
  return !!c && arriving.destinationCountry === c && departing.originCountry === c && departing.destinationCountry === c;
}

function minutesBetween(from: Date | number, to: Date | number): number {
  return Math.round((+to - +from) / 60_000);
}

/**
 * The verdict alone, without building a result: the route search calls this for every candidate
 * pair of legs. Both ends of the window are allowed: a connection of exactly the minimum (or the
 * maximum) is good.
 */
export function connectionStatus(
  connectionMinutes: number,
  rules: ConnectionRules | null | undefined,
  domestic: boolean,
): ConnectionStatus {
  if (!rules || rules.transfer === false) return "no_transfer";
  if (connectionMinutes < (domestic ? rules.minConnectionTimeDomestic : rules.minConnectionTimeIntl)) return "too_short";
  if (rules.maxConnectionTime && connectionMinutes > rules.maxConnectionTime) return "too_long";
  return "ok";
}

export function checkConnection(args: {
  arrivalSta: Date | number;
  departureStd: Date | number;
  rules: ConnectionRules | null | undefined;
  domestic: boolean;
}): ConnectionCheck {
  const { rules, domestic } = args;
  const connectionMinutes = minutesBetween(args.arrivalSta, args.departureStd);
  const usable = !!rules && rules.transfer !== false;
  return {
    status: connectionStatus(connectionMinutes, rules, domestic),
    connectionMinutes,
    minMinutes: usable ? (domestic ? rules.minConnectionTimeDomestic : rules.minConnectionTimeIntl) : null,
    maxMinutes: usable && rules.maxConnectionTime ? rules.maxConnectionTime : null,
    domestic,
  };
}
