/**
 * The lists a waybill's parties are picked from (issue 10: airline customers, forwarder customers, notable companies),
 * as one select whose values say the source and the id ("fc:12"): the action reads the picked record afresh, so the
 * form never carries a party's data it could not check.
 */

export const PARTY_SOURCES = ["ac", "fc", "nc"] as const;
export type PartySource = (typeof PARTY_SOURCES)[number];

export interface PartyOption {
  value: string;
  label: string;
  source: PartySource;
}

export function partyRef(value: string): { source: PartySource; id: number } | null {
  const m = /^(ac|fc|nc):(\d{1,10})$/.exec(value);
  if (!m) return null;
  const id = Number(m[2]);
  return Number.isSafeInteger(id) && id > 0 ? { source: m[1] as PartySource, id } : null;
}

export const partyOption = (source: PartySource, id: number | string, name: string, city?: string | null): PartyOption => ({
  value: `${source}:${id}`,
  label: city ? `${name} · ${city}` : name,
  source,
});
