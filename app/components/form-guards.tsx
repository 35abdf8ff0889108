import { useRouteLoaderData } from "@remix-run/react";

/** Hidden CSRF field for every mutating form (the token comes from the root loader). */
export function CsrfInput() {
  const root = useRouteLoaderData("root") as { csrf?: string } | undefined;
  return <input type="hidden" name="csrf" value={root?.csrf ?? ""} />;
}

/** Off-screen field people never fill; robots do (public forms only). */
export function Honeypot() {
  return (
    <div aria-hidden="true" style={{ position: "absolute", left: "-10000px", width: 1, height: 1, overflow: "hidden" }}>
      <label>
        Website
        <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
