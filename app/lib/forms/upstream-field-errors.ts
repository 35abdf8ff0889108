import type { UpstreamFailure } from "../upstream/errors";
import { fieldRefusalMessages } from "../upstream/refusal-message";

/** An i18n key ("stocks:errors.unknownForwarder"): a page that mapped a refusal already chose its words. */
const I18N_KEY = /^[\w-]+:[\w.]+(\?\S*)?$/;

/**
 * Field errors of a 422 answer for conform's `submission.reply({ fieldErrors })`: nested names
 * ("agreement.currency") lose their root, and each refusal is worded by its code (refusal-message.ts).
 */
export function fieldErrorsOf(failure: UpstreamFailure, fields: readonly string[]): { fieldErrors: Record<string, string[]>; rest: string[] } {
  const fieldErrors: Record<string, string[]> = {};
  const rest: string[] = [];
  for (const [name, messages] of Object.entries(fieldRefusalMessages(failure))) {
    const field = fields.find((f) => f === name || name.endsWith(`.${f}`));
    if (field) fieldErrors[field] = messages;
    else rest.push(...messages.map((m) => (I18N_KEY.test(m) ? m : `${name} ${m}`)));
  }
  return { fieldErrors, rest };
}
