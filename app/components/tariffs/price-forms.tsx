import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { Button } from "~/components/plain/button";
import { Fieldset } from "~/lib/mantine/Fieldset";
import { Group } from "~/components/plain/group";
import { Stack } from "~/components/plain/stack";
import { Text } from "~/components/plain/text";
import { TextInput } from "~/components/plain/text-input";
import type { ReactNode } from "react";
import type { z } from "zod";
import { useTranslation } from "react-i18next";
import { CheckboxField, DateField, PickerField, SelectField, TextareaField, TextField, translateMessage, useFieldError } from "~/components/fields/fields";
import { FormSection } from "~/components/settings/form-parts";
import { type AirlineOptions, SettingsForm, type SettingsFormProps, useSettingsForm } from "~/components/settings/settings-form";
import { ChargeFormSchema, SurchargeFormSchema, TariffFormSchema } from "~/lib/forms/price-schemas";
import {
  BASES, LEGS, LEVELS, PRICE_CURRENCIES, RATE_CLASSES, ROUTE_REGIONS, SALES_CHANNELS, SURCHARGE_TYPES, VAT_INCLUSIONS,
} from "~/lib/tariffs/price-values";

// The create and edit forms of tariffs, charges and surcharges (spec 2 §3): the fields every price shares, then the
// kind's own. Plain POST forms: dates are native date inputs without JS (pickers with it), lists are text separated
// by commas, and the tariff's rates are rows of inputs whose "Add a rate" and "Remove" are conform intents, so the
// server re-renders the form with a row more or less, everything typed kept, when JavaScript is off.

type Field = FieldMetadata<unknown>;
type T = (key: string, options?: Record<string, unknown>) => string;
type Props = SettingsFormProps<Record<string, unknown>> & { airlines?: AirlineOptions };

/** An amount typed as text (decimal text is what the API reads; a number input would let the browser reinterpret it). */
function AmountField({ field, label, description }: { field: Field; label: ReactNode; description?: ReactNode }) {
  const error = useFieldError();
  return (
    <TextInput
      {...getInputProps(field, { type: "text" })}
      key={field.key}
      label={label}
      description={description}
      required={field.required}
      inputMode="decimal"
      autoComplete="off"
      error={error(field)}
    />
  );
}

const options = (t: T, prefix: string, values: readonly string[]) => values.map((v) => ({ value: v, label: t(`${prefix}.${v}`) }));

/** The shared fields' sections: route, validity and documents, who it is for, currency and VAT. */
function ScopeSections({ fields, airlines }: { fields: PriceFields; airlines?: AirlineOptions }) {
  const { t } = useTranslation(["tariffs", "common"]);
  const companies = fields.companies.getFieldset();
  return (
    <>
      <FormSection legend={t("sections.route")}>
        {airlines ? <SelectField field={fields.carrier!} label={t("fields.carrier")} options={airlines} placeholder="—" required /> : null}
        <PickerField field={fields.origin!} kind="airports" label={t("fields.origin")} description={t("hints.anyAirport")} />
        <PickerField field={fields.destination!} kind="airports" label={t("fields.destination")} description={t("hints.anyAirport")} />
        <TextField field={fields.transfers!} label={t("fields.transfers")} description={t("hints.codes")} />
        <SelectField field={fields.salesChannel!} label={t("fields.salesChannel")} options={options(t, "salesChannels", SALES_CHANNELS)} placeholder={t("anyChannel")} />
        <CheckboxField field={fields.nonStop!} label={t("fields.nonStop")} />
      </FormSection>
      <FormSection legend={t("sections.validity")}>
        <DateField field={fields.effectiveFrom!} label={t("fields.effectiveFrom")} />
        <DateField field={fields.effectiveTo!} label={t("fields.effectiveTo")} description={t("hints.openEnded")} />
        <TextField field={fields.internalId!} label={t("fields.internalId")} />
        <TextField field={fields.document!} label={t("fields.document")} />
      </FormSection>
      <FormSection legend={t("sections.accounts")}>
        <TextField field={companies.included as Field} label={t("fields.accountsIncluded")} description={t("hints.accounts")} />
        <TextField field={companies.excluded as Field} label={t("fields.accountsExcluded")} description={t("hints.accounts")} />
        <TextField field={fields.groups!} label={t("fields.groups")} description={t("hints.groups")} />
      </FormSection>
      <FormSection legend={t("sections.money")}>
        <SelectField field={fields.currency!} label={t("fields.currency")} options={PRICE_CURRENCIES.map((c) => ({ value: c, label: c }))} />
        <SelectField field={fields.vatInclusion!} label={t("fields.vatInclusion")} options={options(t, "vatInclusion", VAT_INCLUSIONS)} />
        <AmountField field={fields.vat!} label={t("fields.vatPercent")} description={t("hints.vat")} />
      </FormSection>
    </>
  );
}

