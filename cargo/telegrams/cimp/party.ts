import type { TelegramLine } from "../telegram-lines";
import { element, Faults, orNull } from "./cimp-fields";

/**
 * A party block of a waybill as Cargo-IMP carries it (FWB's SHP, CNE, NFY, AGT; FHL's SHP and CNE), in the names of
 * the product's PartyBlock (api/db/tables/air-waybills.ts) so that processing copies it:
 *
 *   SHP/ACCOUNT                 the account (FWB) or the name (FWB's NFY, FHL) on the header line
 *   /SEKO WORLDWIDE LLC         name
 *   /1840 W AIRFIELD DRIVE      street address
 *   /DFW AIRPORT/TX             place / state
 *   /US/75261/TE/19725748283    country / post code / contact type / contact number ...
 *
 * Older senders label the lines instead (NAM/..., ADR/..., LOC/...); both are read.
 */
export interface TelegramParty {
  account_number: string | null;
  name: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  country_code: string | null;
  post_code: string | null;
  contacts: Array<{ type: string; value: string }>;
}

/** The issuing carrier's agent (FWB's AGT): its IATA cargo agent code and CASS address, then its name and place. */
export interface TelegramAgent {
  account_number: string | null;
  iata_code: string | null;
  cass_address: string | null;
  participant_identifier: string | null;
  name: string | null;
  city: string | null;
}

/** Where a party's lines go: 0 name, 1 address, 2 place/state, 3 country/post/contacts. */
export const PARTY_LABELS: Readonly<Record<string, number>> = { NAM: 0, ADR: 1, LOC: 2 };

/** One line of a party block, with the slot a label gave it (NAM/ADR/LOC) or none (a "/" continuation). */
export interface PartyLine extends TelegramLine {
  slot?: number;
}

export type NamePlace = "account_on_header" | "name_on_header";

/**
 * Reads a party from its header's elements after the tag and its lines. Never throws; a line past the country
 * line or a contact without its number is a fault on its line.
 */
export function readParty(faults: Faults, header: TelegramLine, afterTag: readonly string[], lines: readonly PartyLine[], style: NamePlace): TelegramParty {
  const party: TelegramParty = { account_number: null, name: null, address: null, city: null, state: null, country_code: null, post_code: null, contacts: [] };
  const slots: Array<TelegramLine | undefined> = [];
  if (style === "name_on_header") {
    if (afterTag.length) slots[0] = { no: header.no, text: afterTag.join("/") };
  } else party.account_number = orNull(afterTag[0]);
  let next = slots.length;
  for (const line of lines) {
    const at = line.slot ?? next;
    if (at > 3) {
      faults.add(line.no, "unexpected_line", { tag: line.text.slice(0, 20) });
      continue;
    }
    slots[at] = line;
    next = at + 1;
  }
  party.name = orNull(slots[0]?.text);
  party.address = orNull(slots[1]?.text);
  const [city, state] = slots[2] ? slots[2].text.split("/") : [];
  party.city = orNull(city);
  party.state = orNull(state);
  if (slots[3]) {
    const [country, post, ...contacts] = slots[3].text.split("/");
    party.country_code = orNull(country);
    party.post_code = orNull(post);
    if (party.country_code && !/^[A-Z]{2}$/.test(party.country_code)) faults.add(slots[3].no, "bad_field", { field: "country code", value: party.country_code.slice(0, 20) });
    for (let i = 0; i < contacts.length; i += 2) {
      const type = contacts[i]!;
      const value = contacts[i + 1];
      if (!type && !value) continue;
      if (!type || !value) faults.add(slots[3].no, "missing_field", { field: "contact type and number" });
      else party.contacts.push({ type, value });
    }
  }
  return party;
}

/** The agent block: AGT/account/IATA code/CASS address/participant, then /name and /place. */
export function readAgent(afterTag: readonly string[], lines: readonly PartyLine[]): TelegramAgent {
  const byslot: Array<string | undefined> = [];
  let next = 0;
  for (const line of lines) {
    const at = line.slot === 2 ? 1 : (line.slot ?? next);
    byslot[at] = line.text;
    next = at + 1;
  }
  return {
    account_number: orNull(afterTag[0]),
    iata_code: orNull(afterTag[1]),
    cass_address: orNull(afterTag[2]),
    participant_identifier: orNull(afterTag[3]),
    name: orNull(byslot[0]),
    city: orNull(byslot[1]),
  };
}

/** The lines of a party block (header first), as readParty reads them. Throws RangeError on text it cannot carry. */
export function writeParty(tag: string, party: TelegramParty, style: NamePlace): string[] {
  const header = style === "name_on_header" ? `${tag}/${element("name", party.name)}` : party.account_number ? `${tag}/${element("account number", party.account_number)}` : tag;
  const place = party.state ? `${element("city", party.city)}/${element("state", party.state)}` : element("city", party.city);
  const contacts = party.contacts.flatMap((c) => [element("contact type", c.type), element("contact", c.value)]);
  const country = [element("country code", party.country_code), element("post code", party.post_code), ...contacts];
  while (country.length && country[country.length - 1] === "") country.pop();
  const slots = [style === "name_on_header" ? null : element("name", party.name), element("address", party.address), place, country.join("/")];
  while (slots.length && !slots[slots.length - 1]) slots.pop();
  return [header, ...slots.slice(style === "name_on_header" ? 1 : 0).map((text) => `/${text ?? ""}`)];
}

export function writeAgent(agent: TelegramAgent): string[] {
  const header = [agent.account_number, agent.iata_code, agent.cass_address, agent.participant_identifier].map((v, i) => element(`agent element ${i + 1}`, v));
  while (header.length && header[header.length - 1] === "") header.pop();
  const lines = [element("agent name", agent.name), element("agent place", agent.city)];
  while (lines.length && !lines[lines.length - 1]) lines.pop();
  return [["AGT", ...header].join("/"), ...lines.map((text) => `/${text}`)];
}
