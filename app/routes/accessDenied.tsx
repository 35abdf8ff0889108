import { Anchor } from "~/components/plain/anchor";
import { Stack } from "~/components/plain/stack";
import { Text } from "~/components/plain/text";
import { json, type HeadersFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { pageMeta } from "~/components/page-meta";
import { PublicCard } from "~/components/public-card";
import { requestTranslator } from "~/lib/i18n/request-translator.server";

const PROFILE_URL = "/dashboard/profile?accessDenied=true";

export const handle = { i18n: ["auth"] };
export const meta = pageMeta;

/**
 * Access denied (spec 3 §8): when the 403 offered other URLs (stored in the session with the user's
 * e-mail), the user continues to the profile after 2 s to pick another company or role.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await context.session.get();
  const t = await requestTranslator(request, context);
  const toProfile = new URL(request.url).searchParams.get("next") === "profile" && Boolean(session.get("auth"));
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  if (toProfile) headers.Refresh = `2; url=${PROFILE_URL}`;
  return json({ toProfile, pageTitle: t("auth:accessDenied.title") }, { status: 403, headers });
}

export const headers: HeadersFunction = ({ loaderHeaders }) => {
  const out: Record<string, string> = { "Cache-Control": "no-store" };
  const refresh = loaderHeaders.get("Refresh");
  if (refresh) out.Refresh = refresh;
  return out;
};

export default function AccessDeniedPage() {
  const { toProfile } = useLoaderData<typeof loader>();
  const { t } = useTranslation("auth");
  return (
    <PublicCard title={t("accessDenied.title")}>
      <Stack>
        <Text role="alert">{t("accessDenied.text")}</Text>
        {toProfile ? <Text c="dimmed" size="sm">{t("accessDenied.toProfile")}</Text> : null}
        <Anchor component={Link} to={PROFILE_URL}>
          {t("accessDenied.profile")}
        </Anchor>
      </Stack>
    </PublicCard>
  );
}
