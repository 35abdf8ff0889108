import { Anchor } from "~/components/plain/anchor";
import { Center } from "~/lib/mantine/Center";
import { Paper } from "~/components/plain/paper";
import { Stack } from "~/components/plain/stack";
import { Text } from "~/components/plain/text";
import { Title } from "~/components/plain/title";
import type { ReactNode } from "react";
import { Link, useRouteLoaderData } from "@remix-run/react";

/** The public layout: one centred card with the product name above it; `link` ends it with a way to a sibling page. */
export function PublicCard({ title, link, children }: { title: string; link?: { to: string; label: string }; children: ReactNode }) {
  const root = useRouteLoaderData("root") as { productTitle?: string } | undefined;
  return (
    <Center mih="100vh" p="md">
      <Stack w="100%" maw={420} gap="md">
        <Text ta="center" fw={700} size="xl" c="indigo" data-testid="product-title">
          {root?.productTitle ?? "Cargo Desk"}
        </Text>
        <Paper withBorder shadow="sm" p="xl" radius="md">
          <Stack gap="md">
            <Title order={2} size="h3">
              {title}
            </Title>
            {children}
            {link ? (
              <Anchor component={Link} to={link.to} size="sm">
                {link.label}
              </Anchor>
            ) : null}
          </Stack>
        </Paper>
      </Stack>
    </Center>
  );
}
