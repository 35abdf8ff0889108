import { notFound } from "~/lib/http/not-found.server";
import { redirectWithNotice } from "~/lib/notices/redirect-with-notice.server";
import { parseWithZod } from "@conform-to/zod";
import { Badge } from "~/components/plain/badge";
import { Button } from "~/components/plain/button";
import { Group } from "~/components/plain/group";
import { Stack } from "~/components/plain/stack";
import { TextInput } from "~/components/plain/text-input";
import { Title } from "~/components/plain/title";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { DataTable, type Column } from "~/components/data/data-table";
import { useDialogLinks } from "~/components/settings/dialog-links";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { UserProfileDialog } from "~/components/users/user-profile-dialog";
import { postedForm } from "~/lib/settings/save-form.server";
import { requireAccess, type SignedInUser } from "~/lib/auth/guard.server";
import { requestTranslator } from "~/lib/i18n/request-translator.server";
import { failureResponse } from "~/lib/upstream/failure-response.server";
import { UserProfileFormSchema } from "~/lib/forms/user-profile-schema";
import { editParam, readListQuery, textParam } from "~/lib/forms/list-query";
import { RowActions } from "~/components/settings/row-actions";
import { deleteRowAction } from "~/lib/settings/delete-row-action.server";
import { AddButton } from "~/components/settings/add-button";
import {
  adminGuardRefusal,
  createUserProfile,
  deleteUserProfile,
  getUserProfile,
  listUserProfiles,
  updateUserProfile,
} from "~/lib/upstream/user-profiles.server";

const ROUTE = "/dashboard/settings/users";

export const handle = { i18n: ["users", "profile", "errors"] };
export const meta = pageMeta;

function companyOf(user: SignedInUser): number {
  const id = user.profile.company_id;
  if (!id) throw notFound();
  return id;
}

const FILTERS = {
  q: textParam,
  // the dialog's own parameters ride on the list URL
  edit: editParam,
  dialog: z.enum(["new"]).optional().catch(undefined),
};

export async function loader(args: LoaderFunctionArgs) {
  const user = await requireAccess(args, ROUTE);
  const companyId = companyOf(user);
  const { paging, filters: query } = readListQuery(args.request, { filters: FILTERS });
  const [list, editing] = await Promise.all([
    listUserProfiles(user.api, companyId, { page: paging.page, per_page: paging.per_page, q: query.q || undefined }),
    query.edit ? getUserProfile(user.api, companyId, query.edit) : Promise.resolve(null),
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

export async function action(args: ActionFunctionArgs) {
  const user = await requireAccess(args, ROUTE);
  const companyId = companyOf(user);
  const form = await postedForm(args.request, user);
  const back = new URL(args.request.url);
  back.searchParams.delete("dialog");
  back.searchParams.delete("edit");
  const listUrl = `${back.pathname}${back.search}`;

  if (form.get("intent") === "delete") {
    return deleteRowAction(form, user, {
      backTo: listUrl,
      remove: (id) => deleteUserProfile(user.api, companyId, id),
      deleted: "users:notices.deleted",
      failed: adminGuardRefusal,
    });
  }

  const submission = parseWithZod(form, { schema: UserProfileFormSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  const { intent, id, email, description, role, blocked, stations_allowed, stations_denied } = submission.value;
  const input = { email: email.toLowerCase(), description: description ?? "", role, blocked: Boolean(blocked), stations_allowed, stations_denied };
  const result =
    intent === "update" && id
      ? await updateUserProfile(user.api, companyId, id, input)
      : await createUserProfile(user.api, companyId, input);
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
  return redirectWithNotice(listUrl, user, { kind: "success", key: intent === "update" ? "users:notices.updated" : "users:notices.created" });
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
  const columns: Column<(typeof data.users)[number]>[] = [
    { key: "email", header: t("email"), render: (u) => u.email },
    { key: "description", header: t("description"), render: (u) => u.description },
    {
      key: "roles",
      header: t("roles"),
      render: (u) =>
        u.roles.map((r) => (
          <Badge key={r.name} variant="light" mr={4}>
            {t(`profile:roleNames.${r.name}`, { defaultValue: r.name })}
          </Badge>
        )),
    },
    { key: "blocked", header: t("blocked"), render: (u) => (u.blocked ? t("common:yes") : t("common:no")) },
    { key: "allowed", header: t("stationsAllowed"), render: (u) => <Stations list={u.stations_allowed} empty={t("all")} /> },
    { key: "denied", header: t("stationsDenied"), render: (u) => <Stations list={u.stations_denied} empty={t("none")} /> },
    {
      key: "actions",
      header: t("actions"),
      render: (u) => (
        <RowActions
          id={u.id}
          editTo={hrefWith("edit", String(u.id))}
          // no Delete on your own row (the API refuses it too)
          confirmText={u.email.toLowerCase() === data.selfEmail ? null : t("confirmDelete", { email: u.email })}
        />
      ),
    },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t("title")} · {data.company}
        </Title>
        <AddButton to={hrefWith("dialog", "new")} testId="add-user">{t("add")}</AddButton>
      </Group>
      <Form method="get" role="search">
        <Group gap="xs">
          <TextInput name="q" defaultValue={data.q} placeholder={t("search")} aria-label={t("search")} w={280} />
          <Button type="submit" variant="default">
            {t("common:actions.search")}
          </Button>
        </Group>
      </Form>
      <DataTable id="users" columns={columns} rows={data.users} rowKey={(u) => u.id} empty={t("empty")} testId="users-table" meta={data.meta} />
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
