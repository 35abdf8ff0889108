import { Alert } from "~/lib/mantine/Alert";
import { Badge } from "~/components/plain/badge";
import { Button } from "~/components/plain/button";
import { Center } from "~/lib/mantine/Center";
import { Group } from "~/components/plain/group";
import { Paper } from "~/components/plain/paper";
import { Stack } from "~/components/plain/stack";
import { Table } from "~/lib/mantine/Table";
import { Text } from "~/components/plain/text";
import { TextInput } from "~/components/plain/text-input";
import { Title } from "~/components/plain/title";
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData, useNavigation, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { clock } from "~/components/air-waybills/awb-form-parts";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { requestTranslator } from "~/lib/i18n/request-translator.server";
import { lookUp, requireTrackingSite } from "~/lib/tracking/track-page.server";

// Public track and trace (issue 11): /track?awb=421-12345675, no sign-in. A GET form, so a link to a shipment's
// tracking is its address and the page works without JavaScript. It shows the route, pieces, weight and movements,
// never parties, prices or documents (the API does not send them).

export const handle = { i18n: ["tracking", "awb", "errors"] };
export const meta = pageMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireTrackingSite(context);
  const [t, lookup] = await Promise.all([requestTranslator(request, context), lookUp(request, context)]);
  return json({ pageTitle: t("tracking:title"), ...lookup }, { status: lookup.status });
}

export default function TrackPage() {
  const { awb, shipment, error } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData("root") as { productTitle?: string } | undefined;
  const navigation = useNavigation();
  const { t } = useTranslation(["tracking", "awb", "errors"]);
  const kg = t("awb:units.kg");
  return (
    <Center p="md">
      <Stack w="100%" maw={860} gap="md">
        <Text ta="center" fw={700} size="xl" c="indigo" data-testid="product-title">
          {root?.productTitle ?? "Cargo Desk"}
        </Text>
        <Paper withBorder shadow="sm" p="lg" radius="md">
          <Form method="get" role="search" data-testid="track-form">
            <Stack gap="sm">
              <Title order={1} size="h3">
                {t("title")}
              </Title>
              <Group align="flex-end" wrap="wrap">
                <TextInput
                  name="awb"
                  label={t("number")}
                  description={t("numberHint")}
                  defaultValue={awb}
                  maxLength={20}
                  autoComplete="off"
                  inputMode="numeric"
                  error={error ? t(error) : undefined}
                  style={{ flex: "1 1 14rem" }}
                  data-testid="track-number"
                />
                <Button type="submit" loading={navigation.state === "loading"} data-testid="track-submit">
                  {t("submit")}
                </Button>
              </Group>
            </Stack>
          </Form>
        </Paper>
        {shipment ? <TrackedShipmentView shipment={shipment} kg={kg} /> : null}
      </Stack>
    </Center>
  );
}

type Shipment = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["shipment"]>;

function TrackedShipmentView({ shipment, kg }: { shipment: Shipment; kg: string }) {
  const { t } = useTranslation(["tracking", "awb"]);
  const place = (p: Shipment["origin"]) => [p.iata, p.city_name ?? p.name].filter(Boolean).join(" · ");
  return (
    <Paper withBorder p="lg" radius="md" data-testid="track-result">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h3" data-testid="track-mawb">
            {shipment.mawb}
          </Title>
          <Text fw={500} data-testid="track-route">
            {place(shipment.origin)} → {place(shipment.destination)}
          </Text>
        </Group>
        <Group gap="lg" wrap="wrap" data-testid="track-figures">
          <Text>
            {t("pieces")}: {shipment.pieces}
          </Text>
          <Text>
            {t("weight")}: {shipment.weight} {kg}
          </Text>
          {shipment.volume !== null ? (
            <Text>
              {t("volume")}: {shipment.volume} {t("awb:units.m3")}
            </Text>
          ) : null}
          {shipment.shcs.map((code) => (
            <Badge key={code} variant="light">
              {code}
            </Badge>
          ))}
        </Group>
        {shipment.legs.length ? (
          <ScrollTable minWidth={480} testId="track-legs" head={[t("flight"), t("leg"), t("std"), t("sta")]}>
            {shipment.legs.map((leg) => (
              <Table.Tr key={`${leg.flight}-${leg.origin_iata}`}>
                <Table.Td>{leg.flight}</Table.Td>
                <Table.Td>
                  {leg.origin_iata} → {leg.destination_iata}
                </Table.Td>
                <Table.Td>{clock(null, leg.std)}</Table.Td>
                <Table.Td>{clock(null, leg.sta)}</Table.Td>
              </Table.Tr>
            ))}
          </ScrollTable>
        ) : null}
        <Title order={3} size="h4">
          {t("movements")}
        </Title>
        {shipment.movements.length ? (
          <ScrollTable minWidth={560} testId="track-movements" head={[t("time"), t("status"), t("location"), t("flight"), t("cargo")]}>
            {shipment.movements.map((m, i) => (
              <Table.Tr key={`${m.time_utc}-${m.status_code}-${i}`} c={m.active ? undefined : "dimmed"} data-testid="track-movement">
                <Table.Td>{clock(null, m.time_utc)}</Table.Td>
                <Table.Td>
                  <Text span fw={600}>
                    {m.status_code}
                  </Text>{" "}
                  {t(`awb:movementStatus.${m.status_code}`, { defaultValue: "" })}
                  {m.active ? null : ` (${t("awb:movements.inactive")})`}
                </Table.Td>
                <Table.Td>{m.location_iata}</Table.Td>
                <Table.Td>{m.flight ?? "—"}</Table.Td>
                <Table.Td>
                  {m.pieces} / {m.weight} {kg}
                </Table.Td>
              </Table.Tr>
            ))}
          </ScrollTable>
        ) : (
          <Alert color="gray" data-testid="track-no-movements">
            {t("noMovements")}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

/** A table that scrolls sideways inside the card on a narrow screen (390 px): its header row and body rows. */
function ScrollTable({ minWidth, testId, head, children }: { minWidth: number; testId: string; head: string[]; children: ReactNode }) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            {head.map((label, i) => (
              <Table.Th key={i}>{label}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
