/**
 * Accounting information presets (spec 2 §9): 22 client presets, the return-to-origin preset and 7 templates. The
 * API keeps them per airline (its `accounting_presets` table) but serves no route for them yet, so the form offers
 * this catalogue. The spec names only the seven templates; the client presets and every preset's text are ours,
 * written in capital Latin letters as the accounting box of an air waybill and Cargo-IMP carry them. A template's
 * "____" marks what the user fills in. Names are translated (awb:presets.<code>); the text goes in as it is.
 */

export type PresetKind = "client" | "return_to_origin" | "template";

export interface AccountingPreset {
  code: string;
  kind: PresetKind;
  text: string;
}

const client = (code: string, text: string): AccountingPreset => ({ code, kind: "client", text });
const template = (code: string, text: string): AccountingPreset => ({ code, kind: "template", text });

export const ACCOUNTING_PRESETS: readonly AccountingPreset[] = [
  client("freight_prepaid", "FREIGHT PREPAID"),
  client("freight_collect", "FREIGHT COLLECT"),
  client("cash", "PAYMENT IN CASH"),
  client("cheque", "PAYMENT BY CHEQUE"),
  client("credit_card", "PAYMENT BY CREDIT CARD"),
  client("bank_transfer", "PAYMENT BY BANK TRANSFER"),
  client("invoice", "PAYMENT BY INVOICE"),
  client("mco", "MCO"),
  client("pta", "PTA"),
  client("gbl", "GBL"),
  client("cass", "SETTLEMENT VIA CASS"),
  client("agent_account", "CHARGE TO AGENT ACCOUNT"),
  client("shipper_account", "CHARGE TO SHIPPER ACCOUNT"),
  client("consignee_account", "CHARGE TO CONSIGNEE ACCOUNT"),
  client("third_party", "THIRD PARTY BILLING"),
  client("comat", "COMAT COMPANY MATERIAL"),
  client("diplomatic", "DIPLOMATIC CARGO"),
  client("free_of_charge", "FREE OF CHARGE"),
  client("humanitarian", "HUMANITARIAN AID"),
  client("charter", "CHARTER FLIGHT"),
  client("samples", "SAMPLES NO COMMERCIAL VALUE"),
  client("documents", "DOCUMENTS ONLY"),
  { code: "return_to_origin", kind: "return_to_origin", text: "RETURN TO ORIGIN" },
  template("government_bill_mvd", "GOVERNMENT BILL MVD NO ____ DATED ____"),
  template("government_bill_mil", "GOVERNMENT BILL MIL NO ____ DATED ____"),
  template("cash_payment", "CASH PAYMENT RECEIPT NO ____ DATED ____"),
  template("account_payment", "ACCOUNT PAYMENT CONTRACT NO ____ DATED ____"),
  template("mixed_payment", "MIXED PAYMENT ACCOUNT ____ CASH ____"),
  template("mixed_payment_cash", "MIXED PAYMENT CASH INCLUDED ____ RECEIPT NO ____"),
  template("client_code_basis", "CLIENT CODE ____ BASIS DOCUMENT ____"),
];

export const presetByCode = (code: string | null | undefined): AccountingPreset | undefined => ACCOUNTING_PRESETS.find((p) => p.code === code);

/**
 * The accounting text after choosing a preset: a preset already in the text is not added twice; another one is
 * added on a new line (a waybill may carry a client preset and a template both).
 */
export function withPreset(current: string | null | undefined, preset: AccountingPreset): string {
  const text = (current ?? "").trim();
  if (!text) return preset.text;
  if (text.split("\n").some((line) => line.trim() === preset.text)) return text;
  return `${text}\n${preset.text}`;
}
