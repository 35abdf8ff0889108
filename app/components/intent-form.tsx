import { Group } from "~/components/plain/group";
import { Radio } from "~/lib/mantine/Radio";
import { Stack } from "~/components/plain/stack";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { CsrfInput } from "./form-guards";
import { FormErrors } from "./settings/form-parts";

/**
 * A dialog's plain POST form to its page's own action, which serves several forms: the CSRF token, the `intent`
 * that says which form this is and, for a form about one record, its `id`; then the form's errors over its fields.
 * Validation is the server's: a refused post comes back with the errors and what was typed, JavaScript or not.
 */
export function IntentForm({
  intent,
  id,
  testId,
  errors,
  children,
}: {
  intent: string;
  id?: number | string;
  testId: string;
  errors?: string[];
  children: ReactNode;
}) {
  return (
    <Form method="post" data-testid={testId}>
      <CsrfInput />
      <input type="hidden" name="intent" value={intent} />
      {id === undefined ? null : <input type="hidden" name="id" value={id} />}
      <Stack gap="sm">
        <FormErrors errors={errors} />
        {children}
      </Stack>
    </Form>
  );
}

/** One choice among a few radios, stacked (`column`) or side by side (`row`), as the dialogs' plain forms post it. */
export function ChoiceRadios({
  name,
  defaultValue,
  label,
  error,
  required,
  direction,
  choices,
}: {
  name: string;
  defaultValue: string;
  label: string;
  error?: string;
  required?: boolean;
  direction: "column" | "row";
  choices: Array<{ value: string; label: string; testId?: string }>;
}) {
  const radios = choices.map((c) => <Radio key={c.value} value={c.value} label={c.label} data-testid={c.testId} />);
  return (
    <Radio.Group name={name} defaultValue={defaultValue} label={label} error={error} required={required}>
      {direction === "column" ? (
        <Stack gap={6} mt={4}>
          {radios}
        </Stack>
      ) : (
        <Group gap="md" mt={4}>
          {radios}
        </Group>
      )}
    </Radio.Group>
  );
}

/** The required accept/decline choice of an answer to a request (`accepted` or `declined`); test ids `<testId>-accept`, `<testId>-decline`. */
export function DecisionRadios({
  name,
  defaultValue,
  label,
  error,
  acceptLabel,
  declineLabel,
  testId,
}: {
  name: string;
  defaultValue: string;
  label: string;
  error?: string;
  acceptLabel: string;
  declineLabel: string;
  testId: string;
}) {
  const choices = [
    { value: "accepted", label: acceptLabel, testId: `${testId}-accept` },
    { value: "declined", label: declineLabel, testId: `${testId}-decline` },
  ];
  return <ChoiceRadios name={name} defaultValue={defaultValue} label={label} error={error} required direction="column" choices={choices} />;
}

/**
 * The hidden fields of a conform form that creates or updates one record through the same action: the intent,
 * and the record's id when updating.
 */
export function RecordIntentInputs({
  fields,
  updating,
  recordId,
}: {
  fields: { intent: { name: string }; id: { name: string } };
  updating: boolean;
  recordId: number | string | undefined;
}) {
  return (
    <>
      <input type="hidden" name={fields.intent.name} value={updating ? "update" : "create"} />
      {updating ? <input type="hidden" name={fields.id.name} value={recordId} /> : null}
    </>
  );
}
