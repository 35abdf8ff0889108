import type { SubmissionResult } from "@conform-to/react";
import { Text } from "~/components/plain/text";
import { useTranslation } from "react-i18next";
import { NumberField, TextField } from "~/components/fields/fields";
import { RecordIntentInputs } from "~/components/intent-form";
import { FormDialog } from "~/components/settings/dialog-overlay";
import { SettingsForm, useSettingsForm } from "~/components/settings/settings-form";
import { ReceptacleFormSchema } from "./receptacle-form-schema";

// The create and edit dialog of a receptacle, drawn from the URL (?dialog=new, ?edit=<id>): a plain POST form that
// works without JS and comes back with what was typed and the errors beside their fields.

export interface ReceptacleDialogValues {
  id?: number;
  uid: string;
  weight: string;
  flight: string;
}

export function ReceptacleDialog({ values, lastResult, closeHref }: { values: ReceptacleDialogValues; lastResult?: SubmissionResult<string[]> | null; closeHref: string }) {
  const { t } = useTranslation("receptacles");
  const intent = values.id ? "update" : "create";
  const [form, fields] = useSettingsForm(ReceptacleFormSchema, { id: `receptacle-${intent}`, lastResult, defaultValue: { ...values, intent } });
  return (
    <FormDialog title={t(`${intent}.title`)} testId="receptacle-dialog">
      <SettingsForm
        form={form}
        testId="receptacle-form"
        cancelHref={closeHref}
        submitTestId="receptacle-submit"
        hidden={<RecordIntentInputs fields={fields} updating={Boolean(values.id)} recordId={values.id} />}
      >
        <Text size="sm" c="dimmed">
          {t("hints.uid")}
        </Text>
        <TextField field={fields.uid} label={t("fields.uid")} required />
        <NumberField field={fields.weight} label={t("fields.weight")} description={t("hints.weight")} step="0.1" min={0.1} />
        <TextField field={fields.flight} label={t("fields.flight")} description={t("hints.flight")} />
      </SettingsForm>
    </FormDialog>
  );
}
