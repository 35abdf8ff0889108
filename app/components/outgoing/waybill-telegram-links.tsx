import { Anchor } from "~/lib/mantine/Anchor";
import { Group } from "~/lib/mantine/Group";
import { Text } from "~/lib/mantine/Text";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/**
 * The shipment page's way to its FWB, FHL and billing pages (spec 1 /shipments/:mawb/fwb, /fhl, /billing): the same
 * readers open them.
 */
export function WaybillTelegramLinks({ mawb }: { mawb: string }) {
  const { t } = useTranslation(["outgoing", "nav"]);
  return (
    <Group gap="sm" data-testid="waybill-telegram-links">
      <Text size="sm" fw={600}>
        {t("waybill.pages")}
      </Text>
      {(["fwb", "fhl"] as const).map((type) => (
        <Anchor key={type} component={Link} to={`/dashboard/shipments/${mawb}/${type}`} size="sm" data-testid={`open-${type}`}>
          {type.toUpperCase()}
        </Anchor>
      ))}
      <Anchor component={Link} to={`/dashboard/shipments/${mawb}/billing`} size="sm" data-testid="open-billing">
        {t("nav:title.shipmentBilling")}
      </Anchor>
    </Group>
  );
}
