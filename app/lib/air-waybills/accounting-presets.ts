/**
 * Accounting information presets on the air waybill form (spec 2 §9). The airline keeps them (settings →
 * accounting presets; the API's accounting_presets); the form offers those in use, which the API answers as the
 * airline's own or, while it keeps none, the platform's catalogue (22 client presets, return to origin, 7 templates).
 * Pure, so the form (browser) and the server's preset step read them alike.
 */

export const PRESET_KINDS = ["client", "return_to_origin", "template"] as const;
export type PresetKind = (typeof PRESET_KINDS)[number];

export interface AccountingPreset {
  code: string;
  kind: PresetKind;
  name: string;
  text: string;
}

/** The presets of a form: the airline's own (names as it wrote them) or the catalogue (names translated by code). */
export interface FormPresets {
  source: "airline" | "default";
  presets: AccountingPreset[];
}

export const presetByCode = (presets: readonly AccountingPreset[], code: string | null | undefined): AccountingPreset | undefined =>
  code ? presets.find((p) => p.code === code) : undefined;

/** The select's groups: one per kind that has presets, in the spec's order. */
export function presetGroups(presets: readonly AccountingPreset[], kindLabel: (kind: PresetKind) => string, nameOf: (p: AccountingPreset) => string) {
  return PRESET_KINDS.map((kind) => ({ group: kindLabel(kind), items: presets.filter((p) => p.kind === kind).map((p) => ({ value: p.code, label: nameOf(p) })) })).filter(
    (g) => g.items.length,
  );
}

/**
 * The accounting text after choosing a preset: a preset already in the text is not added twice; another one is
 * added on a new line (a waybill may carry a client preset and a template both).
 */
export function withPreset(current: string | null | undefined, preset: Pick<AccountingPreset, "text">): string {
  const text = (current ?? "").trim();
  if (!text) return preset.text;
  if (text.split("\n").some((line) => line.trim() === preset.text)) return text;
  return `${text}\n${preset.text}`;
}
