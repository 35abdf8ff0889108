import { GeneralErrorBoundary } from "~/components/error-boundary";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Alert } from "~/lib/mantine/Alert";
import { Anchor } from "~/lib/mantine/Anchor";
import { Button } from "~/lib/mantine/Button";
import { Checkbox } from "~/lib/mantine/Checkbox";
import { Group } from "~/lib/mantine/Group";
import { PasswordInput } from "~/lib/mantine/PasswordInput";
import { Stack } from "~/lib/mantine/Stack";
import { TextInput } from "~/lib/mantine/TextInput";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CsrfInput, Honeypot } from "~/components/form-guards";
import { pageMeta } from "~/components/page-meta";
import { PublicCard } from "~/components/public-card";
import { verifyCsrf, verifyHoneypot } from "~/lib/auth/csrf.server";
import { getUser } from "~/lib/auth/guard.server";
import { signIn } from "~/lib/auth/sign-in.server";
import { requestTranslator } from "~/lib/i18n/request-translator.server";
import { SignInSchema } from "~/lib/forms/auth-schemas";
import { safeRedirect } from "~/lib/forms/safe-redirect";
import { hasTrackingPage } from "~/lib/tracking/track-page.server";

export const handle = { i18n: ["auth", "errors", "tracking"] };
export const meta = pageMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const target = url.searchParams.get("redirect");
  const user = await getUser({ request, context });
  if (user) throw redirect(safeRedirect(target, "/"));
  const t = await requestTranslator(request, context);
  return json({ pageTitle: t("auth:signIn.title"), redirect: target ?? "", tracking: hasTrackingPage(context) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const session = await context.session.get();
  verifyHoneypot(form);
  verifyCsrf(session, form);
  const submission = parseWithZod(form, { schema: SignInSchema });
  if (submission.status !== "success") {
    return json(submission.reply({ hideFields: ["password"] }), { status: 400 });
  }
  const { email, password, rememberMe, redirect: target } = submission.value;
  const result = await signIn(request, context, { email: email.toLowerCase(), password, rememberMe: Boolean(rememberMe) });
  if (!result.ok) {
    return json(submission.reply({ formErrors: [`errors:${result.code}`], hideFields: ["password"] }), {
      status: result.code === "TooManyAttempts" ? 429 : 400,
    });
  }
  // "/" decides the landing page from the fresh profile (spec 1 §2 "Landing redirect")
  return redirect(safeRedirect(target, "/"));
}

export default function SignInPage() {
  const { redirect: target, tracking } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation(["auth", "errors"]);
  const [form, fields] = useForm({
    id: "sign-in",
    lastResult,
    constraint: getZodConstraint(SignInSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SignInSchema }),
  });
  const tr = (key?: string) => (key ? t(key) : undefined);

  return (
    <PublicCard title={t("signIn.title")}>
      <Form method="post" {...getFormProps(form)} noValidate>
        <CsrfInput />
        <Honeypot />
        <input type="hidden" name="redirect" value={target} />
        <Stack gap="sm">
          {form.errors?.length ? (
            <Alert color="red" role="alert" data-testid="form-error">
              {form.errors.map((e) => tr(e)).join(" ")}
            </Alert>
          ) : null}
          <TextInput
            {...getInputProps(fields.email, { type: "email" })}
            key={fields.email.key}
            label={t("signIn.email")}
            autoComplete="username"
            error={tr(fields.email.errors?.[0])}
          />
          <PasswordInput
            {...getInputProps(fields.password, { type: "password" })}
            key={fields.password.key}
            label={t("signIn.password")}
            autoComplete="current-password"
            error={tr(fields.password.errors?.[0])}
          />
          <Checkbox name={fields.rememberMe.name} value="on" label={t("signIn.rememberMe")} defaultChecked={fields.rememberMe.initialValue === "on"} />
          <Button type="submit" loading={navigation.state === "submitting"}>
            {t("signIn.submit")}
          </Button>
          <Group justify="space-between">
            <Anchor component={Link} to="/restore" size="sm">
              {t("signIn.forgot")}
            </Anchor>
            <Anchor component={Link} to="/login" size="sm">
              {t("signIn.register")}
            </Anchor>
          </Group>
          {tracking ? (
            <Anchor component={Link} to="/track" size="sm" ta="center" data-testid="track-link">
              {t("tracking:title")}
            </Anchor>
          ) : null}
        </Stack>
      </Form>
    </PublicCard>
  );
}

/** A refused request (request-limits) or a failed call: the message inside the page, in the reader's language (root data is loaded). */
export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
