import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Alert } from "~/lib/mantine/Alert";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { pageMeta } from "~/components/page-meta";
import { PublicCard } from "~/components/public-card";
import { PublicField, PublicForm } from "~/components/public-form";
import { useSettingsForm } from "~/components/settings/settings-form";
import { readPublicForm } from "~/lib/auth/public-form.server";
import { upstreamFor } from "~/lib/auth/upstream.server";
import { requestTranslator } from "~/lib/i18n/request-translator.server";
import { PasswordEditSchema } from "~/lib/forms/auth-schemas";
import { changePassword } from "~/lib/upstream/auth.server";
import { redirectWithNotice } from "~/lib/notices/redirect-with-notice.server";

export const handle = { i18n: ["auth", "errors"] };
export const meta = pageMeta;

/** Which field each classified server answer belongs beside (spec 3 §5). */
const FIELD_OF_CODE: Record<string, "password" | "confirmation" | undefined> = {
  PasswordTooShort: "password",
  ConfirmationNotMatch: "confirmation",
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const t = await requestTranslator(request, context);
  const token = new URL(request.url).searchParams.get("reset_password_token") ?? "";
  return json({ token, pageTitle: t("auth:passwordEdit.title") });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { session, submission } = await readPublicForm(request, context, PasswordEditSchema);
  if (submission.status !== "success") {
    return json(submission.reply({ hideFields: ["password", "confirmation"] }), { status: 400 });
  }
  const api = await upstreamFor(request, context);
  const result = await changePassword(api, submission.value);
  if (!result.ok) {
    const field = FIELD_OF_CODE[result.code];
    const message = `errors:${result.code}`;
    return json(
      submission.reply({
        ...(field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] }),
        hideFields: ["password", "confirmation"],
      }),
      { status: 422 },
    );
  }
  return redirectWithNotice("/signIn", session, { kind: "success", key: "auth:notices.passwordChanged" });
}

export default function PasswordEditPage() {
  const { token } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation(["auth", "errors"]);
  const [form, fields] = useSettingsForm(PasswordEditSchema, { id: "password-edit", lastResult });
  return (
    <PublicCard title={t("passwordEdit.title")} link={{ to: "/restore", label: t("restore.title") }}>
      {!token ? (
        <Alert color="red" role="alert">
          {t("passwordEdit.missingToken")}
        </Alert>
      ) : (
        <PublicForm form={form} hidden={<input type="hidden" name="token" value={token} />} errorTestId="form-error" submitLabel={t("passwordEdit.submit")}>
          <PublicField field={fields.password} type="password" label={t("passwordEdit.password")} autoComplete="new-password" />
          <PublicField field={fields.confirmation} type="password" label={t("passwordEdit.confirmation")} autoComplete="new-password" />
        </PublicForm>
      )}
    </PublicCard>
  );
}

/** A refused request (request-limits) or a failed call: the message inside the page, in the reader's language (root data is loaded). */
export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