/**
 * The tariff's rates (spec 2 "rates": product, class M/N/Q, weight break, value): one row of inputs each. A row
 * without a value is not sent, so the fixed rows of a new tariff (M, N, Q45 … Q1000) are filled in as needed.
 */
function RatesEditor({ form, rates }: { form: ReturnType<typeof useSettingsForm>[0]; rates: FieldMetadata<Array<Record<string, string>> | undefined> }) {
  const { t } = useTranslation(["tariffs", "errors", "common"]);
  const rows = rates.getFieldList();
  const rateErrors = rates.errors?.map((e) => translateMessage(t, e));
  return (
    <Fieldset legend={t("sections.rates")} radius="md" data-testid="tariff-rates">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t("hints.rates")}
        </Text>
        {rateErrors?.length ? (
          <Text size="sm" c="red" role="alert" id={`${rates.id}-error`} data-testid="rates-error">
            {rateErrors.join(" ")}
          </Text>
        ) : null}
        {/* the rows scroll sideways on a phone instead of squeezing four inputs into 390 px */}
        <div style={{ overflowX: "auto" }}>
          <Stack gap="xs" miw={560}>
            {rows.map((row, index) => {
              const r = row.getFieldset() as Record<string, Field>;
              return (
                <Group key={row.key ?? `rate-${index}`} gap="xs" align="flex-start" wrap="nowrap" data-testid={`rate-row-${index}`}>
                  <SelectField field={r.rateClass!} label={t("fields.rateClass")} options={RATE_CLASSES.map((c) => ({ value: c, label: t(`rateClasses.${c}`) }))} placeholder="—" />
                  <TextField field={r.weightBrake!} label={t("fields.weightBrake")} />
                  <AmountField field={r.value!} label={t("fields.rateValue")} />
                  <TextField field={r.productCode!} label={t("fields.rateProduct")} />
                  <Button
                    type="submit"
                    {...form.remove.getButtonProps({ name: rates.name, index })}
                    variant="subtle"
                    color="red"
                    size="compact-sm"
                    mt={28}
                    // its label whole: the row scrolls sideways before the button shrinks
                    style={{ flexShrink: 0 }}
                    aria-label={t("rates.removeRow", { row: index + 1 })}
                  >
                    {t("rates.remove")}
                  </Button>
                </Group>
              );
            })}
          </Stack>
        </div>
        <Group>
          {/* a submit button (Mantine's default is type="button"): without JS the server answers the form with the row added */}
          <Button type="submit" {...form.insert.getButtonProps({ name: rates.name, defaultValue: {} })} variant="light" size="compact-sm" data-testid="add-rate">
            {t("rates.add")}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}

type PriceFields = Record<string, Field> & { companies: FieldMetadata<{ included: string; excluded: string }> };

/**
 * One kind's form: its own section (`own`, drawn from the form's fields), anything after it (`after`: the tariff's
 * rates), the shared sections, the notes.
 */
