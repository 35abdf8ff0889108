import { tenantHasFeature } from "../access/can-access";
import type { SignedInUser } from "../auth/guard.server";
import { defaultCarrier } from "../settings/settings-user.server";
import { listAirlineCustomers } from "../upstream/airline-customers.server";
import { getAirlineSettings, listAirlines } from "../upstream/airlines.server";
import { listForwarderCustomers, listNotableCompanies } from "../upstream/parties.server";
import { listProductCodes } from "../upstream/product-codes.server";
import { presetsInUse } from "../upstream/accounting-presets.server";
import type { FormPresets } from "./accounting-presets";
import { roundingOf, type CwSettings } from "./awb-form-input";
import { partyOption, type PartyOption } from "./party-options";

// What the air waybill form needs besides its values: which fields this user has (the typed number on c6/su, the
// airline where the host does not name one, the forwarder for airline and platform staff), the airline's products
// and chargeable-weight settings, and the party lists this user may read. Only lists the API lets the user read are
// asked for: a refused one would be a 403, which sends the user to the access-denied page.

const LIST_SIZE = 100;

export interface AwbFormContext {
  /** The number field: typed numbers on the custom-number tenants (spec 1 §6 gating: c6, su). */
  typedNumber: boolean;
  /** The airline select (a forwarder or platform user on a host without an airline); null: the host's airline. */
  airlines: Array<{ value: string; label: string }> | null;
  /** The forwarder field: airline and platform staff create for a forwarder. */
  forwarderField: boolean;
  carrier: string;
  products: Array<{ value: string; label: string }>;
  cw: CwSettings;
  parties: PartyOption[];
  /** The accounting information presets of the host's airline (the catalogue where it keeps none, or no airline). */
  presets: FormPresets;
}

/**
 * The presets the form offers and its preset step applies: the host's airline's in use (the API falls back to the
 * catalogue). None when the API does not answer: the text field still takes what is typed.
 */
export async function formPresets(user: SignedInUser): Promise<FormPresets> {
  const found = await presetsInUse(user.api, defaultCarrier(user) || undefined);
  return found.ok ? { source: found.data.source, presets: found.data.data } : { source: "default", presets: [] };
}

export async function awbFormContext(user: SignedInUser): Promise<AwbFormContext> {
  const type = user.access.user?.type;
  const role = user.access.user?.role;
  const carrier = defaultCarrier(user);
  const [airlines, settings, products, customers, notable, airlineCustomers, presets] = await Promise.all([
    carrier ? null : listAirlines(user.api),
    carrier ? getAirlineSettings(user.api, carrier) : null,
    carrier ? listProductCodes(user.api, { page: 1, per_page: LIST_SIZE }) : null,
    type === "forwarder" || type === "platform" ? listForwarderCustomers(user.api, { page: 1, per_page: LIST_SIZE }) : null,
    type === "forwarder" || type === "platform" ? listNotableCompanies(user.api, { page: 1, per_page: LIST_SIZE }) : null,
    // airline customers: platform and the airline's Manager (the API's rule)
    type === "platform" || (type === "airline" && role === "manager") ? listAirlineCustomers(user.api, { page: 1, per_page: LIST_SIZE, active: true }) : null,
    formPresets(user),
  ]);
  const s = settings?.ok ? settings.data : null;
  const parties: PartyOption[] = [
    ...(airlineCustomers?.ok ? airlineCustomers.data.data.map((c) => partyOption("ac", c.id, c.name, c.city)) : []),
    ...(customers?.ok ? customers.data.data.map((c) => partyOption("fc", Number(c.id), c.name, c.city)) : []),
    ...(notable?.ok ? notable.data.data.map((c) => partyOption("nc", Number(c.id), c.name, c.city)) : []),
  ];
  return {
    typedNumber: tenantHasFeature(user.access, "customWaybillNumber"),
    airlines: airlines?.ok ? airlines.data.data.map((a) => ({ value: a.carrier, label: a.name ? `${a.carrier} · ${a.name}` : a.carrier })) : null,
    forwarderField: type === "airline" || type === "platform",
    carrier,
    products: products?.ok ? products.data.data.map((p) => ({ value: p.code, label: p.description ? `${p.code} · ${p.description}` : p.code })) : [],
    cw: {
      ...(s?.chargeable_ratio ? { cm3PerKg: Number(s.chargeable_ratio) } : {}),
      ...(s?.min_charge_weight ? { minChargeableKg: Number(s.min_charge_weight) } : {}),
      rounding: roundingOf(s?.cw_rounding_rule),
    },
    parties,
    presets,
  };
}
