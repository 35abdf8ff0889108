import { Button, Group, Text } from "@mantine/core";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CsrfInput } from "~/components/form-guards";
import type { ReportProblem } from "./shipment-list-query";

/**
 * The list menu (spec 1 §2): the XLSX report of what the filters pick, as a download or sent by e-mail. Plain
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
    </Group>
  );
}
