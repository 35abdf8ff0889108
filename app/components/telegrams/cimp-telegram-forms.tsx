import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Alert } from "~/lib/mantine/Alert";
import { Input } from "~/lib/mantine/Input";
import { Stack } from "~/components/plain/stack";
import { Text } from "~/components/plain/text";
import { Textarea } from "~/lib/mantine/Textarea";
import { TextInput } from "~/components/plain/text-input";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { translateMessage, useFieldError } from "~/components/fields/fields";
import { CsrfInput } from "~/components/form-guards";
import { FormActions } from "~/components/settings/form-parts";
import { useSettingsForm } from "~/components/settings/settings-form";
import { CimpCorrectFormSchema, CimpUploadFormSchema } from "~/lib/forms/cimp-telegram-schema";

// The two forms that send a Cargo-IMP text (issue 23): the upload (a pasted text or a .txt file, and the sender's
// message identifier) and the correction of a received one. Plain POST forms (they work without JS) validated by the
// same schema as their actions; a refusal comes back beside its field with everything typed kept.

type Reply = SubmissionResult<string[]> | null | undefined;

/** Form-level errors, worded with their values ("key?name=value" messages, a refusal's state and action). */
export function FormLevelErrors({ errors }: { errors?: string[] }) {
  const { t } = useTranslation(["errors", "telegrams", "common"]);
  if (!errors?.length) return null;
  return (
    <Alert color="red" role="alert" data-testid="form-errors">
      {errors.map((e) => (
        <Text key={e} size="sm">
          {translateMessage(t, e)}
        </Text>
      ))}
    </Alert>
  );
}

/** The monospace text area a telegram is typed into: long lines scroll inside it, never the page. */
export function TelegramTextarea({ field, label, description, testId = "cimp-text" }: { field: Parameters<typeof getTextareaProps>[0]; label: ReactNode; description: ReactNode; testId?: string }) {
  const error = useFieldError();
  return (
    <Textarea
      {...getTextareaProps(field)}
      key={field.key}
      label={label}
      description={description}
      error={error(field)}
      rows={12}
      autosize={false}
      spellCheck={false}
      styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)", whiteSpace: "pre", overflowX: "auto" } }}
      data-testid={testId}
    />
  );
}

export function CimpUploadForm({ lastResult, cancelHref }: { lastResult: Reply; cancelHref: string }) {
  const { t } = useTranslation(["telegrams", "common"]);
  const error = useFieldError();
  const [form, fields] = useSettingsForm(CimpUploadFormSchema, { id: "cimp-upload", lastResult });
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} noValidate data-testid="cimp-upload-form">
      <CsrfInput />
      <Stack gap="md">
        <FormLevelErrors errors={form.errors} />
        <TelegramTextarea field={fields.cimp_text} label={t("upload.text")} description={t("upload.textHint")} />
        <Input.Wrapper id={fields.cimp_file.id} label={t("upload.file")} error={error(fields.cimp_file)}>
          <input {...getInputProps(fields.cimp_file, { type: "file" })} key={fields.cimp_file.key} accept=".txt,text/plain" data-testid="cimp-file" style={{ display: "block", maxWidth: "100%", paddingTop: 6 }} />
        </Input.Wrapper>
        <TextInput
          {...getInputProps(fields.message_identifier, { type: "text" })}
          key={fields.message_identifier.key}
          label={t("upload.identifier")}
          description={t("upload.identifierHint")}
          error={error(fields.message_identifier)}
        />
        <FormActions cancelHref={cancelHref} submitTestId="cimp-submit" submitLabel={t("upload.submit")} />
      </Stack>
    </Form>
  );
}

export function CimpCorrectForm({ id, text, lastResult, cancelHref }: { id: number; text: string; lastResult: Reply; cancelHref: string }) {
  const { t } = useTranslation(["telegrams", "common"]);
  const [form, fields] = useSettingsForm(CimpCorrectFormSchema, { id: `cimp-correct-${id}`, lastResult, defaultValue: { cimp_text: text } });
  return (
    <Form method="post" {...getFormProps(form)} noValidate data-testid="cimp-correct-form">
      <CsrfInput />
      <Stack gap="md">
        <FormLevelErrors errors={form.errors} />
        <TelegramTextarea field={fields.cimp_text} label={t("edit.text")} description={t("edit.hint")} />
        <FormActions cancelHref={cancelHref} submitTestId="cimp-submit" submitLabel={t("edit.submit")} />
      </Stack>
    </Form>
  );
}
