import { Button } from "~/components/plain/button";
import { Group } from "~/components/plain/group";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FLIGHT_FORM_MODES, type FlightFormMode } from "~/lib/flights/flight-form-schema";

/** Single / Regular / Schedule as links (`?mode=`), so switching works without JavaScript. */
export function FlightFormModeSwitch({ mode }: { mode: FlightFormMode }) {
  const { t } = useTranslation("flight-form");
  return (
    <Group gap="xs" role="tablist" aria-label={t("modes.label")} data-testid="mode-switch">
      {FLIGHT_FORM_MODES.map((m) => (
        <Button
          key={m}
          component={Link}
          to={m === "single" ? "?" : `?mode=${m}`}
          role="tab"
          aria-selected={m === mode}
          variant={m === mode ? "filled" : "default"}
          size="sm"
        >
          {t(`modes.${m}`)}
        </Button>
      ))}
    </Group>
  );
}
