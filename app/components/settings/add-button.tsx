import { Button } from "~/components/plain/button";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/**
 * The "Add" button in a settings list's header: a link (to a create page or the list's ?dialog=new), not a
 * script, so it works without JS.
 */
export function AddButton({ to, testId, children }: { to: string; testId: string; children: ReactNode }) {
  return (
    <Button component={Link} to={to} data-testid={testId}>
      {children}
    </Button>
  );
}
