import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { dropNulBytes } from "./lib/http/drop-nul-bytes.server";
import { NonceProvider } from "./lib/http/nonce-context";
import { createRenderI18n } from "./lib/i18n/i18n.server";
import { PageResourcesProvider, SHELL_NAMESPACES } from "./lib/i18n/page-resources";
import { pageResourcesScript } from "./lib/i18n/resources.server";
import { matchedRouteNamespaces } from "./lib/i18n/route-namespaces.server";

const ABORT_DELAY = 10_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // the app handler put this nonce into the answer's Content-Security-Policy: every inline script carries it
  const nonce = loadContext.cspNonce;
  // the root loader decided the language (session, profile, tenant); render with the same one
  const rootData = remixContext.staticHandlerContext.loaderData?.root as { locale?: string } | undefined;
  const locale = rootData?.locale ?? "en";
  const routeNamespaces = [...new Set([...SHELL_NAMESPACES, ...matchedRouteNamespaces(remixContext)])];
  const { i18n, usedNamespaces } = await createRenderI18n(locale, routeNamespaces);
  // read by <PageResources /> after the page's content has rendered: the namespaces it used are known by then
  const pageResources = () => pageResourcesScript(locale, [...routeNamespaces, ...usedNamespaces]);
  // crawlers and no-JS clients get the whole document at once; browsers get the shell as soon as it is ready
  const waitForAll = isbot(request.headers.get("user-agent") ?? "");

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <I18nextProvider i18n={i18n}>
          <PageResourcesProvider value={pageResources}>
            <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
          </PageResourcesProvider>
        </I18nextProvider>
      </NonceProvider>,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = dropNulBytes();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}
