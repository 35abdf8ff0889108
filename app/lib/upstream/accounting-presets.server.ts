import { z } from "zod";
import { PRESET_KINDS, type PresetKind } from "~/lib/air-waybills/accounting-presets";
import type { Upstream } from "./client.server";
import { mapCodes, RECORD_NOT_FOUND, TAKEN } from "./errors";
import { resourceClient, type PageQuery } from "./resource.server";
import { NumberLike } from "./schemas";

// An airline's accounting information presets (spec 2 §9; api/accounting-presets): its own list for the settings
// page, and the presets a waybill form offers (its own, or the platform's catalogue while it keeps none).

// the kinds live in the pure module the waybill form (browser) reads too
export { PRESET_KINDS, type PresetKind };

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

const presets = resourceClient<AccountingPresetRow, PageQuery & { q?: string; kind?: PresetKind }, AccountingPresetInput>({
  path: "api/v3/accounting_presets",
  schema: AccountingPresetSchema,
  bodyKey: "accounting_preset",
  errors: mapCodes([TAKEN, RECORD_NOT_FOUND]),
  createOnly: "carrier",
});
export const {
  list: listAccountingPresets,
  get: getAccountingPreset,
  create: createAccountingPreset,
  update: updateAccountingPreset,
  delete: deleteAccountingPreset,
} = presets;
/** Copies the platform's catalogue into the airline's own list (codes it keeps stay). */
export function copyDefaultPresets(api: Upstream, carrier?: string) {
  return api.post(`${presets.path}/copy_defaults`, { json: carrier ? { carrier } : {}, schema: z.object({ added: NumberLike }) });
}
/** The presets a waybill of `carrier` (none: the host's airline) is offered. */
export function presetsInUse(api: Upstream, carrier?: string) {
  return api.get(`${presets.path}/in_use`, { query: carrier ? { carrier } : {}, schema: PresetsInUseSchema });
}
