import { Anchor } from "~/components/plain/anchor";
import { Group } from "~/components/plain/group";
import { Stack } from "~/components/plain/stack";
import { Text } from "~/components/plain/text";
import { Title } from "~/components/plain/title";
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

/** The head of a waybill's sub-page (FWB, FHL, billing): back to the shipment, the page's title and route, its siblings. */
export function WaybillPageHeader({ mawb, title, route }: { mawb: string; title: string; route: string[] }) {
  const { t } = useTranslation("outgoing");
  return (
    <>
      <Anchor component={Link} to={`/dashboard/shipments/${mawb}`} data-testid="back-to-shipment">
        {t("waybill.back", { mawb })}
      </Anchor>
      <Stack gap={2}>
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {route.join(" → ")}
        </Text>
      </Stack>
      <WaybillTelegramLinks mawb={mawb} />
    </>
  );
}
