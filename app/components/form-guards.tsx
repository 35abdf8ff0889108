import { useRouteLoaderData } from "@remix-run/react";
import { useId } from "react";
import { IDEMPOTENCY_FIELD } from "~/lib/forms/idempotency-field";

type RootGuards = { csrf?: string; formSeed?: string } | undefined;

/**
 * The hidden fields of every mutating form: the CSRF token (from the root loader) and the submission's idempotency
 * key, so that no form can forget either.
 */
export function CsrfInput() {
  const root = useRouteLoaderData("root") as RootGuards;
  return (
    <>
      <input type="hidden" name="csrf" value={root?.csrf ?? ""} />
      <IdempotencyKeyInput />
    </>
  );
}

/**
 * One key per form and submission (issue 12): the root loader's seed plus this form's useId. Both are the same in
 * the server render and at hydration, so the value never changes under the user's hand; two forms on a page differ
 * by their useId; the seed is new on every answer (the root loader runs again after every action), so once a
 * submission has been answered the next one carries a new key. A double click, or a browser re-posting the same
 * page, sends the same key twice, and the API answers the repeat with the first result. A create page names its
 * seed in its address instead, so that Back after saving returns to the same key (lib/forms/form-seed.server.ts).
 */
export function IdempotencyKeyInput() {
  const root = useRouteLoaderData("root") as RootGuards;
  const id = useId();
  return <input type="hidden" name={IDEMPOTENCY_FIELD} value={root?.formSeed ? `${root.formSeed}${id}` : ""} />;
}

/** Off-screen field people never fill; robots do (public forms only). */
export function Honeypot() {
  return (
    <div aria-hidden="true" style={{ position: "absolute", left: "-10000px", width: 1, height: 1, overflow: "hidden" }}>
      <label>
        Website
        <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
