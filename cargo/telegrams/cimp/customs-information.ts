import type { LogicalLine } from "../telegram-lines";
import { element, Faults, orNull } from "./cimp-fields";

/**
 * Other customs, security and regulatory control information (OCI), shared by FWB, FHL and FFM:
 *
 *   OCI/US/SHP/T/USC7788          country / information identifier / customs identifier / supplementary information
 *   /DE/CNE/CT/49665279340        one more entry per continuation line
 *   ///ST/CARGO HAS BEEN EXAMINED an element left empty: the one before it still applies (how senders write it)
 *
 * Entries keep the elements as written (null when empty), so a receiver sees what the sender sent.
 */
export interface CustomsInformation {
  country_code: string | null;
  information_identifier: string | null;
  customs_identifier: string | null;
  supplementary_information: string | null;
}

export function readCustomsInformation(faults: Faults, line: LogicalLine, afterTag: readonly string[]): CustomsInformation[] {
  const out: CustomsInformation[] = [];
  const entry = (no: number, elements: readonly string[]) => {
    if (elements.length > 4) faults.add(no, "bad_field", { field: "customs information", value: elements.join("/").slice(0, 40) });
    const [country, information, customs, ...rest] = elements;
    out.push({ country_code: orNull(country), information_identifier: orNull(information), customs_identifier: orNull(customs), supplementary_information: orNull(rest.join("/")) });
  };
  entry(line.no, afterTag);
  for (const more of line.continuations) entry(more.no, more.text.split("/"));
  return out;
}

export function writeCustomsInformation(entries: readonly CustomsInformation[]): string[] {
  return entries.map((e, i) => {
    const text = [
      element("customs country", e.country_code),
      element("information identifier", e.information_identifier),
      element("customs identifier", e.customs_identifier),
      element("supplementary customs information", e.supplementary_information),
    ].join("/");
    return i === 0 ? `OCI/${text}` : `/${text}`;
  });
}
