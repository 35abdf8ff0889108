import { GeneralErrorBoundary } from "~/components/error-boundary";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Alert } from "~/lib/mantine/Alert";
import { Anchor } from "~/lib/mantine/Anchor";
import { Button } from "~/lib/mantine/Button";
import { PasswordInput } from "~/lib/mantine/PasswordInput";
import { Stack } from "~/lib/mantine/Stack";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CsrfInput, Honeypot } from "~/components/form-guards";
import { pageMeta } from "~/components/page-meta";
import { PublicCard } from "~/components/public-card";
import { verifyCsrf, verifyHoneypot } from "~/lib/auth/csrf.server";
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
  const form = await request.formData();
  const session = await context.session.get();
  verifyHoneypot(form);
  verifyCsrf(session, form);
  const submission = parseWithZod(form, { schema: PasswordEditSchema });
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
  const navigation = useNavigation();
  const { t } = useTranslation(["auth", "errors"]);
  const [form, fields] = useForm({
    id: "password-edit",
    lastResult,
    constraint: getZodConstraint(PasswordEditSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PasswordEditSchema }),
  });
  const tr = (key?: string) => (key ? t(key) : undefined);
  return (
    <PublicCard title={t("passwordEdit.title")}>
      {!token ? (
        <Alert color="red" role="alert">
          {t("passwordEdit.missingToken")}
        </Alert>
      ) : (
        <Form method="post" {...getFormProps(form)} noValidate>
          <CsrfInput />
          <Honeypot />
          <input type="hidden" name="token" value={token} />
          <Stack gap="sm">
            {form.errors?.length ? (
              <Alert color="red" role="alert" data-testid="form-error">
                {form.errors.map((e) => tr(e)).join(" ")}
              </Alert>
            ) : null}
            <PasswordInput
              {...getInputProps(fields.password, { type: "password" })}
              key={fields.password.key}
              label={t("passwordEdit.password")}
              autoComplete="new-password"
              error={tr(fields.password.errors?.[0])}
            />
            <PasswordInput
              {...getInputProps(fields.confirmation, { type: "password" })}
              key={fields.confirmation.key}
              label={t("passwordEdit.confirmation")}
              autoComplete="new-password"
              error={tr(fields.confirmation.errors?.[0])}
            />
            <Button type="submit" loading={navigation.state === "submitting"}>
              {t("passwordEdit.submit")}
            </Button>
          </Stack>
        </Form>
      )}
      <Anchor component={Link} to="/restore" size="sm">
        {t("restore.title")}
      </Anchor>
    </PublicCard>
  );
}

/** A refused request (request-limits) or a failed call: the message inside the page, in the reader's language (root data is loaded). */
export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
