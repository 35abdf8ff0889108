import { type ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "~/lib/http/redirect";
import { verifyCsrf } from "~/lib/auth/csrf.server";
import { signOut } from "~/lib/auth/sign-out.server";

/** POST only: signing out by GET would let any page sign a user out with an <img>. */
export async function loader() {
  throw redirect("/");
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  verifyCsrf(await context.session.get(), form);
  await signOut(request, context);
  return redirect("/signIn");
}
