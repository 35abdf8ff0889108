import { createHash } from "node:crypto";

/**
 * The `Idempotency-Key`s of the cargo API calls one browser submission makes (issue 12): the form's key (its hidden
 * field, see app/lib/forms/idempotency-field.ts) plus which call it is. An action that makes several mutating calls
 * gives each its own key, and the same submission posted again gives each call the same key as the first time, so
 * the API answers the repeat from the first result. A call is named by its method and target and by how many such
 * calls came before it in this request, not by its position among all calls: a token renewal that happens on one
 * submission and not on its repeat shifts nothing.
 */
export class IdempotencyKeys {
  private readonly counts = new Map<string, number>();

  constructor(private readonly formKey: string) {}

  /** The key of the next `method target` call of this request (at most 64 + 1 + 16 + 1 + a few digits: under the API's 100). */
  next(method: string, target: string): string {
    const call = `${method} ${target}`;
    const nth = this.counts.get(call) ?? 0;
    this.counts.set(call, nth + 1);
    const digest = createHash("sha256").update(call).digest("base64url").slice(0, 16);
    return `${this.formKey}:${digest}:${nth}`;
  }
}
