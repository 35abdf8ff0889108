import { Anchor } from "~/components/plain/anchor";
import { Text } from "~/components/plain/text";
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { pageMeta } from "~/components/page-meta";
import { PublicCard } from "~/components/public-card";
import { requestTranslator } from "~/lib/i18n/request-translator.server";

export const handle = { i18n: ["auth"] };
export const meta = pageMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const t = await requestTranslator(request, context);
  return json({ pageTitle: t("auth:registered.title") });
}

export default function RegisteredPage() {
  const { t } = useTranslation("auth");
  return (
    <PublicCard title={t("registered.title")}>
      <Text data-testid="registered">{t("registered.text")}</Text>
      <Anchor component={Link} to="/signIn">
        {t("signIn.submit")}
      </Anchor>
    </PublicCard>
  );
}
