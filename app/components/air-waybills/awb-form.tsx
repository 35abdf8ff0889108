import { getFormProps, useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Button } from "~/components/plain/button";
import { Fieldset } from "~/lib/mantine/Fieldset";
import { Group } from "~/components/plain/group";
import { SimpleGrid } from "~/lib/mantine/SimpleGrid";
import { Stack } from "~/components/plain/stack";
import { Text } from "~/components/plain/text";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { CsrfInput } from "~/components/form-guards";
import { CheckboxField, DateField, PickerField, SelectField, TextareaField, TextField, useFieldError } from "~/components/fields/fields";
import { FormErrors, FormSection } from "~/components/settings/form-parts";
import { presetGroups as groupPresets } from "~/lib/air-waybills/accounting-presets";
import { liveFigures } from "~/lib/air-waybills/awb-form-input";
import { AwbFormSchema, PARTY_ROLES, type AwbForm as AwbFormData, type AwbFormValues } from "~/lib/air-waybills/awb-form-schema";
import type { AwbFormContext } from "~/lib/air-waybills/awb-form-data.server";
import type { Trip } from "~/lib/upstream/air-waybills.server";
import { DecimalField, PartyFields, PickRow, StepButton, TripChoices, WarningsConfirm } from "./awb-form-parts";

const STEP_BUTTONS = new Set(["step"]);
const anything = z.any();

/** The figure as the page shows it: up to `digits` decimals, "—" when unknown. */
const shown = (value: number | null, digits = 2) => (value === null ? "—" : String(Number(value.toFixed(digits))));

/**
 * The air waybill form (create and edit-awb): number, cargo with dimension rows and live figures, goods, route with
 * the flight search (create), parties picked from lists or typed, accounting information presets, the postal
 * variant, the consignor certification. Every button works without JS: rows are conform intents, the other steps
 * post `step` and the server answers the form with the step applied and everything typed kept.
 */
