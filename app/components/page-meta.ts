import type { MetaFunction } from "@remix-run/node";

/**
 * Page title = route title [+ route parameter] + product name (spec 1 §2). Loaders return the translated
 * `pageTitle`; the root loader carries the product title of this tenant.
 */
export const pageMeta: MetaFunction = ({ data, matches }) => {
  const root = matches.find((m) => m.id === "root")?.data as { productTitle?: string } | undefined;
  const title = (data as { pageTitle?: string } | undefined)?.pageTitle;
  const product = root?.productTitle ?? "Cargo Desk";
  return [{ title: title ? `${title} | ${product}` : product }];
};
