import { Alert } from "~/lib/mantine/Alert";
import { Anchor } from "~/components/plain/anchor";
import { Badge } from "~/components/plain/badge";
import { Button } from "~/components/plain/button";
import { Card } from "~/lib/mantine/Card";
import { Group } from "~/components/plain/group";
import { List } from "~/lib/mantine/List";
import { SimpleGrid } from "~/lib/mantine/SimpleGrid";
import { Stack } from "~/components/plain/stack";
import { Table } from "~/lib/mantine/Table";
import { Text } from "~/components/plain/text";
import { Title } from "~/components/plain/title";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "~/lib/http/redirect";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { CsrfInput } from "~/components/form-guards";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { sidebarFor } from "~/lib/access/sidebar";
import { verifyCsrf } from "~/lib/auth/csrf.server";
import { fetchSessionProfile } from "~/lib/auth/establish.server";
import { requireAccess } from "~/lib/auth/guard.server";
import { BUILT_ROUTES } from "~/lib/built-routes";
import { requestTranslator } from "~/lib/i18n/request-translator.server";
import { failureResponse } from "~/lib/upstream/failure-response.server";
import { getAvailableRoles, getProfile, switchCurrentRole } from "~/lib/upstream/profile.server";
import { redirectWithNotice } from "~/lib/notices/redirect-with-notice.server";
import { idField } from "~/lib/forms/decimal-field";

const ROUTE = "/dashboard/profile";

export const handle = { i18n: ["profile", "nav"] };
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const user = await requireAccess(args, ROUTE);
  const [profile, roles] = await Promise.all([getProfile(user.api), getAvailableRoles(user.api)]);
  if (!profile.ok) throw failureResponse(profile);
  const t = await requestTranslator(args.request, args.context);
  const accessDenied = new URL(args.request.url).searchParams.get("accessDenied") === "true";
  return json({
    pageTitle: t("profile:title"),
    accessDenied,
    profile: profile.data,
    roles: roles.ok ? roles.data : [],
    // pages this user can open here, and those a 403 answer offered (stored with the e-mail)
    accessibleUrls: sidebarFor(user.access, BUILT_ROUTES),
    offeredUrls: user.session.get("availableUrls")?.[user.email] ?? [],
  });
}

const SwitchSchema = z.object({ intent: z.literal("switchRole"), id: idField() });

/** Switch the current company and role; the new profile is loaded and the user lands where it says. */
export async function action(args: ActionFunctionArgs) {
  const user = await requireAccess(args, ROUTE);
  const form = await args.request.formData();
  verifyCsrf(user.session, form);
  const parsed = SwitchSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) throw new Response("Bad Request", { status: 400 });
  const switched = await switchCurrentRole(user.api, parsed.data.id);
  if (!switched.ok) {
    return redirectWithNotice(ROUTE, user, { kind: "error", key: "profile:notices.saveFailed" });
  }
  const profile = await fetchSessionProfile(user.api);
  if (!profile.ok) return redirect("/");
  user.session.set("profile", profile.data);
  return redirectWithNotice("/", user, {
    kind: "success",
    key: "profile:notices.roleSwitched",
    params: { name: `${profile.data.company_short_name ?? ""} ${profile.data.role ?? ""}`.trim() },
  });
}

function Stations({ allowed, denied }: { allowed: string[]; denied: string[] }) {
  const { t } = useTranslation("profile");
  return (
    <Table withRowBorders={false} data-testid="stations">
      <Table.Tbody>
        <Table.Tr>
          <Table.Th w={140}>{t("allowed")}</Table.Th>
          <Table.Td>{allowed.length ? t("onlyStations", { list: allowed.join(", ") }) : t("allStations")}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>{t("denied")}</Table.Th>
          <Table.Td>{denied.length ? denied.join(", ") : t("noneDenied")}</Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

export default function ProfilePage() {
  const { profile, roles, accessDenied, accessibleUrls, offeredUrls } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["profile", "nav"]);
  const roleLabel = (role?: string | null) => {
    if (!role) return "—";
    const [type, ...rest] = role.split("_");
    return `${t(`types.${type}`, { defaultValue: type })} · ${t(`roleNames.${rest.join("_")}`, { defaultValue: rest.join("_") })}`;
  };
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t("title")}
      </Title>
      {accessDenied ? (
        <Alert color="orange" role="alert" data-testid="access-denied-banner">
          {t("accessDeniedBanner")}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Card withBorder>
          <Stack gap="xs">
            <Text fw={600}>{[profile?.firstname, profile?.lastname].filter(Boolean).join(" ") || profile?.email}</Text>
            <Text size="sm">
              {t("email")}: {profile?.email}
            </Text>
            {profile?.company_short_name ? (
              <>
                <Text size="sm" data-testid="profile-company">
                  {t("company")}: {profile.company_name} ({profile.company_short_name})
                </Text>
                <Text size="sm" data-testid="profile-role">
                  {t("role")}: {roleLabel(profile.role)}
                </Text>
              </>
            ) : (
              <Text size="sm" c="dimmed" data-testid="profile-no-company">
                {t("noCompany")}
              </Text>
            )}
          </Stack>
        </Card>
        <Card withBorder>
          <Title order={2} size="h4" mb="xs">
            {t("locationsTitle")}
          </Title>
          <Stations allowed={profile?.stations_allowed ?? []} denied={profile?.stations_denied ?? []} />
        </Card>
      </SimpleGrid>
      <Card withBorder>
        <Title order={2} size="h4" mb="xs">
          {t("rolesTitle")}
        </Title>
        {roles.length === 0 ? (
          <Text c="dimmed">{t("noRoles")}</Text>
        ) : (
          // a phone's card is narrower than a company's name beside "Switch to this one": the table scrolls in it
          <Table.ScrollContainer minWidth={360} type="native">
            <Table data-testid="available-roles">
              <Table.Tbody>
                {roles.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>
                      {r.company_name} ({r.company_short_name})
                    </Table.Td>
                    <Table.Td>{roleLabel(r.name)}</Table.Td>
                    <Table.Td ta="right">
                      {r.current ? (
                        <Badge color="teal">{t("current")}</Badge>
                      ) : (
                        <Form method="post">
                          <CsrfInput />
                          <input type="hidden" name="intent" value="switchRole" />
                          <input type="hidden" name="id" value={r.id} />
                          <Button type="submit" size="compact-sm" variant="light">
                            {t("switch")}
                          </Button>
                        </Form>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
      <Card withBorder>
        <Title order={2} size="h4" mb="xs">
          {t("urlsTitle")}
        </Title>
        <List data-testid="accessible-urls">
          {accessibleUrls.map((e) => (
            <List.Item key={e.path}>
              <Anchor component={Link} to={e.path}>
                {t(`nav:${e.label}`)}
              </Anchor>
            </List.Item>
          ))}
        </List>
        {offeredUrls.length ? (
          <>
            <Text size="sm" mt="sm" c="dimmed">
              {t("urlsFromServer")}
            </Text>
            <Group gap="xs" data-testid="offered-urls">
              {offeredUrls.map((u) => (
                <Badge key={u} variant="outline">
                  {u}
                </Badge>
              ))}
            </Group>
          </>
        ) : null}
      </Card>
    </Stack>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
