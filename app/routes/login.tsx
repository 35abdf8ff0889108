import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Group } from "~/components/plain/group";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "~/lib/http/redirect";
import { useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { pageMeta } from "~/components/page-meta";
import { PublicCard } from "~/components/public-card";
import { PublicField, PublicForm } from "~/components/public-form";
import { useSettingsForm } from "~/components/settings/settings-form";
import { getUser } from "~/lib/auth/guard.server";
import { readPublicForm } from "~/lib/auth/public-form.server";
import { upstreamFor } from "~/lib/auth/upstream.server";
import { requestTranslator } from "~/lib/i18n/request-translator.server";
import { RegisterSchema } from "~/lib/forms/auth-schemas";
import { registerUser } from "~/lib/upstream/auth.server";

export const handle = { i18n: ["auth", "errors"] };
export const meta = pageMeta;

/** /login: new accounts (`POST api/v2/users`); a signed-in visitor goes to their landing page. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (await getUser({ request, context })) throw redirect("/");
  const t = await requestTranslator(request, context);
  return json({ pageTitle: t("auth:register.title") });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { submission } = await readPublicForm(request, context, RegisterSchema);
  const hideFields = ["password", "confirmation"];
  if (submission.status !== "success") return json(submission.reply({ hideFields }), { status: 400 });
  const { email, firstname, lastname, phone, password, confirmation } = submission.value;
  const api = await upstreamFor(request, context);
  const result = await registerUser(api, {
    email: email.toLowerCase(),
    firstname,
    lastname,
    phone,
    password,
    password_confirmation: confirmation,
  });
  if (!result.ok) {
    if (result.code === "Exists") return json(submission.reply({ fieldErrors: { email: ["errors:accountExists"] }, hideFields }), { status: 422 });
    const pw = result.fieldRefusals?.password?.some((r) => r.code === "too_short");
    if (pw) return json(submission.reply({ fieldErrors: { password: ["errors:PasswordTooShort"] }, hideFields }), { status: 422 });
    return json(submission.reply({ formErrors: [`errors:${result.code}`], hideFields }), { status: 422 });
  }
  return redirect("/registered");
}

export default function RegisterPage() {
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation(["auth", "errors"]);
  const [form, fields] = useSettingsForm(RegisterSchema, { id: "register", lastResult });
  return (
    <PublicCard title={t("register.title")} link={{ to: "/signIn", label: t("register.haveAccount") }}>
      <PublicForm form={form} submitLabel={t("register.submit")}>
        <PublicField field={fields.email} type="email" label={t("signIn.email")} />
        <Group grow>
          <PublicField field={fields.firstname} type="text" label={t("register.firstname")} />
          <PublicField field={fields.lastname} type="text" label={t("register.lastname")} />
        </Group>
        <PublicField field={fields.phone} type="tel" label={t("register.phone")} />
        <PublicField field={fields.password} type="password" label={t("signIn.password")} autoComplete="new-password" />
        <PublicField field={fields.confirmation} type="password" label={t("passwordEdit.confirmation")} autoComplete="new-password" />
      </PublicForm>
    </PublicCard>
  );
}

/** A refused request (request-limits) or a failed call: the message inside the page, in the reader's language (root data is loaded). */
export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
