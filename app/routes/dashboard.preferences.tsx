import { type ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "~/lib/http/redirect";
import { z } from "zod";
import { readShellPost, toDashboard } from "~/lib/auth/shell-post.server";
import { languagesFor } from "~/lib/i18n/languages";
import { safeRedirect } from "~/lib/forms/safe-redirect";
import { setProfileLocale } from "~/lib/upstream/profile.server";
import { redirectWithNotice } from "~/lib/notices/redirect-with-notice.server";

const PreferenceSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("locale"), value: z.enum(["en", "ru", "es"]) }),
  z.object({ intent: z.literal("timeMode"), value: z.enum(["local", "utc"]) }),
  z.object({ intent: z.literal("colorScheme"), value: z.enum(["light", "dark"]) }),
]);

export const loader = toDashboard;

/**
 * Header switches. The language changes only for a signed-in user, through the server (spec 1 §4);
 * time mode and colour scheme live in the session so the server renders them right without JS.
 */
export async function action(args: ActionFunctionArgs) {
  const { user, form } = await readShellPost(args);
  const back = safeRedirect(form.get("redirectTo"), "/dashboard");
  const parsed = PreferenceSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) throw new Response("Bad Request", { status: 400 });
  const pref = parsed.data;
  if (pref.intent === "locale") {
    if (!languagesFor(user.tenant.code).includes(pref.value)) throw new Response("Bad Request", { status: 400 });
    const result = await setProfileLocale(user.api, pref.value);
    if (!result.ok) {
      return redirectWithNotice(back, user, { kind: "error", key: "profile:notices.saveFailed" });
    }
    user.session.set("locale", pref.value);
    return redirectWithNotice(back, user, { kind: "success", key: "profile:notices.localeChanged" });
  } else if (pref.intent === "timeMode") {
    user.session.set("timeMode", pref.value);
  } else {
    user.session.set("colorScheme", pref.value);
  }
  return redirect(back);
}
