import { Alert } from "~/lib/mantine/Alert";
import { useTranslation } from "react-i18next";
import type { ErrorCode } from "~/lib/upstream/errors";

/**
 * A tab whose data could not be loaded: the page (and the flight header) still renders, the tab says what
 * failed in the user's language (spec 3 §8: "An error occurred while loading …" plus the code's message).
 */
export function FlightPageTabError({ code, what }: { code: ErrorCode | null; what: string }) {
  const { t } = useTranslation(["flight-page", "errors"]);
  return (
    <Alert color="red" role="alert" data-testid="tab-error" title={t("tabError", { what })}>
      {t(`errors:${code ?? "Undefined"}`)}
    </Alert>
  );
}
