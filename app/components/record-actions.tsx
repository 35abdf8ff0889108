import { Alert } from "~/lib/mantine/Alert";
import { Button } from "~/components/plain/button";
import { Text } from "~/components/plain/text";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { translateMessage } from "~/components/fields/fields";
import { CsrfInput } from "~/components/form-guards";

// What a record's page (a telegram, an outgoing or incoming message) shows around its one action: the button that
// posts the action's intent to the page itself (a plain form: it works without JavaScript), and the API's refusal of
// it in words (a state that no longer allows it, on a stale page).

/** A POST form of one button: `intent` to the page's own action. Test ids `<testId>-form` and `<testId>`. */
export function IntentButton({ intent, label, testId }: { intent: string; label: string; testId: string }) {
  return (
    <Form method="post" data-testid={`${testId}-form`}>
      <CsrfInput />
      <input type="hidden" name="intent" value={intent} />
      <Button type="submit" data-testid={testId}>
        {label}
      </Button>
    </Form>
  );
}

/** The refusal an action answered with (an i18n message: errors:refusal.<code>?…), or nothing. */
export function RefusalAlert({ refusal, testId }: { refusal: string | null | undefined; testId: string }) {
  const { t } = useTranslation(["errors", "common"]);
  if (!refusal) return null;
  return (
    <Alert color="red" role="alert" data-testid={testId}>
      {translateMessage(t, refusal)}
    </Alert>
  );
}

/** One "label: value" line of a record's facts; nothing when there is no value. */
export function Fact({ label, value, testId }: { label: string; value: string | null | undefined; testId?: string }) {
  if (!value) return null;
  return (
    <Text size="sm" style={{ overflowWrap: "anywhere" }} data-testid={testId}>
      {label}: {value}
    </Text>
  );
}
