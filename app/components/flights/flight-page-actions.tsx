import { Button } from "~/components/plain/button";
import { Group } from "~/components/plain/group";
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CsrfInput } from "~/components/form-guards";
import type { Segment, SegmentFlagAction } from "~/lib/upstream/segments.server";
import type { FlightPageTab } from "./flight-tabs";

/** Each flag pair shows the one action that applies to the flight's current state (spec 2 §4 "Flight"). */
function flagActions(segment: Pick<Segment, "locked" | "sales_closed" | "charter">): SegmentFlagAction[] {
  return [
    segment.locked ? "unlock" : "lock",
    segment.sales_closed ? "open_sales" : "close_sales",
    segment.charter ? "remove_charter" : "set_charter",
  ];
}

/**
 * Lock/unlock, close/open sales, set/remove charter: one small POST form each (CSRF, works without JS). The
 * form names the tab it was on so the action can bring the user back to it.
 */
export function FlightPageActions({ segment, tab }: { segment: Segment; tab: FlightPageTab }) {
  const { t } = useTranslation("flight-page");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent");
  return (
    <Group gap="xs" data-testid="flight-actions">
      {flagActions(segment).map((action) => (
        <Form method="post" key={action}>
          <CsrfInput />
          <input type="hidden" name="tab" value={tab} />
          <Button
            type="submit"
            name="intent"
            value={action}
            variant={action === "lock" || action === "close_sales" ? "filled" : "light"}
            color={action === "lock" ? "orange" : action === "close_sales" ? "yellow" : undefined}
            size="sm"
            loading={busy === action}
            data-testid={`flag-${action}`}
          >
            {t(`actions.${action}`)}
          </Button>
        </Form>
      ))}
    </Group>
  );
}
