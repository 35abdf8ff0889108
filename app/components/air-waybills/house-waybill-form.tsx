import type { SubmissionResult } from "@conform-to/react";
import { Stack } from "~/components/plain/stack";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { NumberField, SelectField, TextareaField, TextField } from "~/components/fields/fields";
import { FormSection, PageHeader } from "~/components/settings/form-parts";
import { SettingsForm, useSettingsForm } from "~/components/settings/settings-form";
import { HouseWaybillFormSchema, WEIGHT_CODES } from "~/lib/air-waybills/house-waybill-form";
import { PartyFields } from "./awb-form-parts";
import type { houseFormAction, houseFormLoader } from "~/lib/air-waybills/house-waybill-page.server";

/** The party blocks of a house (shipper, consignee) with the air waybill form's labels. */
const PARTY_BLOCKS = ["shipper", "consignee"] as const;

/**
 * Create and edit form of a house waybill (spec 2 §3 "House waybill"): its number and route, pieces and weight, the
 * goods with SHC and HS codes, shipper and consignee, and the PLACI fields. A plain POST form that works without JS
 * and comes back with what was typed and each error beside its field.
 */
export function HouseWaybillForm({ id, defaultValue, lastResult, cancelHref }: { id: string; defaultValue: object; lastResult?: SubmissionResult<string[]> | null; cancelHref: string }) {
  const { t } = useTranslation(["house-waybills", "awb"]);
  const [form, fields] = useSettingsForm(HouseWaybillFormSchema, { id, lastResult, defaultValue });
  return (
    <SettingsForm form={form} testId="house-waybill-form" cancelHref={cancelHref} submitTestId="house-waybill-submit" noValidate>
      <FormSection legend={t("sections.house")}>
        <TextField field={fields.serial_number} label={t("fields.serial_number")} description={t("hints.serial_number")} />
        <TextField field={fields.origin_iata} label={t("fields.origin_iata")} />
        <TextField field={fields.destination_iata} label={t("fields.destination_iata")} />
        <NumberField field={fields.pieces} label={t("fields.pieces")} step="1" min={1} />
        <TextField field={fields.weight} label={t("fields.weight")} />
        <SelectField field={fields.weight_code} label={t("fields.weight_code")} options={WEIGHT_CODES.map((c) => ({ value: c, label: t(`units.${c}`) }))} />
      </FormSection>
      <FormSection legend={t("sections.goods")} cols={2}>
        <TextField field={fields.manifest_description_of_goods} label={t("fields.manifest_description_of_goods")} />
        <TextField field={fields.shcs} label={t("fields.shcs")} description={t("hints.codes")} />
        <TextField field={fields.hs_codes} label={t("fields.hs_codes")} description={t("hints.codes")} />
        <TextareaField field={fields.free_text} label={t("fields.free_text")} />
      </FormSection>
      {PARTY_BLOCKS.map((role) => {
        const p = fields[role].getFieldset();
        return (
          <FormSection key={role} legend={t(`sections.${role}`)}>
            <PartyFields party={p} />
          </FormSection>
        );
      })}
      <FormSection legend={t("sections.placi")} cols={2}>
        <TextField field={fields.placi_status} label={t("fields.placi_status")} />
        <TextareaField field={fields.placi_comment} label={t("fields.placi_comment")} />
      </FormSection>
    </SettingsForm>
  );
}

/** The page of the create and the edit route alike: its title over the form, from the route's loader and action. */
export function HouseWaybillPage({ formId }: { formId: string }) {
  const data = useLoaderData<typeof houseFormLoader>();
  const lastResult = useActionData<typeof houseFormAction>() as SubmissionResult<string[]> | undefined;
  return (
    <Stack gap="md">
      <PageHeader title={data.pageTitle} />
      <HouseWaybillForm id={formId} defaultValue={data.defaultValue} lastResult={lastResult} cancelHref={data.back} />
    </Stack>
  );
}
