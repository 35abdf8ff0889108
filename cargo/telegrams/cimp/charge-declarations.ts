import type { TelegramLine } from "../telegram-lines";
import { AMOUNT, amount, element, Faults, orNull } from "./cimp-fields";

/**
 * Charge declarations (CVD), in FWB and in each of FHL's houses:
 *
 *   CVD/USD/PP/PP/NVD/NCV/XXX     currency / charge code / weight-valuation and other charges, P or C each /
 *                                 declared value for carriage (NVD: none) / for customs (NCV) / insurance (XXX)
 *   CVD/USD/CC/NVD/4289.68/XXX    the same without a charge code (FHL, and FWBs that leave it out)
 *
 * Declared values are decimal strings or the "no value" words, never numbers (DESIGN §4b).
 */
export interface ChargeDeclarations {
  currency: string | null;
  chgs_code: string | null;
  /** Weight/valuation charges: P prepaid, C collect. */
  wt_val: "P" | "C" | null;
  other_charges_payment: "P" | "C" | null;
  declared_value_carriage: string | null;
  declared_value_customs: string | null;
  insurance_amount: string | null;
}

const PAYMENTS = /^([PC])([PC])$/;

export function readChargeDeclarations(faults: Faults, line: TelegramLine, afterTag: readonly string[]): ChargeDeclarations {
  // six elements: the charge code was left out entirely (not even an empty element)
  const [currency, chgs, payments, carriage, customs, insurance] = afterTag.length === 5 ? [afterTag[0], "", ...afterTag.slice(1)] : afterTag;
  if (currency && !/^[A-Z]{3}$/.test(currency)) faults.add(line.no, "bad_field", { field: "currency", value: currency.slice(0, 20) });
  const pc = payments ? PAYMENTS.exec(payments) : null;
  if (payments && !pc) faults.add(line.no, "bad_field", { field: "prepaid/collect indicators", value: payments.slice(0, 20) });
  const value = (field: string, text: string | undefined, none: string) => {
    if (!text) return null;
    if (text === none || AMOUNT.test(text)) return text;
    faults.add(line.no, "bad_field", { field, value: text.slice(0, 40) });
    return null;
  };
  if (afterTag.length > 6) faults.add(line.no, "bad_field", { field: "charge declarations", value: afterTag.slice(6).join("/").slice(0, 40) });
  return {
    currency: orNull(currency),
    chgs_code: orNull(chgs),
    wt_val: (pc?.[1] as "P" | "C" | undefined) ?? null,
    other_charges_payment: (pc?.[2] as "P" | "C" | undefined) ?? null,
    declared_value_carriage: value("declared value for carriage", carriage, "NVD"),
    declared_value_customs: value("declared value for customs", customs, "NCV"),
    insurance_amount: value("amount of insurance", insurance, "XXX"),
  };
}

export function writeChargeDeclarations(c: ChargeDeclarations): string {
  const declared = (field: string, v: string | null, none: string) => (v === none ? none : amount(field, v));
  const payments = c.wt_val && c.other_charges_payment ? `${c.wt_val}${c.other_charges_payment}` : "";
  return [
    "CVD",
    element("currency", c.currency),
    element("charge code", c.chgs_code),
    payments,
    declared("declared value for carriage", c.declared_value_carriage, "NVD"),
    declared("declared value for customs", c.declared_value_customs, "NCV"),
    declared("amount of insurance", c.insurance_amount, "XXX"),
  ].join("/");
}
