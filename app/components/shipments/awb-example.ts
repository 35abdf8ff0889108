import { useRouteLoaderData } from "@remix-run/react";

/** This tenant's example AWB number ("421-1234 5675" on S7), for placeholders; none on the default tenant. */
export function useAwbExample(): string | undefined {
  const dashboard = useRouteLoaderData("routes/dashboard") as { awbExample?: string | null } | undefined;
  return dashboard?.awbExample ?? undefined;
}
