import type { ApiRefusal, UpstreamFailure } from "./errors";

// The API's refusals in the reader's language (DESIGN §4b): by code, never by the API's English. A refusal becomes
// a message as the forms and notices carry them, an i18n key with its values ("errors:refusal.flight_full?free_kg=
// 100"), with the API's own sentence as i18next's defaultValue: a code this BFF has no words for yet shows that
// sentence rather than a key (components/fields translateMessage).

/** The message of one refusal. */
export function refusalMessage(refusal: Pick<ApiRefusal, "code" | "params"> & { message?: string }): string {
  const values = new URLSearchParams(Object.entries(refusal.params).map(([name, value]) => [name, String(value)]));
  if (refusal.message) values.set("defaultValue", refusal.message);
  const query = values.toString();
  return `errors:refusal.${refusal.code}${query ? `?${query}` : ""}`;
}

/** Each field's refusals as messages, by the API's field names. */
export function fieldRefusalMessages(failure: Pick<UpstreamFailure, "fieldErrors" | "fieldRefusals">): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [field, sentences] of Object.entries(failure.fieldErrors)) {
    const coded = failure.fieldRefusals?.[field];
    out[field] = coded?.length ? coded.map(refusalMessage) : sentences;
  }
  return out;
}

/** The codes a failure carries: the whole request's and every field's. */
export const failureCodes = (failure: Pick<UpstreamFailure, "refusal" | "fieldRefusals">): string[] => [
  ...(failure.refusal ? [failure.refusal.code] : []),
  ...Object.values(failure.fieldRefusals ?? {}).flatMap((list) => list.map((r) => r.code)),
];

/** The whole request's refusal as a message, or null when the API sent none. */
export const wholeRefusalMessage = (failure: Pick<UpstreamFailure, "refusal">): string | null => (failure.refusal ? refusalMessage(failure.refusal) : null);
