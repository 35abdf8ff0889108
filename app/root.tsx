import mantineStyles from "@mantine/core/styles.css";
import notificationStyles from "@mantine/notifications/styles.css";
import overrideStyles from "./styles/overrides.css";
import { ColorSchemeScript } from "~/lib/mantine/ColorSchemeScript";
import { MantineProvider } from "~/lib/mantine/MantineProvider";
import { json, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { tenantOf } from "./lib/auth/tenant.server";
import { csrfToken } from "./lib/auth/csrf.server";
import { formSeedOf } from "./lib/forms/form-seed.server";
import { localeOf, translator } from "./lib/i18n/i18n.server";
import { languagesFor } from "./lib/i18n/languages";
import { PageResources } from "./lib/i18n/page-resources";
import { theme } from "./theme";
import { ThemeCssVariables } from "./theme-css-variables";
import { NoticeToast } from "./components/notice-toast";
import { GeneralErrorBoundary } from "./components/error-boundary";
import { pageMeta } from "./components/page-meta";
import { useNonce } from "./lib/http/nonce-context";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: mantineStyles },
  { rel: "stylesheet", href: notificationStyles },
  { rel: "stylesheet", href: overrideStyles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const handle = { i18n: ["common", "errors"] };
/** Every route without its own meta inherits this one, so an error page (the 404 page) has a title too. */
export const meta = pageMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await context.session.get();
  const tenant = tenantOf(request, context);
  const locale = localeOf(request, session, tenant.code);
  return json({
    locale,
    languages: languagesFor(tenant.code),
    colorScheme: session.get("colorScheme") ?? "light",
    timeMode: session.get("timeMode") ?? "local",
    csrf: csrfToken(session),
    // every form's idempotency key starts with it; the root loader runs again after every action (a create page
    // names its form instance in the address instead, see form-seed.server.ts)
    formSeed: formSeedOf(new URL(request.url)),
    notice: session.get("notice") ?? null,
    productTitle: tenant.productTitle,
    tenantCode: tenant.code,
    notFoundTitle: (await translator(locale))("common:notFound.title"),
  });
}

export type RootData = ReturnType<typeof useLoaderData<typeof loader>>;

export function useRootData(): RootData {
  return useRouteLoaderData<typeof loader>("root") as RootData;
}

/**
 * Keeps the client's i18next in step when the server switches language: i18next loads the namespaces in use in
 * the new language (`/locales/:lng/:ns`, see entry.client) before it re-renders with it.
 */
function useSyncedLanguage(locale: string) {
  const { i18n } = useTranslation();
  useEffect(() => {
    if (i18n.language !== locale) i18n.changeLanguage(locale);
  }, [i18n, locale]);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const locale = data?.locale ?? "en";
  const scheme = data?.colorScheme ?? "light";
  const nonce = useNonce();
  return (
    <html lang={locale} data-mantine-color-scheme={scheme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        <ColorSchemeScript forceColorScheme={scheme} nonce={nonce} />
      </head>
      <body>
        <ThemeCssVariables />
        <MantineProvider theme={theme} forceColorScheme={scheme} withCssVariables={false}>
          {children}
        </MantineProvider>
        {/* after the page: by now the server knows which namespaces it used */}
        <PageResources nonce={nonce} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { locale, notice } = useLoaderData<typeof loader>();
  useSyncedLanguage(locale);
  return (
    <>
      <Outlet />
      <NoticeToast notice={notice} />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
