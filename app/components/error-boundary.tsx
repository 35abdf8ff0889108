import { Anchor } from "~/components/plain/anchor";
import { Button } from "~/components/plain/button";
import { Center } from "~/lib/mantine/Center";
import { Stack } from "~/components/plain/stack";
import { Text } from "~/components/plain/text";
import { Title } from "~/components/plain/title";
import { Link, isRouteErrorResponse, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/**
 * Where "Go to the start page" leads: inside the main layout, the first page this user can open (its loader
 * works it out); elsewhere "/", which sends a visitor to sign in and a signed-in user to their landing page.
 */
function useStartPath(): string {
  const shell = useRouteLoaderData("routes/dashboard") as { startPath?: string } | undefined;
  return shell?.startPath ?? "/";
}

/** The not-found page: unknown paths and failed route requirements look the same (spec 1 §2). */
export function NotFoundPage() {
  const { t } = useTranslation("common");
  const startPath = useStartPath();
  return (
    <Center mih="50vh">
      <Stack align="center" gap="sm">
        <Title order={1}>404</Title>
        <Text size="lg" data-testid="not-found">{t("notFound.title")}</Text>
        <Text c="dimmed">{t("notFound.text")}</Text>
        <Button component={Link} to={startPath} variant="light" data-testid="not-found-home">
          {t("notFound.home")}
        </Button>
      </Stack>
    </Center>
  );
}

export function GeneralErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation(["common", "errors"]);
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const code = isRouteErrorResponse(error) && error.data && typeof error.data === "object" ? (error.data as { code?: string }).code : undefined;
  if (isRouteErrorResponse(error) && error.status === 403) {
    // why, when the refusal says (an expired form token): translated by its code, never the thrower's English
    return (
      <Center mih="50vh">
        <Stack align="center">
          <Title order={2}>{t("errors:accessDenied")}</Title>
          {code && code !== "Forbidden" ? <Text c="dimmed" data-testid="error-message">{t(`errors:${code}`)}</Text> : null}
          <Anchor component={Link} to="/">{t("notFound.home")}</Anchor>
        </Stack>
      </Center>
    );
  }
  if (!code && (typeof document === "undefined" || process.env.NODE_ENV !== "production")) console.error(error);
  return (
    <Center mih="50vh">
      <Stack align="center">
        <Title order={2} role="alert" data-testid="error-message">
          {t(`errors:${code ?? "Undefined"}`)}
        </Title>
        <Anchor component={Link} to="/">{t("notFound.home")}</Anchor>
      </Stack>
    </Center>
  );
}
