import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Alert } from "~/lib/mantine/Alert";
import { Stack } from "~/components/plain/stack";
import { Text } from "~/components/plain/text";
import { Textarea } from "~/lib/mantine/Textarea";
import { TextInput } from "~/components/plain/text-input";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { translateMessage, useFieldError } from "~/components/fields/fields";
import { CsrfInput } from "~/components/form-guards";
import { FormActions } from "~/components/settings/form-parts";
import { useSettingsForm } from "~/components/settings/settings-form";
import { SitaMessageFormSchema } from "~/lib/forms/sita-message-schema";

// The platform's SITA form (issue 23): a Type-B text, the SITA addresses and the airline it is sent for. A plain POST
// form (it works without JS) validated by the same schema as its action; a refusal stands beside its field.

export function SitaMessageForm({ lastResult, cancelHref, carrier }: { lastResult: SubmissionResult<string[]> | null | undefined; cancelHref: string; carrier: string | null }) {
  const { t } = useTranslation(["outgoing", "errors", "common"]);
  const error = useFieldError();
  const [form, fields] = useSettingsForm(SitaMessageFormSchema, { id: "sita-message", lastResult, defaultValue: { carrier: carrier ?? undefined } });
  return (
    <Form method="post" {...getFormProps(form)} noValidate data-testid="sita-form">
      <CsrfInput />
      <Stack gap="md">
        <Text size="sm">{t("sita.intro")}</Text>
        {form.errors?.length ? (
          <Alert color="red" role="alert" data-testid="form-errors">
            {form.errors.map((e) => (
              <Text key={e} size="sm">
                {translateMessage(t, e)}
              </Text>
            ))}
          </Alert>
        ) : null}
        <Textarea
          {...getTextareaProps(fields.text)}
          key={fields.text.key}
          label={t("sita.text")}
          error={error(fields.text)}
          rows={12}
          autosize={false}
          spellCheck={false}
          styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)", whiteSpace: "pre", overflowX: "auto" } }}
          data-testid="sita-text"
        />
        <Textarea {...getTextareaProps(fields.addresses)} key={fields.addresses.key} label={t("sita.addresses")} description={t("sita.addressesHint")} error={error(fields.addresses)} rows={3} data-testid="sita-addresses" />
        <TextInput {...getInputProps(fields.carrier, { type: "text" })} key={fields.carrier.key} label={t("sita.carrier")} description={t("sita.carrierHint")} error={error(fields.carrier)} maxLength={2} w={220} />
        <FormActions cancelHref={cancelHref} submitTestId="sita-submit" submitLabel={t("sita.send")} />
      </Stack>
    </Form>
  );
}
