import type { MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse } from "@remix-run/react";

/**
 * Page title = route title [+ route parameter] + product name (spec 1 §2). Loaders return the translated
 * `pageTitle`; the root loader carries the product title of this tenant.
 */
export const pageMeta: MetaFunction = ({ data, matches, error }) => {
  const root = matches.find((m) => m.id === "root")?.data as RootTitleData | undefined;
  const title = isRouteErrorResponse(error) && error.status === 404 ? notFoundTitle(root) : (data as { pageTitle?: string } | undefined)?.pageTitle;
  const product = root?.productTitle ?? "Cargo Desk";
  return [{ title: title ? `${title} | ${product}` : product }];
};

interface RootTitleData {
  productTitle?: string;
  /** "Page not found" in the page's language: a meta function cannot use hooks and the failed page has no data. */
  notFoundTitle?: string;
}

const notFoundTitle = (root: RootTitleData | undefined): string | undefined => root?.notFoundTitle;
