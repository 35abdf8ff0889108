import { sameRecordValue } from "../../../cargo/records/same-value";

// What the waybill's change log shows (issue 22 §3): the one list of fields a user changes, each with how its value
// reads on the shipment page. Everything else a change set carries (the number's prefix, bso, stamps, creator ids,
// computed totals and ratings, flags kept for the list) is the system's own bookkeeping and stays out; a field whose
// before and after say the same (a party block read back in another key order, [] for nothing) is no change.

export type ChangeKind = "text" | "codes" | "kg" | "m3" | "flag" | "instant" | "date" | "party" | "dimensions" | "payment";

/** Field → how it reads; the label is `awb:fields.<field>` in every language. Order: the order the page shows them. */
export const USER_FIELDS = {
  origin_iata: "text",
  destination_iata: "text",
  manual_route: "codes",
  pieces: "text",
  weight: "kg",
  volume: "m3",
  airline_defined_cw: "kg",
  dimensions: "dimensions",
  shcs: "codes",
  commodity: "text",
  hs_codes: "codes",
  product_code: "text",
  postal: "flag",
  postal_number: "text",
  shipper: "party",
  consignee: "party",
  notify: "party",
  accounting_information: "text",
  handling_information: "text",
  currency: "text",
  notation: "text",
  issued_at: "instant",
  verified_at: "instant",
  voided_at: "instant",
  void_reason: "text",
  void_payment: "payment",
  delivered_at: "instant",
  charter: "flag",
} as const satisfies Record<string, ChangeKind>;

export type UserField = keyof typeof USER_FIELDS;

export interface UserChange {
  field: UserField;
  kind: ChangeKind;
  before: unknown;
  after: unknown;
}

/** The changes of one change-log entry a user made, in the page's order. */
export function userChanges(changeSet: Record<string, unknown[]>): UserChange[] {
  return (Object.keys(USER_FIELDS) as UserField[]).flatMap((field) => {
    const pair = changeSet[field];
    if (!pair || sameRecordValue(pair[0], pair[1])) return [];
    // a flag off where there was none (a new waybill's defaults) is no choice the user made
    if (USER_FIELDS[field] === "flag" && Boolean(pair[0]) === Boolean(pair[1])) return [];
    return [{ field, kind: USER_FIELDS[field], before: pair[0] ?? null, after: pair[1] ?? null }];
  });
}
