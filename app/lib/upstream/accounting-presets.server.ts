import { z } from "zod";
import type { SortQuery } from "~/lib/settings/sort";
import type { Upstream } from "./client.server";
import { mapMessages } from "./errors";
import { NumberLike, pageOf } from "./schemas";

// An airline's accounting information presets (spec 2 §9; api/accounting-presets): its own list for the settings
// page, and the presets a waybill form offers (its own, or the platform's catalogue while it keeps none).

export const PRESET_KINDS = ["client", "return_to_origin", "template"] as const;
export type PresetKind = (typeof PRESET_KINDS)[number];

export const AccountingPresetSchema = z.object({
  id: NumberLike,
  carrier: z.string(),
  kind: z.enum(PRESET_KINDS),
  code: z.string(),
  name: z.string(),
  text: z.string(),
  position: NumberLike,
});
export type AccountingPresetRow = z.infer<typeof AccountingPresetSchema>;

const PresetsInUseSchema = z.object({
  carrier: z.string().nullable(),
  source: z.enum(["airline", "default"]),
  data: z.array(z.object({ kind: z.enum(PRESET_KINDS), code: z.string(), name: z.string(), text: z.string() })),
});
export type PresetsInUse = z.infer<typeof PresetsInUseSchema>;

export interface AccountingPresetInput {
  carrier?: string;
  kind: PresetKind;
  code: string;
  name: string;
  text: string;
  position: number | null;
}

const presetErrors = mapMessages([
  [422, "has already been taken", "Exists"],
  [404, "Record Not Found", "NotFound"],
]);

const BASE = "api/v3/accounting_presets";

export function listAccountingPresets(api: Upstream, query: { page: number; per_page: number; q?: string; kind?: PresetKind } & SortQuery) {
  return api.get(BASE, { query, schema: pageOf(AccountingPresetSchema) });
}
export function getAccountingPreset(api: Upstream, id: number) {
  return api.get(`${BASE}/${id}`, { schema: AccountingPresetSchema, errors: presetErrors });
}
export function createAccountingPreset(api: Upstream, input: AccountingPresetInput) {
  return api.post(BASE, { json: { accounting_preset: input }, schema: AccountingPresetSchema, errors: presetErrors });
}
export function updateAccountingPreset(api: Upstream, id: number, input: AccountingPresetInput) {
  const { carrier: _carrier, ...changes } = input;
  return api.patch(`${BASE}/${id}`, { json: { accounting_preset: changes }, schema: AccountingPresetSchema, errors: presetErrors });
}
export function deleteAccountingPreset(api: Upstream, id: number) {
  return api.delete(`${BASE}/${id}`, { errors: presetErrors });
}
/** Copies the platform's catalogue into the airline's own list (codes it keeps stay). */
export function copyDefaultPresets(api: Upstream, carrier?: string) {
  return api.post(`${BASE}/copy_defaults`, { json: carrier ? { carrier } : {}, schema: z.object({ added: NumberLike }) });
}
/** The presets a waybill of `carrier` (none: the host's airline) is offered. */
export function presetsInUse(api: Upstream, carrier?: string) {
  return api.get(`${BASE}/in_use`, { query: carrier ? { carrier } : {}, schema: PresetsInUseSchema });
}
