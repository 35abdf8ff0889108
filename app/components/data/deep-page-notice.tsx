import { Alert } from "~/lib/mantine/Alert";
import { useTranslation } from "react-i18next";

/**
 * Under a list that pages no deeper than the API lets it (the shipments list's and the bookings' 10 000 rows: 400
 * pages of 25): says to narrow the filters when more rows match than can be paged through, or when the address asked
 * for a page beyond the last one reachable (the page shown is then that last one).
 */
export function DeepPageNotice({ maxRows, totalCount, pageCapped }: { maxRows: number; totalCount: number | null; pageCapped: boolean }) {
  const { t, i18n } = useTranslation("common");
  if (!pageCapped && !(totalCount !== null && totalCount > maxRows)) return null;
  return (
    <Alert color="yellow" data-testid="deep-page-notice">
      {t("pagination.narrow", { rows: new Intl.NumberFormat(i18n.language).format(maxRows) })}
    </Alert>
  );
}
