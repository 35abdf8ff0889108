import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Input } from "~/lib/mantine/Input";
import { Stack } from "~/components/plain/stack";
import { TextInput } from "~/components/plain/text-input";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useFieldError } from "~/components/fields/fields";
import { CsrfInput } from "~/components/form-guards";
import { FormActions } from "~/components/settings/form-parts";
import { useSettingsForm } from "~/components/settings/settings-form";
import { FormLevelErrors, TelegramTextarea } from "~/components/telegrams/cimp-telegram-forms";
import { SSIM_FILE_MAX_MB, SsimUploadFormSchema } from "~/lib/forms/ssim-telegram-schema";

/**
 * The schedule upload (issue 23): an ASM or SSM pasted, or an SSIM file (.ssim, .txt) chosen; a plain multipart POST
 * form (it works without JS) checked by the same schema as its action, a refusal beside its field, the text kept.
 */
export function SsimUploadForm({ lastResult, cancelHref }: { lastResult: SubmissionResult<string[]> | null | undefined; cancelHref: string }) {
  const { t } = useTranslation(["telegrams", "common"]);
  const error = useFieldError();
  const [form, fields] = useSettingsForm(SsimUploadFormSchema, { id: "ssim-upload", lastResult });
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} noValidate data-testid="ssim-upload-form">
      <CsrfInput />
      <Stack gap="md">
        <FormLevelErrors errors={form.errors} />
        <TelegramTextarea field={fields.ssim_text} label={t("ssimUpload.text")} description={t("ssimUpload.textHint")} testId="ssim-text" />
        <Input.Wrapper id={fields.ssim_file.id} label={t("ssimUpload.file")} description={t("ssimUpload.fileHint", { max_mb: SSIM_FILE_MAX_MB })} error={error(fields.ssim_file)}>
          <input {...getInputProps(fields.ssim_file, { type: "file" })} key={fields.ssim_file.key} accept=".ssim,.txt,text/plain" data-testid="ssim-file" style={{ display: "block", maxWidth: "100%", paddingTop: 6 }} />
        </Input.Wrapper>
        <TextInput
          {...getInputProps(fields.message_identifier, { type: "text" })}
          key={fields.message_identifier.key}
          label={t("upload.identifier")}
          description={t("upload.identifierHint")}
          error={error(fields.message_identifier)}
        />
        <FormActions cancelHref={cancelHref} submitTestId="ssim-submit" submitLabel={t("upload.submit")} />
      </Stack>
    </Form>
  );
}
