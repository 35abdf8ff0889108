import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of this answer, for the inline scripts the server renders
 * (Remix's <Scripts>, <ScrollRestoration>, Mantine's ColorSchemeScript). Provided by entry.server;
 * in the browser it is empty, which is right: the scripts already ran, and browsers hide the value.
 */
const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

export const useNonce = () => useContext(NonceContext);
