/**
 * The hidden field that names one submission of one form (issue 12 "double submission"). The BFF sends its value as
 * the `Idempotency-Key` of the cargo API calls that submission makes, so the same submission posted twice (a double
 * click, a retry, the browser re-posting) makes one record. Pure: the form (browser) and the request limits (server)
 * both read it.
 */
export const IDEMPOTENCY_FIELD = "idempotency_key";

/**
 * What a form may send: visible ASCII, 8 to 64 characters, leaving room under the API's 100 for the per-call suffix
 * (IdempotencyKeys). Anything else is ignored, never refused: without a key the submission runs as it always did.
 */
const FORM_KEY = /^[\x21-\x7e]{8,64}$/;

export function formIdempotencyKey(value: string | null | undefined): string | undefined {
  return value && FORM_KEY.test(value) ? value : undefined;
}
