import { Anchor } from "~/components/plain/anchor";
import { Paper } from "~/components/plain/paper";
import { Stack } from "~/components/plain/stack";
import { Title } from "~/components/plain/title";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/**
 * A form of the shipment page on a page of its own (documents, goods items upload): where its post lands without
 * JavaScript, and a plain address to open it by. A link back to the shipment's section, then the form in a card.
 */
export function ShipmentFormPage({
  backHref,
  backLabel,
  title,
  maw,
  children,
}: {
  backHref: string;
  backLabel: string;
  title: string;
  maw: number;
  children: ReactNode;
}) {
  return (
    <Stack gap="md" maw={maw}>
      <Anchor component={Link} to={backHref}>
        {backLabel}
      </Anchor>
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="sm">
          {title}
        </Title>
        {children}
      </Paper>
    </Stack>
  );
}
