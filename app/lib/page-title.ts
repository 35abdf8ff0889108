import type { TFunction } from "i18next";
import { requirementFor } from "./access/can-access";

/**
 * Page title of a route (spec 1 §2): the route's title, plus the value of its parameter for routes
 * that show one. The product name is appended by `pageMeta`.
 */
export function pageTitleFor(pattern: string, t: TFunction, params: Record<string, string | undefined> = {}): string {
  const requirement = requirementFor(pattern);
  if (!requirement) return "";
  const title = t(`nav:${requirement.title}`);
  const value = requirement.param ? params[requirement.param] : undefined;
  return value ? `${title} ${value}` : title;
}
