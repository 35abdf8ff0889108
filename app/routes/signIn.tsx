import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Anchor } from "~/components/plain/anchor";
import { Checkbox } from "~/lib/mantine/Checkbox";
import { Group } from "~/components/plain/group";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "~/lib/http/redirect";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { pageMeta } from "~/components/page-meta";
import { PublicCard } from "~/components/public-card";
import { PublicField, PublicForm } from "~/components/public-form";
import { useSettingsForm } from "~/components/settings/settings-form";
import { getUser } from "~/lib/auth/guard.server";
import { readPublicForm } from "~/lib/auth/public-form.server";
import { signIn } from "~/lib/auth/sign-in.server";
import { requestTranslator } from "~/lib/i18n/request-translator.server";
import { SignInSchema } from "~/lib/forms/auth-schemas";
import { safeRedirect } from "~/lib/forms/safe-redirect";
import { hasTrackingPage } from "~/lib/tracking/track-page.server";

export const handle = { i18n: ["auth", "errors", "tracking"] };
export const meta = pageMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  // only a target that passes is carried into the form: a refused one is neither echoed nor posted back
  const target = safeRedirect(url.searchParams.get("redirect"), "");
  const user = await getUser({ request, context });
  if (user) throw redirect(target || "/");
  const t = await requestTranslator(request, context);
  return json({ pageTitle: t("auth:signIn.title"), redirect: target, tracking: hasTrackingPage(context) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { submission } = await readPublicForm(request, context, SignInSchema);
  if (submission.status !== "success") {
    return json(submission.reply({ hideFields: ["password"] }), { status: 400 });
  }
  const { email, password, rememberMe, redirect: target } = submission.value;
  const result = await signIn(request, context, { email: email.toLowerCase(), password, rememberMe: Boolean(rememberMe) });
  if (!result.ok) {
    return json(submission.reply({ formErrors: [`errors:${result.code}`], hideFields: ["password"] }), {
      // a wrong password is the form's refusal (answered 200, form-refusals.server.ts); an API out of reach is a failure
      status: result.code === "TooManyAttempts" ? 429 : result.code === "Network" || result.code === "Timeout" ? 503 : 400,
    });
  }
  // "/" decides the landing page from the fresh profile (spec 1 §2 "Landing redirect")
  return redirect(safeRedirect(target, "/"));
}

export default function SignInPage() {
  const { redirect: target, tracking } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation(["auth", "errors"]);
  const [form, fields] = useSettingsForm(SignInSchema, { id: "sign-in", lastResult });

  return (
    <PublicCard title={t("signIn.title")}>
      <PublicForm
        form={form}
        hidden={<input type="hidden" name="redirect" value={target} />}
        errorTestId="form-error"
        submitLabel={t("signIn.submit")}
        footer={
          <>
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
          </>
        }
      >
        <PublicField field={fields.email} type="email" label={t("signIn.email")} autoComplete="username" />
        <PublicField field={fields.password} type="password" label={t("signIn.password")} autoComplete="current-password" />
        <Checkbox name={fields.rememberMe.name} value="on" label={t("signIn.rememberMe")} defaultChecked={fields.rememberMe.initialValue === "on"} />
      </PublicForm>
    </PublicCard>
  );
}

/** A refused request (request-limits) or a failed call: the message inside the page, in the reader's language (root data is loaded). */
export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
