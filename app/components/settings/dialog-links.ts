import { useLocation } from "@remix-run/react";

/**
 * Links of a dialog drawn from the URL (?dialog=new, ?edit=<id>; see DialogOverlay): `openHref` opens it on the
 * current list (filters, sort and page kept), `closeHref` is the same list without any of the dialog parameters.
 */
export function useDialogLinks(params: readonly string[] = ["dialog", "edit"]) {
  const location = useLocation();
  const base = new URLSearchParams(location.search);
  for (const name of params) base.delete(name);
  return {
    closeHref: `${location.pathname}${base.size ? `?${base}` : ""}`,
    openHref(name: string, value: string | number) {
      const next = new URLSearchParams(base);
      next.set(name, String(value));
      return `${location.pathname}?${next}`;
    },
  };
}
