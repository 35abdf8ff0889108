import { type LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "~/lib/http/redirect";
import { landingPath } from "~/lib/access/landing";
import { requireUser } from "~/lib/auth/guard.server";

export async function loader(args: LoaderFunctionArgs) {
  const user = await requireUser(args);
  throw redirect(landingPath(user.access));
}
