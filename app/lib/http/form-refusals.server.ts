import type { ServerBuild } from "@remix-run/node";

/**
 * A form's refusal is an answer, not a failure (issue 22 §11). An action that returns its refusal (errors beside
 * the fields, a conflict to confirm, a warning to answer) answers 200 with that data; the status it chose
 * (400 bad input, 409 conflict, 422 refused by the API) travels in this header instead. With JavaScript on,
 * Chromium logged "Failed to load resource: ... 422" in the console for every refused save; with it off, the
 * re-drawn form is the page the browser asked for. The page drawn is the same either way.
 *
 * Only what an action returns: what it throws (403 forbidden, 404, 413 too big, a forged intent's 400) draws the
 * error boundary and keeps its status, and so do loaders.
 */
export const FORM_REFUSAL_HEADER = "X-Form-Refusal";

const REFUSAL_STATUSES = new Set([400, 409, 422]);

type Action = (args: { context?: { formRefusal?: { status?: number } } }) => unknown;

export function withFormRefusalsAnswered(build: ServerBuild): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const action = route.module.action as Action | undefined;
    routes[id] = action ? { ...route, module: { ...route.module, action: answered(action) as typeof route.module.action } } : route;
  }
  return { ...build, routes };
}

function answered(action: Action): Action {
  return async (args) => {
    const result = await action(args);
    if (!(result instanceof Response) || !REFUSAL_STATUSES.has(result.status)) return result;
    // Remix answers a document POST with the action's status but not its headers: the app handler adds the header
    if (args.context?.formRefusal) args.context.formRefusal.status = result.status;
    return new Response(result.body, { status: 200, headers: result.headers });
  };
}

/** The answer's X-Form-Refusal header, when the request's action returned a refusal. */
export function nameFormRefusal(headers: Headers, formRefusal: { status?: number } | undefined): void {
  if (formRefusal?.status) headers.set(FORM_REFUSAL_HEADER, String(formRefusal.status));
}

/** The refusal an answer carries (400, 409, 422), or null: what a client or a test reads instead of the status. */
export function refusalOf(response: Response): number | null {
  const status = Number(response.headers.get(FORM_REFUSAL_HEADER));
  return REFUSAL_STATUSES.has(status) ? status : null;
}
