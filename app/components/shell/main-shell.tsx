import { Button } from "~/components/plain/button";
import { Group } from "~/components/plain/group";
import { NavLink } from "~/components/plain/nav-link";
import { Stack } from "~/components/plain/stack";
import { Text } from "~/components/plain/text";
import { IconMenu2 } from "@tabler/icons-react";
import { Form, Link, useLocation } from "@remix-run/react";
import { useEffect, useState, type ComponentProps, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useRootData } from "~/root";
import type { DashboardData } from "~/routes/dashboard";
import { CsrfInput } from "../form-guards";
import { GlobalNotifications } from "./global-notifications";
import { PreferenceForm } from "./preference-form";
import { AppShellFrame, AppShellHeader, AppShellMain, AppShellNavbar, AppShellSection } from "./app-shell-frame";

/** The phone menu's open state: a checkbox, so the burger (its label) opens the menu without JavaScript too. */
const MENU_TOGGLE_ID = "shell-menu-toggle";

/**
 * Below the theme's `sm` breakpoint (64em, where the burger shows) the sidebar is a drawer that only this checkbox
 * opens (Mantine keeps it collapsed there: its own toggle needs JavaScript). `style-src 'unsafe-inline'` admits the
 * rule; the checkbox stays focusable for the keyboard while it is invisible.
 */
const MENU_CSS = `
#${MENU_TOGGLE_ID} { position: absolute; width: 1px; height: 1px; opacity: 0; overflow: hidden; }
@media (max-width: 63.99375em) {
  #${MENU_TOGGLE_ID}:checked ~ .shell-navbar { transform: none; }
  #${MENU_TOGGLE_ID}:focus-visible ~ header .shell-burger { outline: 2px solid var(--mantine-primary-color-filled); }
}
`;

/**
 * The main layout (spec 1 §2): header with the switches, the sidebar, and the page. On a phone (390 px) the header
 * keeps the burger and the product; the user, the language, time and colour switches and Sign out move into the
 * burger's drawer under the sidebar's links, as the same plain POST forms, so every one of them works without JS.
 */
export function MainShell({ data, children }: { data: DashboardData; children: ReactNode }) {
  const { t } = useTranslation(["common", "nav"]);
  const root = useRootData();
  const location = useLocation();
  const [opened, setOpened] = useState(false);
  // a link followed in the drawer closes it (with JS the page changes under an open drawer otherwise)
  useEffect(() => setOpened(false), [location.pathname, location.search]);

  return (
    <AppShellFrame>
      <style>{MENU_CSS}</style>
      <input
        type="checkbox"
        id={MENU_TOGGLE_ID}
        checked={opened}
        onChange={(e) => setOpened(e.currentTarget.checked)}
        aria-label={t("header.menu")}
        aria-controls="shell-navbar"
        data-testid="menu-toggle"
      />
      <AppShellHeader>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <label
              htmlFor={MENU_TOGGLE_ID}
              className="shell-burger mantine-hidden-from-sm"
              aria-hidden="true"
              data-testid="burger"
              style={{ display: "flex", cursor: "pointer", padding: 4, borderRadius: 4 }}
            >
              <IconMenu2 size={22} stroke={1.75} />
            </label>
            <Text component={Link} to="/" fw={700} c="indigo" truncate="end" data-testid="product-title">
              {root.productTitle}
            </Text>
          </Group>
          <Group gap="md" wrap="nowrap" visibleFrom="sm">
            <HeaderControls data={data} testIdPrefix="" />
          </Group>
        </Group>
      </AppShellHeader>
      <AppShellNavbar aria-label="sidebar" className="shell-navbar" id="shell-navbar">
        <AppShellSection grow>
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
        </AppShellSection>
        <AppShellSection className="mantine-hidden-from-sm" style={{ borderTop: "1px solid var(--mantine-color-default-border)", paddingTop: "var(--mantine-spacing-sm)" }}>
          <Stack gap="sm" align="flex-start" data-testid="menu-controls">
            <HeaderControls data={data} testIdPrefix="menu-" />
          </Stack>
        </AppShellSection>
      </AppShellNavbar>
      <AppShellMain>
        <GlobalNotifications notifications={data.notifications} locale={root.locale} />
        {children}
      </AppShellMain>
    </AppShellFrame>
  );
}

/**
 * The user's switches, profile and Sign out. Drawn twice: in the header from `sm` up and in the phone drawer below
 * it (CSS shows one of them); the drawer's copy has test ids prefixed "menu-".
 */
function HeaderControls({ data, testIdPrefix }: { data: DashboardData; testIdPrefix: "" | "menu-" }) {
  const { t } = useTranslation("common");
  const root = useRootData();
  const switches: Array<Omit<ComponentProps<typeof PreferenceForm>, "testIdPrefix">> = [
    {
      intent: "locale",
      label: t("header.language"),
      current: root.locale,
      options: data.languages.map((l) => ({ value: l, label: l.toUpperCase(), title: t(`header.languages.${l}`) })),
    },
    {
      intent: "timeMode",
      label: t("header.time"),
      current: root.timeMode,
      options: [
        { value: "local", label: t("header.timeLocal") },
        { value: "utc", label: t("header.timeUtc") },
      ],
    },
    {
      intent: "colorScheme",
      label: t("header.darkMode"),
      current: root.colorScheme,
      options: [
        root.colorScheme === "dark" ? { value: "light", label: "☀", title: t("header.lightMode") } : { value: "dark", label: "☾", title: t("header.darkMode") },
      ],
    },
  ];
  return (
    <>
      {switches.map((s) => (
        <PreferenceForm key={s.intent} {...s} testIdPrefix={testIdPrefix} />
      ))}
      <Button
        component={Link}
        to="/dashboard/profile"
        variant="subtle"
        size="compact-sm"
        maw={testIdPrefix ? "100%" : 260}
        data-testid={`${testIdPrefix}header-profile`}
      >
        {data.user.company ? `${data.user.name} · ${data.user.company}` : data.user.name}
      </Button>
      <Form method="post" action="/signOut">
        <CsrfInput />
        <Button type="submit" variant="light" size="compact-sm" data-testid={`${testIdPrefix}sign-out`}>
          {t("header.signOut")}
        </Button>
      </Form>
    </>
  );
}
