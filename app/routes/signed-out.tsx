import { Anchor } from "~/components/plain/anchor";
import { Stack } from "~/components/plain/stack";
import { Text } from "~/components/plain/text";
import { json, type HeadersFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { pageMeta } from "~/components/page-meta";
import { PublicCard } from "~/components/public-card";
import { requestTranslator } from "~/lib/i18n/request-translator.server";
import { safeRedirect } from "~/lib/forms/safe-redirect";

const REASONS = ["unauthorized", "renewalFailed", "signedOut"] as const;
/** Spec 1 §4: the user is told, then sent to /signIn after 2 s. A Refresh header does it without JS. */
const DELAY_SECONDS = 2;

export const handle = { i18n: ["auth"] };
export const meta = pageMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const reason = REASONS.find((r) => r === url.searchParams.get("reason")) ?? "signedOut";
  const back = safeRedirect(url.searchParams.get("redirect"), "");
  const signInUrl = back ? `/signIn?redirect=${encodeURIComponent(back)}` : "/signIn";
  const t = await requestTranslator(request, context);
  return json(
    { reason, signInUrl, pageTitle: t("auth:signedOut.title") },
    { headers: { Refresh: `${DELAY_SECONDS}; url=${signInUrl}`, "Cache-Control": "no-store" } },
  );
}

export const headers: HeadersFunction = ({ loaderHeaders }) => ({
  Refresh: loaderHeaders.get("Refresh") ?? "",
  "Cache-Control": "no-store",
});

export default function SignedOutPage() {
  const { reason, signInUrl } = useLoaderData<typeof loader>();
  const { t } = useTranslation("auth");
  return (
    <PublicCard title={t("signedOut.title")}>
      <Stack>
        <Text role="status" data-testid="signed-out-reason">
          {t(`signedOut.${reason}`)}
        </Text>
        <Text c="dimmed" size="sm">
          {t("signedOut.redirecting")}
        </Text>
        <Anchor component={Link} to={signInUrl}>
          {t("signedOut.now")}
        </Anchor>
      </Stack>
    </PublicCard>
  );
}
