import { BILLING_DATE_SOURCES } from "../../../cargo/pricing/types";
import { type SubmissionResult } from "@conform-to/react";
import { Fieldset } from "~/lib/mantine/Fieldset";
import { Table } from "~/lib/mantine/Table";
import { useTranslation } from "react-i18next";
import { CheckboxField, CheckboxFields, NumberField, PickerField, SelectField, TextField } from "~/components/fields/fields";
import { AirlineSettingsFormSchema, CW_ROUNDING_RULES } from "~/lib/forms/airline-settings-schema";
import { FormSection } from "./form-parts";
import { SettingsForm, useSettingsForm } from "./settings-form";

const SEASONS = ["summer", "winter"] as const;
const PAX = ["adult", "child", "infant"] as const;

/**
 * The full settings of the user's airline (spec 2 "Airline settings") in sections: identity, chargeable
 * weight, AWB rules, passenger weights by season and type, overflow limits, special handling codes, sales,
 * flags. Nested settings are flat fields (see AirlineSettingsFormSchema).
 */
export function AirlineSettingsForm({
  defaultValue,
  lastResult,
  cancelHref,
}: {
  defaultValue: Record<string, string | undefined>;
  lastResult?: SubmissionResult<string[]> | null;
  cancelHref: string;
}) {
  const { t } = useTranslation(["airline", "common"]);
  const [form, fields] = useSettingsForm(AirlineSettingsFormSchema, { id: "airline-settings", lastResult, defaultValue });
  const list = { required: false } as const;
  const paxField = (season: (typeof SEASONS)[number], type: (typeof PAX)[number]) => fields[`pax_weight_${season}_${type}`];

  return (
    <SettingsForm form={form} testId="airline-form" cancelHref={cancelHref} submitTestId="airline-submit">
      <FormSection legend={t("sections.identity")}>
        <TextField field={fields.name} label={t("fields.name")} />
        <TextField field={fields.awb_prefix} label={t("fields.awb_prefix")} />
        <TextField field={fields.icao_code} label={t("fields.icao_code")} />
        <TextField field={fields.cyrillic_code} label={t("fields.cyrillic_code")} />
        <PickerField field={fields.country_code} kind="countries" label={t("fields.country_code")} />
        <TextField field={fields.address} label={t("fields.address")} />
        <TextField field={fields.interline_accepted_prefixes} {...list} label={t("fields.interline_accepted_prefixes")} description={t("hints.prefixes")} />
      </FormSection>
      <FormSection legend={t("sections.chargeableWeight")} cols={2}>
        <NumberField field={fields.chargeable_ratio} min={1} label={t("fields.chargeable_ratio")} description={t("hints.chargeable_ratio")} />
        <NumberField field={fields.min_charge_weight} min={0} label={t("fields.min_charge_weight")} description={t("hints.kg")} />
        <SelectField
          field={fields.cw_rounding_rule}
          label={t("fields.cw_rounding_rule")}
          options={CW_ROUNDING_RULES.map((r) => ({ value: r, label: t(`rounding.${r}`) }))}
          placeholder={t("notSet")}
        />
        <CheckboxField field={fields.cw_auto_calculation} label={t("fields.cw_auto_calculation")} />
      </FormSection>
      <FormSection legend={t("sections.awbRule")}>
        <TextField field={fields.awb_rule_allowed_manual_routes} {...list} label={t("fields.allowed_manual_routes")} description={t("hints.routes")} />
        <PickerField field={fields.awb_rule_mustgo_stations} {...list} kind="airports" multiple label={t("fields.mustgo_stations")} description={t("hints.stations")} />
        <PickerField field={fields.awb_rule_fbl_notice_stations} {...list} kind="airports" multiple label={t("fields.fbl_notice_stations")} description={t("hints.stations")} />
      </FormSection>
      <Fieldset legend={t("sections.paxWeight")} radius="md">
        <Table withRowBorders={false} data-testid="pax-weights">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("pax.season")}</Table.Th>
              {PAX.map((type) => (
                <Table.Th key={type}>{t(`pax.${type}`)}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {SEASONS.map((season) => (
              <Table.Tr key={season}>
                <Table.Td>{t(`pax.${season}`)}</Table.Td>
                {PAX.map((type) => (
                  <Table.Td key={type}>
                    <NumberField field={paxField(season, type)} min={0} label={`${t(`pax.${season}`)}, ${t(`pax.${type}`)}, ${t("hints.kg")}`} />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <CheckboxField field={fields.use_baggage_averages} label={t("fields.use_baggage_averages")} />
      </Fieldset>
      <FormSection legend={t("sections.overflow")} cols={4}>
        <NumberField field={fields.overflow_limits_weight} min={0} label={t("fields.overflow_weight")} description={t("hints.kg")} />
        <NumberField field={fields.overflow_limits_weight_percent} min={0} label={t("fields.overflow_weight_percent")} description="%" />
        <NumberField field={fields.overflow_limits_volume} min={0} label={t("fields.overflow_volume")} description={t("hints.m3")} />
        <NumberField field={fields.overflow_limits_volume_percent} min={0} label={t("fields.overflow_volume_percent")} description="%" />
      </FormSection>
      <FormSection legend={t("sections.shcs")} cols={2}>
        <PickerField field={fields.forbidden_shcs} {...list} kind="shcs" multiple label={t("fields.forbidden_shcs")} description={t("hints.shcs")} />
        <PickerField field={fields.manual_processing_codes} {...list} kind="shcs" multiple label={t("fields.manual_processing_codes")} description={t("hints.shcs")} />
        <PickerField field={fields.codes_for_fbl} {...list} kind="shcs" multiple label={t("fields.codes_for_fbl")} description={t("hints.shcs")} />
        <TextField field={fields.segments_types_prohibited_for_booking} {...list} label={t("fields.segments_types_prohibited_for_booking")} description={t("hints.flightTypes")} />
      </FormSection>
      <FormSection legend={t("sections.sales")}>
        <NumberField field={fields.sales_open_open_days_before_departure} step="1" min={0} label={t("fields.open_days_before_departure")} />
        <NumberField field={fields.sales_open_close_minutes_before_departure} step="1" min={0} label={t("fields.close_minutes_before_departure")} />
        <CheckboxField field={fields.sales_open_open_by_default} label={t("fields.open_by_default")} />
      </FormSection>
      <FormSection legend={t("sections.flags")}>
        <CheckboxFields fields={fields} t={t} names={["aci_controlled", "schedule_interline", "auto_billing", "auto_awb_verification", "tariffs_publication"]} />
        <SelectField
          field={fields.billing_date_source}
          label={t("fields.billing_date_source")}
          options={BILLING_DATE_SOURCES.map((v) => ({ value: v, label: t(`billingDateSources.${v}`) }))}
          placeholder={t("notSet")}
        />
        <CheckboxFields
          fields={fields}
          t={t}
          names={[
            ["ui_setting_show_settings", "show_settings"],
            ["ui_setting_show_loadfactor_data", "show_loadfactor_data"],
            ["ui_setting_tax_id_required", "tax_id_required"],
            ["settlements_rule_balances_enabled", "balances_enabled"],
            ["settlements_rule_cass_link_report", "cass_link_report"],
          ]}
        />
      </FormSection>
    </SettingsForm>
  );
}