export function AwbForm({
  mode,
  defaultValue,
  lastResult,
  trips,
  warnings,
  context,
  cancelHref,
}: {
  mode: "create" | "edit";
  defaultValue: Record<string, unknown>;
  lastResult?: SubmissionResult<string[]> | null;
  trips: Trip[] | null;
  warnings: string[] | null;
  context: Omit<AwbFormContext, "parties"> & { parties: AwbFormContext["parties"] };
  cancelHref: string;
}) {
  const { t } = useTranslation("awb");
  const error = useFieldError();
  const [form, fields] = useForm<AwbFormValues, AwbFormData>({
    id: `awb-${mode}`,
    lastResult: lastResult ?? undefined,
    defaultValue: defaultValue as DefaultValue<AwbFormValues>,
    constraint: getZodConstraint(AwbFormSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // a step (search flights, take a party, apply a preset) is not a save: the server applies it as typed
    onValidate: ({ formData, submitter }) =>
      submitter && STEP_BUTTONS.has((submitter as HTMLButtonElement).name) ? parseWithZod(formData, { schema: anything }) : parseWithZod(formData, { schema: AwbFormSchema }),
  });
  const rows = fields.dimensions.getFieldList();
  const figures = liveFigures((form.value ?? form.initialValue ?? {}) as Parameters<typeof liveFigures>[0], context.cw);
  const partyGroups = (["ac", "fc", "nc"] as const)
    .map((source) => ({ group: t(`parties.sources.${source}`), items: context.parties.filter((p) => p.source === source).map(({ value, label }) => ({ value, label })) }))
    .filter((g) => g.items.length);
  // the airline's own presets carry the names it gave them; the catalogue's are translated by code
  const presetGroups = groupPresets(
    context.presets.presets,
    (kind) => t(`presets.kinds.${kind}`),
    (p) => (context.presets.source === "default" ? t(`presets.names.${p.code}`, { defaultValue: p.name }) : p.name),
  );

  return (
    <Form method="post" {...getFormProps(form)} noValidate data-testid="awb-form">
      <CsrfInput />
      <Stack gap="md">
        {warnings?.length ? <WarningsConfirm warnings={warnings} /> : null}
        <FormErrors errors={form.errors} />

        {mode === "create" ? (
          <FormSection legend={t("sections.number")} cols={3}>
            {context.airlines ? <SelectField field={fields.carrier} label={t("fields.carrier")} options={context.airlines} placeholder="—" /> : null}
            {context.forwarderField ? <TextField field={fields.forwarder_short_name} label={t("fields.forwarder_short_name")} required /> : null}
            {context.typedNumber ? (
              <TextField field={fields.mawb} label={t("fields.mawb")} description={t("hints.mawbTyped")} />
            ) : (
              <Text size="sm" c="dimmed" data-testid="awb-number-from-stock">
                {t("hints.mawbStock")}
              </Text>
            )}
          </FormSection>
        ) : null}

        <Fieldset legend={t("sections.cargo")} radius="md">
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              <TextField field={fields.pieces} label={t("fields.pieces")} required />
              <DecimalField field={fields.weight} label={t("fields.weight")} description={t("hints.kg")} required />
              <DecimalField field={fields.volume} label={t("fields.volume")} description={t("hints.volume")} />
            </SimpleGrid>
            <Text size="sm" fw={500}>
              {t("sections.dimensions")}
            </Text>
            {fields.dimensions.errors ? (
              <Text size="sm" c="red" data-testid="dimensions-error">
                {error(fields.dimensions)}
              </Text>
            ) : null}
            {rows.map((row, index) => {
              const f = row.getFieldset();
              return (
                <Group key={row.key ?? `row-${index}`} align="flex-end" gap="xs" data-testid="dimension-row">
                  <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs" style={{ flex: 1 }}>
                    <TextField field={f.pieces} label={t("fields.rowPieces")} required />
                    <DecimalField field={f.length} label={t("fields.length")} required />
                    <DecimalField field={f.width} label={t("fields.width")} required />
                    <DecimalField field={f.height} label={t("fields.height")} required />
                    <DecimalField field={f.weight} label={t("fields.rowWeight")} />
                  </SimpleGrid>
                  <Text size="sm" w={90} data-testid="row-volume">
                    {shown(figures.rows[index] ?? null)} {t("units.m3")}
                  </Text>
                  <Button {...form.remove.getButtonProps({ name: fields.dimensions.name, index })} type="submit" variant="subtle" color="red" size="compact-sm">
                    {t("form.removeRow")}
                  </Button>
                </Group>
              );
            })}
            <Group justify="space-between" align="center">
              <Button {...form.insert.getButtonProps({ name: fields.dimensions.name })} type="submit" variant="light" size="compact-sm" data-testid="add-row">
                {t("form.addRow")}
              </Button>
              <Group gap="lg" data-testid="awb-figures">
                <Text size="sm">
                  {t("figures.volume")}: <strong data-testid="figure-volume">{shown(figures.volume)}</strong> {t("units.m3")}
                </Text>
                <Text size="sm">
                  {t("figures.volumeWeight")}: <strong data-testid="figure-volume-weight">{shown(figures.volumeWeight, 1)}</strong> {t("units.kg")}
                </Text>
                <Text size="sm">
                  {t("figures.chargeable")}: <strong data-testid="figure-chargeable">{shown(figures.chargeable, 1)}</strong> {t("units.kg")}
                </Text>
              </Group>
            </Group>
          </Stack>
        </Fieldset>

        <FormSection legend={t("sections.goods")} cols={2}>
          <PickerField field={fields.shcs} kind="shcs" multiple required={false} label={t("fields.shcs")} description={t("hints.codes")} />
          <TextField field={fields.commodity} label={t("fields.commodity")} description={t("hints.commodity")} required />
          <TextField field={fields.hs_codes} label={t("fields.hs_codes")} description={t("hints.hsCodes")} required />
          <TextField field={fields.mrn} label={t("fields.mrn")} description={t("hints.mrn")} />
          {context.products.length ? (
            <SelectField field={fields.product_code} label={t("fields.product_code")} options={context.products} placeholder="—" />
          ) : (
            <TextField field={fields.product_code} label={t("fields.product_code")} />
          )}
        </FormSection>

        <Fieldset legend={t("sections.route")} radius="md">
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              <PickerField field={fields.origin_iata} kind="airports" label={t("fields.origin_iata")} required />
              <PickerField field={fields.destination_iata} kind="airports" label={t("fields.destination_iata")} required />
              {mode === "create" ? <DateField field={fields.flight_date} label={t("fields.flight_date")} /> : null}
            </SimpleGrid>
            {mode === "create" ? (
              <>
                <Group>
                  <StepButton step="search" testId="search-flights">
                    {t("route.search")}
                  </StepButton>
                </Group>
                {trips ? (
                  <>
                    <input type="hidden" name="searched" value="1" />
                    <TripChoices trips={trips} name={fields.trip.name} chosen={fields.trip.initialValue as string | undefined} error={error(fields.trip)} />
                  </>
                ) : fields.trip.initialValue ? (
                  <input type="hidden" name={fields.trip.name} value={String(fields.trip.initialValue)} />
                ) : null}
              </>
            ) : null}
          </Stack>
        </Fieldset>

        {PARTY_ROLES.map((role) => {
          const p = fields[role].getFieldset();
          return (
            <Fieldset key={role} legend={t(`sections.${role}`)} radius="md" data-testid={`party-${role}`}>
              <Stack gap="sm">
                {partyGroups.length ? (
                  <PickRow name={`${role}_pick`} label={t("parties.pick")} options={partyGroups} step={`pick_${role}`} button={t("parties.use")} testId={`pick-${role}`} />
                ) : null}
                <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="sm">
                  <PartyFields party={p} />
                </SimpleGrid>
              </Stack>
            </Fieldset>
          );
        })}
        {fields.airline_customer_id.initialValue ? <input type="hidden" name={fields.airline_customer_id.name} value={String(fields.airline_customer_id.initialValue)} /> : null}

        <Fieldset legend={t("sections.accounting")} radius="md">
          <Stack gap="sm">
            <PickRow name={fields.accounting_preset.name} label={t("presets.label")} options={presetGroups} step="preset" button={t("presets.apply")} testId="accounting-preset" />
            <TextareaField field={fields.accounting_information} label={t("fields.accounting_information")} />
            <TextareaField field={fields.handling_information} label={t("fields.handling_information")} />
          </Stack>
        </Fieldset>

        <FormSection legend={t("sections.postal")} cols={2}>
          <CheckboxField field={fields.postal} label={t("fields.postal")} />
          <TextField field={fields.postal_number} label={t("fields.postal_number")} />
        </FormSection>

        {mode === "create" ? (
          <CheckboxField field={fields.consignor_certified} label={t("fields.consignor_certified")} description={t("hints.certification")} />
        ) : null}

        <Group justify="flex-end">
          <Button component={Link} to={cancelHref} variant="default">
            {t("form.cancel")}
          </Button>
          <Button type="submit" data-testid="awb-submit">
            {mode === "create" ? t("form.create") : t("form.save")}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
