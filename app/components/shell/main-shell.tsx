import { AppShell, Burger, Button, Group, NavLink, ScrollArea, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { Form, Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useRootData } from "~/root";
import type { DashboardData } from "~/routes/dashboard";
import { CsrfInput } from "../form-guards";
import { GlobalNotifications } from "./global-notifications";
import { PreferenceForm } from "./preference-form";
import { HEADER_HEIGHT } from "./header-height";

/** The main layout (spec 1 §2): header with the switches, the sidebar, and the page. */
export function MainShell({ data, children }: { data: DashboardData; children: ReactNode }) {
  const { t } = useTranslation(["common", "nav"]);
  const root = useRootData();
  const location = useLocation();
  const [opened, { toggle }] = useDisclosure(false);

  return (
    <AppShell header={{ height: HEADER_HEIGHT }} navbar={{ width: 250, breakpoint: "sm", collapsed: { mobile: !opened } }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t("header.menu")} />
            <Text component={Link} to="/" fw={700} c="indigo" data-testid="product-title">
              {root.productTitle}
            </Text>
          </Group>
          <Group gap="md" wrap="nowrap">
            <PreferenceForm
              intent="locale"
              label={t("header.language")}
              current={root.locale}
              options={data.languages.map((l) => ({ value: l, label: l.toUpperCase(), title: t(`header.languages.${l}`) }))}
            />
            <PreferenceForm
              intent="timeMode"
              label={t("header.time")}
              current={root.timeMode}
              options={[
                { value: "local", label: t("header.timeLocal") },
                { value: "utc", label: t("header.timeUtc") },
              ]}
            />
            <PreferenceForm
              intent="colorScheme"
              label={t("header.darkMode")}
              current={root.colorScheme}
              options={[
                root.colorScheme === "dark"
                  ? { value: "light", label: "☀", title: t("header.lightMode") }
                  : { value: "dark", label: "☾", title: t("header.darkMode") },
              ]}
            />
            <Button component={Link} to="/dashboard/profile" variant="subtle" size="compact-sm" data-testid="header-profile">
              {data.user.company ? `${data.user.name} · ${data.user.company}` : data.user.name}
            </Button>
            <Form method="post" action="/signOut">
              <CsrfInput />
              <Button type="submit" variant="light" size="compact-sm" data-testid="sign-out">
                {t("header.signOut")}
              </Button>
            </Form>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="sidebar">
        <AppShell.Section grow component={ScrollArea}>
          <Stack gap={2} data-testid="sidebar">
            {data.sidebar.map((entry) => (
              <NavLink
                key={entry.path}
                component={Link}
                to={entry.path}
                label={t(`nav:${entry.label}`)}
                active={location.pathname === entry.path || location.pathname.startsWith(`${entry.path}/`)}
              />
            ))}
          </Stack>
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main>
        <GlobalNotifications notifications={data.notifications} locale={root.locale} />
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
