import { redirect } from "../http/redirect";
import { randomBytes } from "node:crypto";

/**
 * The root loader's seed of every form's idempotency key (components/form-guards.tsx, issue 12). Not a secret, only
 * unique: a new one on every answer, so a form that has been answered once carries a new key.
 */
export const newFormSeed = (): string => randomBytes(12).toString("base64url");

/**
 * A page that creates a record (create air waybill) names its form instance in its address, `?form=<seed>`, and the
 * seed comes from there. Back after saving is a new answer of that same address (signed-in pages are no-store), so
 * the form carries the key it was saved with, and saving it again answers the first result: one record. (The key
 * cannot travel in the form itself: browsers put back on Back only values the user changed.) A changed form under
 * the old key is a new submission: the API refuses the key for it and the BFF sends it under a fresh one.
 */
export const FORM_INSTANCE_PARAM = "form";
const SEED = /^[A-Za-z0-9_-]{16}$/;

export function formSeedOf(url: URL): string {
  const named = url.searchParams.get(FORM_INSTANCE_PARAM);
  return named && SEED.test(named) ? named : newFormSeed();
}

/** For a create page's loader: its address with a new form instance when it names none (a GET redirect), else null. */
export function formInstanceRedirect(request: Request): Response | null {
  const url = new URL(request.url);
  if (SEED.test(url.searchParams.get(FORM_INSTANCE_PARAM) ?? "")) return null;
  url.searchParams.set(FORM_INSTANCE_PARAM, newFormSeed());
  return redirect(`${url.pathname}${url.search}`);
}
