import { parseWithZod } from "@conform-to/zod";
import type { AppLoadContext } from "@remix-run/node";
import type { ZodTypeAny } from "zod";
import { verifyCsrf, verifyHoneypot } from "./csrf.server";

/**
 * The start of every public form's action (sign in, register, restore, new password): nobody is signed in to
 * guard it, so the honeypot (robots) and the CSRF token (sibling sub-domains) are checked before the values are
 * parsed with the form's schema. The session is handed back for the pages that flash a notice into it.
 */
export async function readPublicForm<S extends ZodTypeAny>(request: Request, context: AppLoadContext, schema: S) {
  const form = await request.formData();
  verifyHoneypot(form);
  const session = await context.session.get();
  verifyCsrf(session, form);
  return { session, submission: parseWithZod(form, { schema }) };
}
