import { getFormProps, getInputProps, getSelectProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { Alert } from "~/lib/mantine/Alert";
import { Button } from "~/components/plain/button";
import { Checkbox } from "~/lib/mantine/Checkbox";
import { Group } from "~/components/plain/group";
import { NativeSelect } from "~/lib/mantine/NativeSelect";
import { Paper } from "~/components/plain/paper";
import { Stack } from "~/components/plain/stack";
import { TextInput } from "~/components/plain/text-input";
import { Title } from "~/components/plain/title";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { UserProfileFormSchema } from "~/lib/forms/user-profile-schema";
import { USER_PROFILE_ROLES } from "~/lib/upstream/user-profile-roles";
import type { UserProfile } from "~/lib/upstream/schemas";
import { CsrfInput } from "../form-guards";
import { RecordIntentInputs } from "../intent-form";
import { useSettingsForm } from "../settings/settings-form";

/** A comma-separated list of station codes; its error is the list's own, or else the first one held under it. */
function StationsInput({
  field,
  label,
  description,
  tr,
}: {
  field: FieldMetadata<unknown>;
  label: string;
  description: string;
  tr: (key?: string) => string | undefined;
}) {
  return (
    <TextInput
      {...getInputProps(field, { type: "text" })}
      key={field.key}
      required={false}
      label={label}
      description={description}
      error={tr(field.errors?.[0] ?? Object.entries(field.allErrors)[0]?.[1]?.[0])}
    />
  );
}

/**
 * Add/edit dialog of the users page. It is an overlay drawn by the server from the URL (?dialog=new,
 * ?edit=<id>), so it opens, submits and shows server errors with JavaScript off too.
 */
export function UserProfileDialog({
  editing,
  editingSelf,
  company,
  lastResult,
  closeHref,
}: {
  editing: UserProfile | null;
  /** The signed-in user's own profile: its role stays and it cannot be blocked (the API refuses both). */
  editingSelf: boolean;
  company: string;
  lastResult?: SubmissionResult<string[]>;
  closeHref: string;
}) {
  const { t } = useTranslation(["users", "profile", "errors", "common"]);
  const [form, fields] = useSettingsForm(UserProfileFormSchema, {
    id: editing ? `user-${editing.id}` : "user-new",
    lastResult,
    defaultValue: editing
      ? {
          intent: "update",
          id: String(editing.id),
          email: editing.email,
          description: editing.description ?? "",
          role: editing.roles[0]?.name ?? "operator",
          blocked: editing.blocked ? "on" : undefined,
          stations_allowed: editing.stations_allowed.join(", "),
          stations_denied: editing.stations_denied.join(", "),
        }
      : { intent: "create", role: "operator" },
  });
  const tr = (key?: string) => (key ? t(key, { max: 255 }) : undefined);
  const ownRole = editing?.roles[0]?.name;
  const roleChoices = editingSelf && ownRole ? [ownRole] : USER_PROFILE_ROLES;
  const title = editing ? t("editTitle", { email: editing.email }) : t("addTitle", { company });

  return (
    <div style={{ position: "fixed", inset: 0, background: "rgba(0,0,0,0.45)", zIndex: 300, display: "grid", placeItems: "center", padding: 16 }}>
      <Paper role="dialog" aria-modal="true" aria-label={title} w="100%" maw={520} p="lg" radius="md" shadow="xl" data-testid="user-dialog">
        <Form method="post" {...getFormProps(form)} noValidate>
          <CsrfInput />
          <RecordIntentInputs fields={fields} updating={Boolean(editing)} recordId={editing?.id} />
          <Stack gap="sm">
            <Title order={2} size="h4">
              {title}
            </Title>
            {form.errors?.length ? (
              <Alert color="red" role="alert">
                {form.errors.map((e) => tr(e)).join(" ")}
              </Alert>
            ) : null}
            <TextInput
              {...getInputProps(fields.email, { type: "email" })}
              key={fields.email.key}
              label={t("email")}
              readOnly={Boolean(editing)}
              error={tr(fields.email.errors?.[0])}
            />
            <TextInput {...getInputProps(fields.description, { type: "text" })} key={fields.description.key} label={t("description")} error={tr(fields.description.errors?.[0])} />
            <NativeSelect
              {...getSelectProps(fields.role)}
              key={fields.role.key}
              label={t("role")}
              data={roleChoices.map((r) => ({ value: r, label: t(`profile:roleNames.${r}`, { defaultValue: r }) }))}
              description={editingSelf ? t("refusals.ownRoleHint") : undefined}
              error={tr(fields.role.errors?.[0])}
            />
            <StationsInput field={fields.stations_allowed} label={t("stationsAllowed")} description={t("stationsHint")} tr={tr} />
            <StationsInput field={fields.stations_denied} label={t("stationsDenied")} description={t("deniedHint")} tr={tr} />
            {editingSelf ? null : (
              <Checkbox
                {...getInputProps(fields.blocked, { type: "checkbox" })}
                key={fields.blocked.key}
                label={t("blocked")}
              />
            )}
            <Group justify="flex-end">
              <Button component={Link} to={closeHref} variant="default">
                {t("common:actions.cancel")}
              </Button>
              <Button type="submit" data-testid="user-dialog-submit">
                {t("common:actions.save")}
              </Button>
            </Group>
          </Stack>
        </Form>
      </Paper>
    </div>
  );
}
