import { Button } from "~/components/plain/button";
import { Group } from "~/components/plain/group";
import { Form, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { CsrfInput } from "../form-guards";

/**
 * A header control as a plain POST form (works without JS): each option is a submit button carrying its
 * value; the server stores the preference and comes back to the current page.
 */
export function PreferenceForm({
  intent,
  options,
  current,
  label,
  testIdPrefix = "",
}: {
  intent: "locale" | "timeMode" | "colorScheme";
  options: Array<{ value: string; label: ReactNode; title?: string }>;
  current: string;
  label: string;
  /** The phone drawer draws a second copy: "menu-" keeps its test ids apart from the header's. */
  testIdPrefix?: string;
}) {
  const location = useLocation();
  return (
    <Form method="post" action="/dashboard/preferences" aria-label={label} data-testid={`${testIdPrefix}pref-${intent}`}>
      <CsrfInput />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <Group gap={2} wrap="nowrap">
        {options.map((o) => (
          <Button
            key={o.value}
            type="submit"
            name="value"
            value={o.value}
            size="compact-sm"
            variant={o.value === current ? "filled" : "subtle"}
            aria-pressed={o.value === current}
            title={o.title}
          >
            {o.label}
          </Button>
        ))}
      </Group>
    </Form>
  );
}
