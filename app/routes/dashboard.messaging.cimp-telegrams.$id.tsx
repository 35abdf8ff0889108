import { Anchor } from "~/components/plain/anchor";
import { Button } from "~/components/plain/button";
import { Group } from "~/components/plain/group";
import { Stack } from "~/components/plain/stack";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { PageHeader } from "~/components/settings/form-parts";
import { TelegramDetailBody, TelegramRefusal, TelegramRestartForm } from "~/components/telegrams/telegram-detail";
import { TelegramParsed } from "~/components/telegrams/telegram-parsed";
import { canAccess } from "~/lib/access/can-access";
import { requirePage } from "~/lib/auth/require-page.server";
import { BUILT_ROUTES } from "~/lib/built-routes";
import { recordIdOf } from "~/lib/http/not-found.server";
import { required } from "~/lib/settings/required.server";
import { restartTelegramAction } from "~/lib/telegrams/flight-telegrams.server";
import { envelopeOf, shownLines } from "~/lib/telegrams/telegram-text";
import { getCimpTelegram, restartCimpTelegram } from "~/lib/upstream/cimp-telegrams.server";

// One Cargo-IMP telegram (issue 23): the text as sent, its lines numbered, beside what it read as, and every fault
// with a link to its line. Restart (read and apply it again) and Correct (the edit page) are offered exactly when
// the API's `actions` say; a Restart the state no longer allows (a stale page) gets the state graph's refusal.

const ROUTE = "/dashboard/messaging/cimp-telegrams/:id";
const LIST = "/dashboard/messaging/cimp-telegrams";
const EDIT = "/dashboard/messaging/cimp/:id/edit";

// handling: the shipment states a processing note names
export const handle = { i18n: ["telegrams", "common", "errors", "handling", "awb", "house-waybills"] };
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

export const action = (args: ActionFunctionArgs) => restartTelegramAction(args, ROUTE, restartCimpTelegram);

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
          {telegram.actions.restart ? <TelegramRestartForm /> : null}
        </Group>
      </PageHeader>
      <TelegramRefusal refusal={refused?.refusal} />
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
