import type { BackendModule, ReadCallback } from "i18next";

/**
 * i18next's backend in the browser: a namespace the page did not start with (a client-side navigation to another
 * section, a language switch) is fetched from `/locales/:lng/:ns` (same origin: the CSP's connect-src 'self').
 * react-i18next suspends the component that needs it meanwhile; navigations are transitions, so the previous
 * page stays until it has arrived.
 */
export const fetchBackend: BackendModule = {
  type: "backend",
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    fetch(`/locales/${encodeURIComponent(language)}/${encodeURIComponent(namespace)}`, { credentials: "same-origin" })
      .then(async (res) => {
        if (!res.ok) throw new Error(`${res.status} for ${language}/${namespace}`);
        callback(null, await res.json());
      })
      .catch((error: Error) => callback(error, null));
  },
};
