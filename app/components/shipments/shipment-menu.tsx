import { Button } from "~/components/plain/button";
import { Group } from "~/components/plain/group";
import { Text } from "~/components/plain/text";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CsrfInput } from "~/components/form-guards";
import { billingLinks } from "~/lib/documents/document-links";
import type { ReportProblem } from "./shipment-list-query";

/**
 * The list menu (spec 1 §2): the XLSX report of what the filters pick, as a download or sent by e-mail, and the
 * billing reports of an issue-date range (the CASS file, the sales report; issue 11). Plain
 * buttons rather than a dropdown, so both work without JS. The report needs a range of at most 31 days (spec 3
 * §9): until the filters give one, the menu says so instead of offering a file the API would refuse.
 */
export function ShipmentMenu({ reportHref, problem }: { reportHref: string | null; problem: ReportProblem | null }) {
  const { t } = useTranslation("shipments");
  if (!reportHref || problem) {
    return (
      <Text size="sm" c="dimmed" data-testid="shipments-report-problem">
        {t(`report.${problem ?? "range_required"}`)}
      </Text>
    );
  }
  // the CASS file and the sales report are by issue date: offered when the list filters issue dates
  const billing = billingLinks(reportHref);
  return (
    <Group gap="xs">
      {/* a plain link: the file is a download, not a page for the client router */}
      <Button component="a" href={reportHref} download variant="default" size="sm" data-testid="shipments-xlsx">
        {t("report.download")}
      </Button>
      {/* posts to this page with its address (the filters); the action sends the report and comes back here */}
      <Form method="post" data-testid="shipments-send-report">
        <CsrfInput />
        <input type="hidden" name="intent" value="send_report" />
        <Button type="submit" variant="default" size="sm">
          {t("report.send")}
        </Button>
      </Form>
      {billing ? (
        <>
          <Button component="a" href={billing.cass} download variant="default" size="sm" data-testid="shipments-cass">
            {t("report.cass")}
          </Button>
          <Button component="a" href={billing.sales} download variant="default" size="sm" data-testid="shipments-sales">
            {t("report.sales")}
          </Button>
        </>
      ) : (
        <Text size="sm" c="dimmed" data-testid="shipments-billing-hint">
          {t("report.billing_needs_issued")}
        </Text>
      )}
    </Group>
  );
}
