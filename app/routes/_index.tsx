import { type LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "~/lib/http/redirect";
import { requireUser } from "~/lib/auth/guard.server";
import { landingPath } from "~/lib/access/landing";

/** `/` is guarded: signed-in users go to their landing page (spec 1 §2), others to sign-in. */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireUser(args);
  throw redirect(landingPath(user.access));
}
