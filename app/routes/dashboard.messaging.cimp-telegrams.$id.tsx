import { Alert } from "~/lib/mantine/Alert";
import { Anchor } from "~/lib/mantine/Anchor";
import { Button } from "~/lib/mantine/Button";
import { Group } from "~/lib/mantine/Group";
import { Stack } from "~/lib/mantine/Stack";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { translateMessage } from "~/components/fields/fields";
import { CsrfInput } from "~/components/form-guards";
import { pageMeta } from "~/components/page-meta";
import { PageHeader } from "~/components/settings/form-parts";
import { TelegramDetailBody } from "~/components/telegrams/telegram-detail";
import { TelegramParsed } from "~/components/telegrams/telegram-parsed";
import { canAccess } from "~/lib/access/can-access";
import { requirePage } from "~/lib/auth/require-page.server";
import { BUILT_ROUTES } from "~/lib/built-routes";
import { notFound, recordIdOf } from "~/lib/http/not-found.server";
import { redirectWithNotice } from "~/lib/notices/redirect-with-notice.server";
import { required } from "~/lib/settings/required.server";
import { postedForm } from "~/lib/settings/save-form.server";
import { envelopeOf, shownLines } from "~/lib/telegrams/telegram-text";
import { failureStatus } from "~/lib/upstream/errors";
import { getCimpTelegram, restartCimpTelegram } from "~/lib/upstream/cimp-telegrams.server";
import { refusalMessage } from "~/lib/upstream/refusal-message";

// One Cargo-IMP telegram (issue 23): the text as sent, its lines numbered, beside what it read as, and every fault
// with a link to its line. Restart (read and apply it again) and Correct (the edit page) are offered exactly when
// the API's `actions` say; a Restart the state no longer allows (a stale page) gets the state graph's refusal.

const ROUTE = "/dashboard/messaging/cimp-telegrams/:id";
const LIST = "/dashboard/messaging/cimp-telegrams";
const EDIT = "/dashboard/messaging/cimp/:id/edit";

// handling: the shipment states a processing note names
export const handle = { i18n: ["telegrams", "common", "errors", "handling"] };
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { user, pageTitle } = await requirePage(args, ROUTE);
  const telegram = required(await getCimpTelegram(user.api, recordIdOf(args.params.id)));
  const { original_content, parsed_content, ...rest } = telegram;
  return json({
    pageTitle,
    telegram: rest,
    lines: shownLines(original_content),
    envelope: envelopeOf(original_content),
    parsed: parsed_content,
    canEdit: BUILT_ROUTES.has(EDIT) && canAccess(EDIT, user.access),
  });
}

export async function action(args: ActionFunctionArgs) {
  const { user } = await requirePage(args, ROUTE);
  const id = recordIdOf(args.params.id);
  const form = await postedForm(args.request, user);
  if (form.get("intent") !== "restart") throw new Response("Bad Request", { status: 400 });
  const result = await restartCimpTelegram(user.api, id);
  if (result.ok) return redirectWithNotice(`${LIST}/${id}`, user, { kind: "success", key: "telegrams:notices.restarted" });
  if (result.code === "NotFound") throw notFound();
  const message = result.refusal ? refusalMessage(result.refusal) : `errors:${result.code}`;
  return json({ refusal: message }, { status: failureStatus(result) });
}

export default function CimpTelegramPage() {
  const data = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const { t } = useTranslation(["telegrams", "errors", "common"]);
  const { telegram } = data;
  return (
    <Stack gap="md">
      <PageHeader title={data.pageTitle}>
        <Group gap="xs">
          {telegram.actions.correct && data.canEdit ? (
            <Button component={Link} to={EDIT.replace(":id", String(telegram.id))} variant="default" data-testid="telegram-correct">
              {t("actions.correct")}
            </Button>
          ) : null}
          {telegram.actions.restart ? (
            <Form method="post" data-testid="telegram-restart-form">
              <CsrfInput />
              <input type="hidden" name="intent" value="restart" />
              <Button type="submit" data-testid="telegram-restart">
                {t("actions.restart")}
              </Button>
            </Form>
          ) : null}
        </Group>
      </PageHeader>
      {refused?.refusal ? (
        <Alert color="red" role="alert" data-testid="telegram-refusal">
          {translateMessage(t, refused.refusal)}
        </Alert>
      ) : null}
      <TelegramDetailBody
        telegram={telegram}
        lines={data.lines}
        parsed={<TelegramParsed type={telegram.message_type} version={telegram.message_version} mawb={telegram.mawb} envelope={data.envelope} content={data.parsed} />}
      />
      <Anchor component={Link} to={LIST} size="sm">
        {t("detail.back")}
      </Anchor>
    </Stack>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
