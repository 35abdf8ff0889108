import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { getInitialNamespaces } from "remix-i18next/client";

declare global {
  interface Window {
    __remixContext: { state: { loaderData?: Record<string, unknown> } };
  }
}

/** Translations arrive with the root loader's data: no extra request, and only the current language. */
async function hydrate() {
  const root = window.__remixContext.state.loaderData?.root as { locale: string; resources: Record<string, never> };
  await i18next.use(initReactI18next).init({
    lng: root.locale,
    fallbackLng: "en",
    ns: getInitialNamespaces(),
    defaultNS: "common",
    resources: root.resources,
    interpolation: { escapeValue: false },
  });
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

hydrate();
