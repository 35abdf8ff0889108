/**
 * The platform's accounting information presets (spec 2 §9): 22 client presets, the return-to-origin preset and the
 * 7 templates. An airline that keeps none of its own is offered these (api/accounting-presets/routes.ts), and may
 * copy them into its own list to edit them. The spec names only the seven templates; the client presets and every
 * text are ours, in capital Latin letters as the accounting box of an air waybill and Cargo-IMP carry them. A
 * template's "____" marks what the user fills in.
 */

export const PRESET_KINDS = ["client", "return_to_origin", "template"] as const;
export type PresetKind = (typeof PRESET_KINDS)[number];

export interface CataloguePreset {
  code: string;
  kind: PresetKind;
  name: string;
  text: string;
}

const client = (code: string, name: string, text: string): CataloguePreset => ({ code, kind: "client", name, text });
const template = (code: string, name: string, text: string): CataloguePreset => ({ code, kind: "template", name, text });

export const DEFAULT_PRESETS: readonly CataloguePreset[] = [
  client("freight_prepaid", "Freight prepaid", "FREIGHT PREPAID"),
  client("freight_collect", "Freight collect", "FREIGHT COLLECT"),
  client("cash", "Cash", "PAYMENT IN CASH"),
  client("cheque", "Cheque", "PAYMENT BY CHEQUE"),
  client("credit_card", "Credit card", "PAYMENT BY CREDIT CARD"),
  client("bank_transfer", "Bank transfer", "PAYMENT BY BANK TRANSFER"),
  client("invoice", "Invoice", "PAYMENT BY INVOICE"),
  client("mco", "MCO", "MCO"),
  client("pta", "PTA", "PTA"),
  client("gbl", "Government bill of lading", "GBL"),
  client("cass", "Settlement via CASS", "SETTLEMENT VIA CASS"),
  client("agent_account", "Agent's account", "CHARGE TO AGENT ACCOUNT"),
  client("shipper_account", "Shipper's account", "CHARGE TO SHIPPER ACCOUNT"),
  client("consignee_account", "Consignee's account", "CHARGE TO CONSIGNEE ACCOUNT"),
  client("third_party", "Third party billing", "THIRD PARTY BILLING"),
  client("comat", "Company material (COMAT)", "COMAT COMPANY MATERIAL"),
  client("diplomatic", "Diplomatic cargo", "DIPLOMATIC CARGO"),
  client("free_of_charge", "Free of charge", "FREE OF CHARGE"),
  client("humanitarian", "Humanitarian aid", "HUMANITARIAN AID"),
  client("charter", "Charter flight", "CHARTER FLIGHT"),
  client("samples", "Samples", "SAMPLES NO COMMERCIAL VALUE"),
  client("documents", "Documents", "DOCUMENTS ONLY"),
  { code: "return_to_origin", kind: "return_to_origin", name: "Return to origin", text: "RETURN TO ORIGIN" },
  template("government_bill_mvd", "Government bill MVD", "GOVERNMENT BILL MVD NO ____ DATED ____"),
  template("government_bill_mil", "Government bill MIL", "GOVERNMENT BILL MIL NO ____ DATED ____"),
  template("cash_payment", "Cash payment", "CASH PAYMENT RECEIPT NO ____ DATED ____"),
  template("account_payment", "Account payment", "ACCOUNT PAYMENT CONTRACT NO ____ DATED ____"),
  template("mixed_payment", "Mixed payment", "MIXED PAYMENT ACCOUNT ____ CASH ____"),
  template("mixed_payment_cash", "Mixed payment, cash included", "MIXED PAYMENT CASH INCLUDED ____ RECEIPT NO ____"),
  template("client_code_basis", "Client code and basis document", "CLIENT CODE ____ BASIS DOCUMENT ____"),
];
