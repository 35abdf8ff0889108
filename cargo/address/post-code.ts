// Spec 2 §9 "Regions requiring a post code: GB, EU": where an address names one of these countries, its post code
// must be given. The one list of EU member states (ISO 3166-1 alpha-2; Greece is GR, not the EU's "EL").

export const EU_MEMBER_STATES = [
  "AT", "BE", "BG", "CY", "CZ", "DE", "DK", "EE", "ES", "FI", "FR", "GR", "HR", "HU",
  "IE", "IT", "LT", "LU", "LV", "MT", "NL", "PL", "PT", "RO", "SE", "SI", "SK",
] as const;

/** Countries whose addresses need a post code: Great Britain and the EU member states. */
export const POST_CODE_COUNTRIES: ReadonlySet<string> = new Set(["GB", ...EU_MEMBER_STATES]);

/** Whether an address in this country (a 2-letter code, any case) must carry a post code. */
export function postCodeRequired(country: string | null | undefined): boolean {
  return Boolean(country) && POST_CODE_COUNTRIES.has(country!.trim().toUpperCase());
}

/** Whether an address lacks the post code its country needs (a blank post code counts as none). */
export function missingPostCode(country: string | null | undefined, postCode: string | null | undefined): boolean {
  return postCodeRequired(country) && !postCode?.trim();
}
