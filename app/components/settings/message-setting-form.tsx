import { useTranslation } from "react-i18next";
import { useMemo } from "react";
import { ALL_MESSAGE_EVENTS, MESSAGE_FORMATS, MESSAGE_SETTING_LIMITS, SENDABLE_TELEGRAM_TYPES } from "../../../cargo/telegrams/message-setting";
import { CheckboxField, NumberField, PickerField, SelectField, TextareaField, TextField } from "~/components/fields/fields";
import { messageSettingFormSchema } from "~/lib/forms/message-setting-schema";
import { FormSection } from "./form-parts";
import { type AirlineOptions, SettingsForm, type SettingsFormProps, useSettingsForm } from "./settings-form";

/**
 * Create and edit form of a message setting: what is sent (type, event, station), how (format, version, interval),
 * to whom (addresses, one per line). `side` decides the telegram types offered (spec 2 §9).
 */
export function MessageSettingForm({ cancelHref, airlines, side, ...state }: SettingsFormProps & {
  airlines?: AirlineOptions;
  side: "airline" | "platform";
}) {
  const { t } = useTranslation(["message-settings", "common"]);
  const schema = useMemo(() => messageSettingFormSchema(side), [side]);
  const [form, fields] = useSettingsForm(schema, state);
  const types = SENDABLE_TELEGRAM_TYPES[side];
  return (
    <SettingsForm form={form} testId="message-setting-form" cancelHref={cancelHref} submitTestId="message-setting-submit">
      <FormSection legend={t("sections.what")}>
        {airlines ? <SelectField field={fields.carrier} label={t("fields.carrier")} options={airlines} placeholder="—" required /> : null}
        <SelectField field={fields.message_type} label={t("fields.message_type")} options={types.map((v) => ({ value: v, label: `${v} — ${t(`types.${v}`)}` }))} placeholder="—" required />
        <SelectField field={fields.source_type} label={t("fields.source_type")} description={t("hints.source_type")} options={ALL_MESSAGE_EVENTS.map((v) => ({ value: v, label: t(`events.${v}`) }))} placeholder="—" required />
        <PickerField field={fields.station} kind="airports" label={t("fields.station")} description={t("hints.station")} />
      </FormSection>
      <FormSection legend={t("sections.how")}>
        <SelectField field={fields.message_format} label={t("fields.message_format")} description={t("hints.message_format")} options={MESSAGE_FORMATS.map((v) => ({ value: v, label: t(`formats.${v}`) }))} required />
        <TextField field={fields.message_version} label={t("fields.message_version")} description={t("hints.message_version")} />
        <NumberField field={fields.sending_interval} step="1" min={1} label={t("fields.sending_interval")} description={t("hints.sending_interval", { max: MESSAGE_SETTING_LIMITS.intervalMinutes })} />
        <CheckboxField field={fields.send_nil_data} label={t("fields.send_nil_data")} description={t("hints.send_nil_data")} />
        <CheckboxField field={fields.active} label={t("fields.active")} />
      </FormSection>
      <FormSection legend={t("sections.to")} cols={1}>
        <TextareaField field={fields.message_to} label={t("fields.message_to")} description={t("hints.message_to", { max: MESSAGE_SETTING_LIMITS.addresses })} required />
        <TextareaField field={fields.message_cc} label={t("fields.message_cc")} description={t("hints.copies")} />
        <TextareaField field={fields.message_bcc} label={t("fields.message_bcc")} description={t("hints.copies")} />
        <TextField field={fields.message_subject} label={t("fields.message_subject")} description={t("hints.message_subject")} />
      </FormSection>
      <TextareaField field={fields.description} label={t("fields.description")} />
    </SettingsForm>
  );
}
