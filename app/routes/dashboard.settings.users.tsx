import { parseWithZod } from "@conform-to/zod";
import { Anchor, Badge, Button, Group, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { CsrfInput } from "~/components/form-guards";
import { useDialogLinks } from "~/components/settings/dialog-links";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { PaginationLinks } from "~/components/pagination-links";
import { UserProfileDialog } from "~/components/users/user-profile-dialog";
import { verifyCsrf } from "~/lib/auth/csrf.server";
import { requireAccess, type SignedInUser } from "~/lib/auth/guard.server";
import { requestTranslator } from "~/lib/i18n/request-translator.server";
import { failureResponse } from "~/lib/upstream/failure-response.server";
import { UserProfileFormSchema } from "~/lib/forms/user-profile-schema";
import {
  adminGuardRefusal,
  createUserProfile,
  deleteUserProfile,
  getUserProfile,
  listUserProfiles,
  updateUserProfile,
} from "~/lib/upstream/user-profiles.server";

const ROUTE = "/dashboard/settings/users";
const PER_PAGE = 25;

export const handle = { i18n: ["users", "profile", "errors"] };
export const meta = pageMeta;

function companyOf(user: SignedInUser): number {
  const id = user.profile.company_id;
  if (!id) throw new Response("Not Found", { status: 404 });
  return id;
}

const ListQuery = z.object({
  page: z.coerce.number().int().min(1).catch(1),
  q: z.string().trim().max(100).catch(""),
  edit: z.coerce.number().int().positive().optional().catch(undefined),
  dialog: z.enum(["new"]).optional().catch(undefined),
});

export async function loader(args: LoaderFunctionArgs) {
  const user = await requireAccess(args, ROUTE);
  const companyId = companyOf(user);
  const query = ListQuery.parse(Object.fromEntries(new URL(args.request.url).searchParams));
  const [list, editing] = await Promise.all([
    user.ensure(listUserProfiles(user.api, companyId, { page: query.page, per_page: PER_PAGE, q: query.q || undefined })),
    query.edit ? user.ensure(getUserProfile(user.api, companyId, query.edit)) : Promise.resolve(null),
  ]);
  if (!list.ok) throw failureResponse(list);
  const t = await requestTranslator(args.request, args.context);
  return json({
    pageTitle: t("users:title"),
    company: user.profile.company_short_name ?? "",
    // the signed-in user's own row offers no removal, and their dialog no blocking or other role (the API refuses them)
    selfEmail: user.email.toLowerCase(),
    users: list.data.data,
    meta: list.data.meta,
    q: query.q,
    dialog: query.dialog === "new" ? ("new" as const) : editing?.ok ? ("edit" as const) : null,
    editing: editing?.ok ? editing.data : null,
  });
}

const DeleteSchema = z.object({ intent: z.literal("delete"), id: z.coerce.number().int().positive() });

export async function action(args: ActionFunctionArgs) {
  const user = await requireAccess(args, ROUTE);
  const companyId = companyOf(user);
  const form = await args.request.formData();
  verifyCsrf(user.session, form);
  const back = new URL(args.request.url);
  back.searchParams.delete("dialog");
  back.searchParams.delete("edit");
  const listUrl = `${back.pathname}${back.search}`;

  if (form.get("intent") === "delete") {
    const parsed = DeleteSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) throw new Response("Bad Request", { status: 400 });
    const result = await user.ensure(deleteUserProfile(user.api, companyId, parsed.data.id));
    user.session.flash(
      "notice",
      result.ok ? { kind: "success", key: "userDeleted" } : { kind: "error", key: adminGuardRefusal(result) ?? "deleteFailed" },
    );
    return redirect(listUrl);
  }

  const submission = parseWithZod(form, { schema: UserProfileFormSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  const { intent, id, email, description, role, blocked, stations_allowed, stations_denied } = submission.value;
  const input = { email: email.toLowerCase(), description: description ?? "", role, blocked: Boolean(blocked), stations_allowed, stations_denied };
  const result =
    intent === "update" && id
      ? await user.ensure(updateUserProfile(user.api, companyId, id, input))
      : await user.ensure(createUserProfile(user.api, companyId, input));
  if (!result.ok) {
    const reply =
      result.code === "Exists"
        ? submission.reply({ fieldErrors: { email: ["errors:userExists"] } })
        : result.code === "EmptyFields"
          ? submission.reply({ fieldErrors: { role: ["errors:notSystemUser"] } })
          : result.code === "NotFound"
            ? submission.reply({ formErrors: ["errors:userNotFound"] })
            : submission.reply({ formErrors: [adminGuardRefusal(result) ?? `errors:${result.code}`] });
    return json(reply, { status: 422 });
  }
  user.session.flash("notice", { kind: "success", key: intent === "update" ? "userUpdated" : "userCreated" });
  return redirect(listUrl);
}

function Stations({ list, empty }: { list: string[]; empty: string }) {
  return <>{list.length ? list.join(", ") : empty}</>;
}

export default function UsersPage() {
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation(["users", "profile", "common"]);
  const { openHref: hrefWith, closeHref } = useDialogLinks();
  // a failed submission keeps the dialog open with what was typed, even after the URL lost its flag
  const submittedIntent = lastResult?.initialValue?.intent;
  const dialogOpen = data.dialog !== null || Boolean(submittedIntent);

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t("title")} · {data.company}
        </Title>
        <Button component={Link} to={hrefWith("dialog", "new")} data-testid="add-user">
          {t("add")}
        </Button>
      </Group>
      <Form method="get" role="search">
        <Group gap="xs">
          <TextInput name="q" defaultValue={data.q} placeholder={t("search")} aria-label={t("search")} w={280} />
          <Button type="submit" variant="default">
            {t("common:actions.search")}
          </Button>
        </Group>
      </Form>
      <Table striped highlightOnHover data-testid="users-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("email")}</Table.Th>
            <Table.Th>{t("description")}</Table.Th>
            <Table.Th>{t("roles")}</Table.Th>
            <Table.Th>{t("blocked")}</Table.Th>
            <Table.Th>{t("stationsAllowed")}</Table.Th>
            <Table.Th>{t("stationsDenied")}</Table.Th>
            <Table.Th>{t("actions")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.users.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={7}>
                <Text c="dimmed">{t("empty")}</Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            data.users.map((u) => (
              <Table.Tr key={u.id}>
                <Table.Td>{u.email}</Table.Td>
                <Table.Td>{u.description}</Table.Td>
                <Table.Td>
                  {u.roles.map((r) => (
                    <Badge key={r.name} variant="light" mr={4}>
                      {t(`profile:roleNames.${r.name}`, { defaultValue: r.name })}
                    </Badge>
                  ))}
                </Table.Td>
                <Table.Td>{u.blocked ? t("common:yes") : t("common:no")}</Table.Td>
                <Table.Td>
                  <Stations list={u.stations_allowed} empty={t("all")} />
                </Table.Td>
                <Table.Td>
                  <Stations list={u.stations_denied} empty={t("none")} />
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Anchor component={Link} to={hrefWith("edit", String(u.id))} size="sm">
                      {t("common:actions.edit")}
                    </Anchor>
                    {u.email.toLowerCase() === data.selfEmail ? null : (
                      <Form method="post" onSubmit={(e) => (confirm(t("confirmDelete", { email: u.email })) ? undefined : e.preventDefault())}>
                        <CsrfInput />
                        <input type="hidden" name="intent" value="delete" />
                        <input type="hidden" name="id" value={u.id} />
                        <Button type="submit" size="compact-xs" color="red" variant="subtle">
                          {t("common:actions.delete")}
                        </Button>
                      </Form>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
      <PaginationLinks page={Number(data.meta.current_page)} totalPages={Number(data.meta.total_pages)} totalCount={Number(data.meta.total_count)} />
      {dialogOpen ? (
        <UserProfileDialog
          editing={data.editing ?? null}
          editingSelf={data.editing?.email.toLowerCase() === data.selfEmail}
          company={data.company}
          lastResult={lastResult}
          closeHref={closeHref}
        />
      ) : null}
    </Stack>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