function PriceForm<S extends z.ZodTypeAny>({
  schema,
  kind,
  legend,
  own,
  after,
  props: { cancelHref, airlines, ...state },
}: {
  schema: S;
  kind: "tariff" | "charge" | "surcharge";
  legend: string;
  own: (f: PriceFields) => ReactNode;
  after?: (form: ReturnType<typeof useSettingsForm>[0], fields: PriceFields) => ReactNode;
  props: Props;
}) {
  const { t } = useTranslation(["tariffs", "common"]);
  const [form, fields] = useSettingsForm(schema, state);
  const f = fields as unknown as PriceFields;
  return (
    <SettingsForm form={form} testId={`${kind}-form`} cancelHref={cancelHref} submitTestId={`${kind}-submit`} noValidate>
      <FormSection legend={legend}>{own(f)}</FormSection>
      {after?.(form as never, f)}
      <ScopeSections fields={f} airlines={airlines} />
      <TextareaField field={f.notes!} label={t("fields.notes")} />
    </SettingsForm>
  );
}

export function TariffForm(props: Props) {
  const { t } = useTranslation(["tariffs", "common"]);
  return (
    <PriceForm
      schema={TariffFormSchema}
      kind="tariff"
      legend={t("sections.tariff")}
      props={props}
      own={(f) => (
        <>
          <TextField field={f.product!} label={t("fields.product")} description={t("hints.product")} />
          <SelectField field={f.basis!} label={t("fields.basis")} options={options(t, "basis", BASES)} />
          <SelectField field={f.level!} label={t("fields.level")} options={options(t, "levels", LEVELS)} />
          <SelectField field={f.legsNumber!} label={t("fields.legsNumber")} options={options(t, "legs", LEGS)} />
          <AmountField field={f.minChargeableWeight!} label={t("fields.minChargeableWeight")} description={t("hints.kg")} />
          <CheckboxField field={f.isDerivative!} label={t("fields.isDerivative")} />
        </>
      )}
      after={(form, f) => <RatesEditor form={form} rates={f.rates as never} />}
    />
  );
}

export function ChargeForm(props: Props) {
  const { t } = useTranslation(["tariffs", "common"]);
  return (
    <PriceForm
      schema={ChargeFormSchema}
      kind="charge"
      legend={t("sections.charge")}
      props={props}
      own={(f) => (
        <>
          <TextField field={f.chargeCode!} label={t("fields.chargeCode")} description={t("hints.chargeCode")} />
          <TextField field={f.chargeName!} label={t("fields.chargeName")} />
          <SelectField field={f.basis!} label={t("fields.basis")} options={options(t, "basis", BASES)} />
          <AmountField field={f.rate!} label={t("fields.rate")} />
          <AmountField field={f.minimalRate!} label={t("fields.minimalRate")} />
          <TextField field={f.products!} label={t("fields.products")} description={t("hints.codes")} />
          <TextField field={f.shc!} label={t("fields.shc")} description={t("hints.codes")} />
          <TextField field={f.originCountry!} label={t("fields.originCountry")} description={t("hints.country")} />
          <TextField field={f.destinationCountry!} label={t("fields.destinationCountry")} description={t("hints.country")} />
          <SelectField field={f.routeRegion!} label={t("fields.routeRegion")} options={options(t, "regions", ROUTE_REGIONS)} placeholder={t("anyRegion")} />
        </>
      )}
    />
  );
}

export function SurchargeForm(props: Props) {
  const { t } = useTranslation(["tariffs", "common"]);
  return (
    <PriceForm
      schema={SurchargeFormSchema}
      kind="surcharge"
      legend={t("sections.surcharge")}
      props={props}
      own={(f) => (
        <>
          <TextField field={f.code!} label={t("fields.code")} description={t("hints.surchargeCode")} />
          <TextField field={f.productCode!} label={t("fields.productCode")} description={t("hints.product")} />
          <SelectField field={f.type!} label={t("fields.type")} options={options(t, "surchargeTypes", SURCHARGE_TYPES)} />
          <AmountField field={f.value!} label={t("fields.value")} description={t("hints.surchargeValue")} />
          <AmountField field={f.minimalWeight!} label={t("fields.minimalWeight")} description={t("hints.kg")} />
        </>
      )}
    />
  );
}
