import type { UpstreamFailure } from "../upstream/errors";

/** Server texts we know, as i18n keys, so a field error is shown in the user's language. */
const KNOWN: Array<[RegExp, string]> = [
  // before "required": the API's post code rule (spec 2 §9) has words of its own
  [/required for GB and EU countries/i, "errors:postCodeRequired"],
  [/can't be blank|is required|required/i, "errors:required"],
  [/has already been taken|already exists/i, "errors:taken"],
  [/must exist|unknown|not found/i, "errors:unknownValue"],
  [/is not a number|must be a number|expected number/i, "errors:number"],
  [/must be greater than or equal to|must be after|before effective_from|effective/i, "errors:dateOrder"],
  [/is invalid|invalid/i, "errors:invalid"],
];

/** An i18n key ("stocks:errors.unknownForwarder"): a page that mapped a server text already chose its words. */
const I18N_KEY = /^[\w-]+:[\w.]+(\?\S*)?$/;

export function translateServerMessage(message: string): string {
  if (I18N_KEY.test(message)) return message;
  for (const [pattern, key] of KNOWN) if (pattern.test(message)) return key;
  return message;
}

/**
 * Field errors of a 422 answer for conform's `submission.reply({ fieldErrors })`: nested names
 * ("agreement.currency") lose their root, and known texts become translation keys.
 */
export function fieldErrorsOf(failure: UpstreamFailure, fields: readonly string[]): { fieldErrors: Record<string, string[]>; rest: string[] } {
  const fieldErrors: Record<string, string[]> = {};
  const rest: string[] = [];
  for (const [name, messages] of Object.entries(failure.fieldErrors)) {
    const field = fields.find((f) => f === name || name.endsWith(`.${f}`));
    if (field) fieldErrors[field] = messages.map(translateServerMessage);
    else rest.push(...messages.map((m) => (I18N_KEY.test(m) ? m : `${name} ${m}`)));
  }
  return { fieldErrors, rest };
}
