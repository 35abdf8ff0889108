import { Anchor } from "~/components/plain/anchor";
import { Text } from "~/components/plain/text";
import { Link } from "@remix-run/react";

/** An air waybill number, as a link to its shipment page (/dashboard/shipments/:mawb) when the user may open it. */
export function AwbLink({ mawb, canOpen }: { mawb: string; canOpen: boolean }) {
  return canOpen ? (
    <Anchor component={Link} to={`/dashboard/shipments/${encodeURIComponent(mawb)}`} size="sm" fw={600} style={{ whiteSpace: "nowrap" }} data-testid={`awb-link-${mawb}`}>
      {mawb}
    </Anchor>
  ) : (
    <Text size="sm" fw={600} style={{ whiteSpace: "nowrap" }}>
      {mawb}
    </Text>
  );
}
