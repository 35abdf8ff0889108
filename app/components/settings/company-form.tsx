import { Button } from "~/components/plain/button";
import { Fieldset } from "~/lib/mantine/Fieldset";
import { Group } from "~/components/plain/group";
import { SimpleGrid } from "~/lib/mantine/SimpleGrid";
import { Stack } from "~/components/plain/stack";
import { Text } from "~/components/plain/text";
import { useTranslation } from "react-i18next";
import { CheckboxField, NumberField, PickerField, SelectField, TextareaField, TextField } from "~/components/fields/fields";
import { COMPANY_BUSINESS_TYPES, CompanyFormSchema } from "~/lib/forms/company-schema";
import { FormSection } from "./form-parts";
import { SettingsForm, type SettingsFormProps, useSettingsForm } from "./settings-form";

/**
 * Every field of a company and its detailed view (spec 2 "Company"), in sections: identity, address, codes,
 * detailed view. Contacts are rows of a list; "Add contact" and "Remove" are form intents, so they work
 * without JavaScript too (the server answers the form with one row more or less).
 */
export function CompanyForm({ cancelHref, ...state }: SettingsFormProps<Record<string, unknown>>) {
  const { t } = useTranslation(["companies", "common"]);
  const [form, fields] = useSettingsForm(CompanyFormSchema, state);
  const contacts = fields.contacts.getFieldList();
  const list = { required: false } as const;

  return (
    <SettingsForm form={form} testId="company-form" cancelHref={cancelHref} submitTestId="company-submit">
      <FormSection legend={t("sections.identity")}>
        <TextField field={fields.name} label={t("fields.name")} />
        <TextField field={fields.short_name} label={t("fields.short_name")} description={t("hints.short_name")} />
        <TextField field={fields.local_name} label={t("fields.local_name")} />
        <SelectField
          field={fields.business_type}
          label={t("fields.business_type")}
          options={COMPANY_BUSINESS_TYPES.map((b) => ({ value: b, label: t(`businessTypes.${b}`) }))}
          placeholder={t("choose")}
        />
        <TextField field={fields.carrier} label={t("fields.carrier")} description={t("hints.carrier")} />
        <TextField field={fields.awb_prefix} label={t("fields.awb_prefix")} description={t("hints.awb_prefix")} />
        <TextField field={fields.operations_type} label={t("fields.operations_type")} />
        <CheckboxField field={fields.invisible} label={t("fields.invisible")} description={t("hints.invisible")} />
      </FormSection>
      <FormSection legend={t("sections.address")}>
        <TextField field={fields.address} label={t("fields.address")} />
        <TextField field={fields.city} label={t("fields.city")} />
        <TextField field={fields.post_code} label={t("fields.post_code")} />
        <TextField field={fields.local_address} label={t("fields.local_address")} />
        <TextField field={fields.local_city} label={t("fields.local_city")} />
        <PickerField field={fields.country} kind="countries" label={t("fields.country")} description={t("hints.country")} />
        <PickerField field={fields.default_airport} kind="airports" label={t("fields.default_airport")} />
        <PickerField field={fields.location_iata} kind="airports" label={t("fields.location_iata")} />
        <Group grow gap="xs" align="flex-start">
          <NumberField field={fields.latitude} label={t("fields.latitude")} />
          <NumberField field={fields.longitude} label={t("fields.longitude")} />
        </Group>
      </FormSection>
      <FormSection legend={t("sections.codes")}>
        <TextField field={fields.tax_number} label={t("fields.tax_number")} />
        <TextField field={fields.account_number} label={t("fields.account_number")} />
        <TextField field={fields.forwarder_iata_code} label={t("fields.forwarder_iata_code")} />
        <TextField field={fields.cass_codes} {...list} label={t("fields.cass_codes")} description={t("hints.list")} />
        <TextField field={fields.pima} label={t("fields.pima")} />
        <TextField field={fields.pima_location} label={t("fields.pima_location")} />
        <TextField field={fields.eori} label={t("fields.eori")} />
        <TextField field={fields.cimp_code} label={t("fields.cimp_code")} />
        <TextField field={fields.cimp_email} type="email" label={t("fields.cimp_email")} />
        <TextField field={fields.cimp_sita} label={t("fields.cimp_sita")} />
        <TextField field={fields.dme_sli_token} label={t("fields.dme_sli_token")} />
      </FormSection>
      <FormSection legend={t("sections.details")}>
        <TextField field={fields.email} type="email" label={t("fields.email")} />
        <TextField field={fields.phone} type="tel" label={t("fields.phone")} />
        <TextField field={fields.web_link} label={t("fields.web_link")} />
        <TextField field={fields.maildomain} label={t("fields.maildomain")} />
        <TextField field={fields.terminal_operational_hours} label={t("fields.terminal_operational_hours")} description={t("hints.hours")} />
        <TextField field={fields.customs_operational_hours} label={t("fields.customs_operational_hours")} description={t("hints.hours")} />
        <TextField field={fields.permitted_carriers} {...list} label={t("fields.permitted_carriers")} description={t("hints.carriers")} />
        <PickerField field={fields.permitted_segments_origins} {...list} kind="airports" multiple label={t("fields.permitted_segments_origins")} description={t("hints.list")} />
        <PickerField field={fields.shcs_accepted} {...list} kind="shcs" multiple label={t("fields.shcs_accepted")} description={t("hints.list")} />
        <PickerField field={fields.service_shcs} {...list} kind="shcs" multiple label={t("fields.service_shcs")} description={t("hints.list")} />
        <CheckboxField field={fields.access_to_all_carriers} label={t("fields.access_to_all_carriers")} />
        <CheckboxField field={fields.interline_booking} label={t("fields.interline_booking")} />
        <CheckboxField field={fields.intl_cargo_accepted} label={t("fields.intl_cargo_accepted")} />
        <CheckboxField field={fields.dg_storage} label={t("fields.dg_storage")} />
      </FormSection>
      <Fieldset legend={t("sections.contacts")} radius="md" data-testid="company-contacts">
        {/* the add/remove buttons are submit buttons (Mantine defaults to type="button"): conform reads their
            intent on the client, and without JavaScript the server re-renders the form with the row added or removed */}
        <Stack gap="sm">
          {contacts.map((contact, index) => {
            const c = contact.getFieldset();
            return (
              <Group key={contact.key ?? `contact-${index}`} align="flex-end" gap="sm" wrap="nowrap">
                <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" style={{ flex: 1 }}>
                  <TextField field={c.name} label={t("contact.name")} />
                  <TextField field={c.position} label={t("contact.position")} />
                  <TextField field={c.phone} type="tel" label={t("contact.phone")} />
                  <TextField field={c.email} type="email" label={t("contact.email")} />
                </SimpleGrid>
                <Button type="submit" {...form.remove.getButtonProps({ name: fields.contacts.name, index })} variant="subtle" color="red" size="compact-sm">
                  {t("contact.remove")}
                </Button>
              </Group>
            );
          })}
          {contacts.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t("contact.none")}
            </Text>
          ) : null}
          <Group>
            <Button type="submit" {...form.insert.getButtonProps({ name: fields.contacts.name, defaultValue: {} })} variant="light" size="compact-sm">
              {t("contact.add")}
            </Button>
          </Group>
        </Stack>
      </Fieldset>
      <TextareaField field={fields.notes} label={t("fields.notes")} />
    </SettingsForm>
  );
}
