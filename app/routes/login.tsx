import { GeneralErrorBoundary } from "~/components/error-boundary";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Alert } from "~/lib/mantine/Alert";
import { Anchor } from "~/lib/mantine/Anchor";
import { Button } from "~/lib/mantine/Button";
import { Group } from "~/lib/mantine/Group";
import { PasswordInput } from "~/lib/mantine/PasswordInput";
import { Stack } from "~/lib/mantine/Stack";
import { TextInput } from "~/lib/mantine/TextInput";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CsrfInput, Honeypot } from "~/components/form-guards";
import { pageMeta } from "~/components/page-meta";
import { PublicCard } from "~/components/public-card";
import { verifyCsrf, verifyHoneypot } from "~/lib/auth/csrf.server";
import { getUser } from "~/lib/auth/guard.server";
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
  const form = await request.formData();
  verifyHoneypot(form);
  verifyCsrf(await context.session.get(), form);
  const submission = parseWithZod(form, { schema: RegisterSchema });
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
    const pw = result.fieldErrors.password?.some((m) => m.includes("too short"));
    if (pw) return json(submission.reply({ fieldErrors: { password: ["errors:PasswordTooShort"] }, hideFields }), { status: 422 });
    return json(submission.reply({ formErrors: [`errors:${result.code}`], hideFields }), { status: 422 });
  }
  return redirect("/registered");
}

export default function RegisterPage() {
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation(["auth", "errors"]);
  const [form, fields] = useForm({
    id: "register",
    lastResult,
    constraint: getZodConstraint(RegisterSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RegisterSchema }),
  });
  const tr = (key?: string) => (key ? t(key) : undefined);
  return (
    <PublicCard title={t("register.title")}>
      <Form method="post" {...getFormProps(form)} noValidate>
        <CsrfInput />
        <Honeypot />
        <Stack gap="sm">
          {form.errors?.length ? <Alert color="red" role="alert">{form.errors.map((e) => tr(e)).join(" ")}</Alert> : null}
          <TextInput {...getInputProps(fields.email, { type: "email" })} key={fields.email.key} label={t("signIn.email")} error={tr(fields.email.errors?.[0])} />
          <Group grow>
            <TextInput {...getInputProps(fields.firstname, { type: "text" })} key={fields.firstname.key} label={t("register.firstname")} error={tr(fields.firstname.errors?.[0])} />
            <TextInput {...getInputProps(fields.lastname, { type: "text" })} key={fields.lastname.key} label={t("register.lastname")} error={tr(fields.lastname.errors?.[0])} />
          </Group>
          <TextInput {...getInputProps(fields.phone, { type: "tel" })} key={fields.phone.key} label={t("register.phone")} error={tr(fields.phone.errors?.[0])} />
          <PasswordInput {...getInputProps(fields.password, { type: "password" })} key={fields.password.key} label={t("signIn.password")} autoComplete="new-password" error={tr(fields.password.errors?.[0])} />
          <PasswordInput {...getInputProps(fields.confirmation, { type: "password" })} key={fields.confirmation.key} label={t("passwordEdit.confirmation")} autoComplete="new-password" error={tr(fields.confirmation.errors?.[0])} />
          <Button type="submit" loading={navigation.state === "submitting"}>
            {t("register.submit")}
          </Button>
        </Stack>
      </Form>
      <Anchor component={Link} to="/signIn" size="sm">
        {t("register.haveAccount")}
      </Anchor>
    </PublicCard>
  );
}

/** A refused request (request-limits) or a failed call: the message inside the page, in the reader's language (root data is loaded). */
export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
