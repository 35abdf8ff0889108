import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { getInitialNamespaces } from "remix-i18next/client";
import { fetchBackend } from "./lib/i18n/fetch-backend";
import { PAGE_RESOURCES_ID, PageResourcesProvider } from "./lib/i18n/page-resources";

declare global {
  interface Window {
    __remixContext: { state: { loaderData?: Record<string, unknown> } };
  }
}

/**
 * The page's translations arrive inside the document (<PageResources />): no extra request, only the current
 * language and only the namespaces the page used; any other is fetched when first needed (fetchBackend).
 */
async function hydrate() {
  const root = window.__remixContext.state.loaderData?.root as { locale: string };
  const pageResources = document.getElementById(PAGE_RESOURCES_ID)?.textContent ?? "{}";
  await i18next
    .use(initReactI18next)
    .use(fetchBackend)
    .init({
      lng: root.locale,
      fallbackLng: "en",
      ns: getInitialNamespaces(),
      defaultNS: "common",
      resources: JSON.parse(pageResources),
      // the namespaces the document brought are complete; the backend is asked only for the others
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
    });
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <PageResourcesProvider value={() => pageResources}>
          <StrictMode>
            <RemixBrowser />
          </StrictMode>
        </PageResourcesProvider>
      </I18nextProvider>,
    );
  });
}

// void: should hydration fail, the server-rendered page (usable without JS) stays and the browser reports the rejection
void hydrate();
