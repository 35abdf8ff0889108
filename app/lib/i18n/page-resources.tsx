import { createContext, useContext } from "react";

/** What the shell (header, menus, notices, error pages) translates on every page, whatever the route declares. */
export const SHELL_NAMESPACES = ["common", "nav", "errors"] as const;

/**
 * The element the document's translations travel in: a JSON data block, never executed; it carries the page's nonce all
 * the same, so "every script element has the nonce" stays a rule without exceptions (tests/bff/security.test.ts).
 */
export const PAGE_RESOURCES_ID = "page-i18n";

/** The JSON text of the translations this document rendered with; read when the element renders (see below). */
const PageResourcesContext = createContext<() => string>(() => "{}");
export const PageResourcesProvider = PageResourcesContext.Provider;

/**
 * The translations the browser starts with: only the namespaces this page used (the server counts them while it
 * renders, so render this after the page's content) in its language and English (the fallback), instead of all
 * of them with every answer. Others load when a client-side navigation first needs them (`/locales/:lng/:ns`).
 * In the browser it renders the text it was hydrated from, so React never changes it.
 */
export function PageResources({ nonce }: { nonce?: string }) {
  const text = useContext(PageResourcesContext)();
  return <script id={PAGE_RESOURCES_ID} type="application/json" nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: text }} />;
}

/** JSON safe inside a <script> element: no "</script>" or "<!--" can close or confuse it. */
export const scriptSafeJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");
