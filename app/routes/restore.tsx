import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Alert } from "~/lib/mantine/Alert";
import { Text } from "~/components/plain/text";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { pageMeta } from "~/components/page-meta";
import { PublicCard } from "~/components/public-card";
import { PublicField, PublicForm } from "~/components/public-form";
import { readPublicForm } from "~/lib/auth/public-form.server";
import { upstreamFor } from "~/lib/auth/upstream.server";
import { requestTranslator } from "~/lib/i18n/request-translator.server";
import { RestoreSchema } from "~/lib/forms/auth-schemas";
import { requestPasswordReset } from "~/lib/upstream/auth.server";
import { failureStatus } from "~/lib/upstream/errors";

export const handle = { i18n: ["auth", "errors"] };
export const meta = pageMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const t = await requestTranslator(request, context);
  return json({ pageTitle: t("auth:restore.title") });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { submission } = await readPublicForm(request, context, RestoreSchema);
  if (submission.status !== "success") return json({ result: submission.reply(), sent: false }, { status: 400 });
  // the link must come back to this tenant's host
  const resetUrl = new URL("/users/password/edit", request.url).toString();
  const api = await upstreamFor(request, context);
  const answer = await requestPasswordReset(api, submission.value.email.toLowerCase(), resetUrl);
  if (!answer.ok && (answer.code === "Network" || answer.code === "Timeout" || answer.status >= 500)) {
    return json({ result: submission.reply({ formErrors: [`errors:${answer.code}`] }), sent: false }, { status: failureStatus(answer) });
  }
  // whatever the upstream knows about the address, the answer is the same (no account probing)
  return json({ result: submission.reply(), sent: true });
}

export default function RestorePage() {
  const data = useActionData<typeof action>();
  const { t } = useTranslation(["auth", "errors"]);
  const [form, fields] = useForm({
    id: "restore",
    lastResult: data?.result,
    constraint: getZodConstraint(RestoreSchema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RestoreSchema }),
  });
  return (
    <PublicCard title={t("restore.title")} link={{ to: "/signIn", label: t("restore.back") }}>
      {data?.sent ? (
        <Alert color="teal" role="status" data-testid="restore-sent">
          {t("restore.sent")}
        </Alert>
      ) : (
        <PublicForm
          form={form}
          submitLabel={t("restore.submit")}
          intro={
            <Text size="sm" c="dimmed">
              {t("restore.text")}
            </Text>
          }
        >
          <PublicField field={fields.email} type="email" label={t("signIn.email")} />
        </PublicForm>
      )}
    </PublicCard>
  );
}

/** A refused request (request-limits) or a failed call: the message inside the page, in the reader's language (root data is loaded). */
export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
