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
import { CsrfInput } from "~/components/form-guards";
import { DateField, SelectField, TextareaField, TextField, useFieldError } from "~/components/fields/fields";
import { FormErrors, FormSection } from "~/components/settings/form-parts";
import { CURRENCIES } from "~/lib/forms/agreement-schema";
import { OfferFormSchema, type OfferForm as OfferFormData, type OfferFormValues } from "~/lib/offers/offer-form";
import { OFFER_RATE_BASES, OFFER_RATE_CLASSES, OFFER_RATE_COMPANIES, OFFER_RATE_TYPES } from "../../../cargo/offers/offer-rates";

type Values = Record<string, unknown>;

/**
 * The offer's form (spec 1 §2: parameters, shipment parameters, shipping price, customer edit, dimensions): one plain
 * POST that works without JS. Rate lines and dimension rows are added and removed by conform intents (the server
 * answers the form with the row added or gone, everything typed kept); "Save draft" and "Create offer" are the two
 * submit buttons (intent draft or send). The margin of each line is outgoing − incoming, worked out by the API once
 * saved (the page shows it beside the stored lines); the form itself holds amounts as the text typed.
 */
export function OfferForm({ id, defaultValue, lastResult, cancelHref }: { id: string; defaultValue: Values; lastResult?: SubmissionResult<string[]> | null; cancelHref: string }) {
  const { t } = useTranslation(["offers", "common"]);
  const error = useFieldError();
  const [form, fields] = useForm<OfferFormValues, OfferFormData>({
    id,
    lastResult: lastResult ?? undefined,
    defaultValue: defaultValue as DefaultValue<OfferFormValues>,
    constraint: getZodConstraint(OfferFormSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: OfferFormSchema }),
  });
  const customer = fields.customer.getFieldset();
  const rates = fields.rates.getFieldList();
  const dims = fields.dimensions.getFieldList();
  const options = (values: readonly string[], group: string) => values.map((v) => ({ value: v, label: t(`${group}.${v}`) }));

  return (
    <Form method="post" {...getFormProps(form)} noValidate data-testid="offer-form">
      <CsrfInput />
      <input type="hidden" name={fields.trip.name} value={(fields.trip.value as string | undefined) ?? ""} />
      <Stack gap="md">
        <FormErrors errors={form.errors} />
        <FormSection legend={t("sections.parameters")}>
          <TextField field={fields.origin_iata} label={t("fields.origin_iata")} required />
          <TextField field={fields.destination_iata} label={t("fields.destination_iata")} required />
          <TextField field={fields.carrier} label={t("fields.carrier")} description={t("hints.carrier")} />
          <DateField field={fields.date_toa} label={t("fields.date_toa")} />
          <DateField field={fields.valid_until} label={t("fields.valid_until")} />
          {error(fields.trip) ? (
            <Text size="sm" c="red" data-testid="trip-error">
              {error(fields.trip)}
            </Text>
          ) : null}
        </FormSection>

        <FormSection legend={t("sections.shipment")}>
          <TextField field={fields.pieces} label={t("fields.pieces")} required />
          <TextField field={fields.weight} label={t("fields.weight")} required />
          <TextField field={fields.volume} label={t("fields.volume")} description={t("hints.volume")} />
          <TextField field={fields.commodity} label={t("fields.commodity")} />
          <TextField field={fields.shcs} label={t("fields.shcs")} description={t("hints.codes")} />
        </FormSection>

        <Fieldset legend={t("sections.price")} radius="md" data-testid="offer-rates">
          <Stack gap="sm">
            {fields.rates.errors ? (
              <Text size="sm" c="red">
                {error(fields.rates)}
              </Text>
            ) : null}
            {rates.map((row, index) => {
              const r = row.getFieldset();
              return (
                <Stack key={row.key ?? `rate-${index}`} gap={4} data-testid="rate-row">
                  <SimpleGrid cols={{ base: 2, sm: 4, lg: 6 }} spacing="xs">
                    <SelectField field={r.type} label={t("rates.type")} options={options(OFFER_RATE_TYPES, "rateTypes")} />
                    <TextField field={r.code} label={t("rates.code")} required />
                    <TextField field={r.description} label={t("rates.description")} />
                    <SelectField field={r.rate_class_code} label={t("rates.class")} options={OFFER_RATE_CLASSES.map((c) => ({ value: c, label: c }))} placeholder="—" />
                    <SelectField field={r.basis} label={t("rates.basis")} options={options(OFFER_RATE_BASES, "bases")} />
                    <SelectField field={r.company} label={t("rates.company")} options={options(OFFER_RATE_COMPANIES, "companies")} />
                    <TextField field={r.rate} label={t("rates.rate")} required />
                    <TextField field={r.base_value} label={t("rates.base_value")} description={t("hints.baseValue")} />
                    <TextField field={r.incoming_amount} label={t("rates.incoming")} description={t("hints.incoming")} />
                    <TextField field={r.outgoing_amount} label={t("rates.outgoing")} description={t("hints.outgoing")} />
                    <SelectField field={r.currency} label={t("rates.currency")} options={CURRENCIES.map((c) => ({ value: c, label: c }))} />
                    <TextField field={r.vat_percent} label={t("rates.vat")} />
                  </SimpleGrid>
                  <Group justify="flex-end">
                    <Button {...form.remove.getButtonProps({ name: fields.rates.name, index })} type="submit" variant="subtle" color="red" size="compact-sm">
                      {t("form.removeRate")}
                    </Button>
                  </Group>
                </Stack>
              );
            })}
            <Group>
              <Button
                {...form.insert.getButtonProps({ name: fields.rates.name, defaultValue: { type: "charge", basis: "fixed_value", currency: "USD", company: "carrier" } })}
                type="submit"
                variant="light"
                size="compact-sm"
                data-testid="add-rate"
              >
                {t("form.addRate")}
              </Button>
            </Group>
          </Stack>
        </Fieldset>

        <FormSection legend={t("sections.customer")}>
          <TextField field={fields.customer_name} label={t("fields.customer_name")} />
          <TextField field={customer.address} label={t("fields.address")} />
          <TextField field={customer.city} label={t("fields.city")} />
          <TextField field={customer.country_code} label={t("fields.country_code")} />
          <TextField field={customer.post_code} label={t("fields.post_code")} />
          <TextField field={customer.tax_id} label={t("fields.tax_id")} />
          <TextField field={fields.pickup_address} label={t("fields.pickup_address")} />
          <TextField field={fields.pickup_city} label={t("fields.pickup_city")} />
          <TextField field={fields.pickup_post_code} label={t("fields.pickup_post_code")} />
          <TextField field={fields.delivery_address} label={t("fields.delivery_address")} />
          <TextField field={fields.delivery_city} label={t("fields.delivery_city")} />
          <TextField field={fields.delivery_post_code} label={t("fields.delivery_post_code")} />
        </FormSection>

        <Fieldset legend={t("sections.dimensions")} radius="md">
          <Stack gap="sm">
            {dims.map((row, index) => {
              const d = row.getFieldset();
              return (
                <Group key={row.key ?? `dim-${index}`} align="flex-end" gap="xs" data-testid="offer-dimension-row">
                  <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs" style={{ flex: 1 }}>
                    <TextField field={d.pieces} label={t("fields.pieces")} required />
                    <TextField field={d.length} label={t("dims.length")} required />
                    <TextField field={d.width} label={t("dims.width")} required />
                    <TextField field={d.height} label={t("dims.height")} required />
                    <TextField field={d.weight} label={t("dims.weight")} />
                  </SimpleGrid>
                  <Button {...form.remove.getButtonProps({ name: fields.dimensions.name, index })} type="submit" variant="subtle" color="red" size="compact-sm">
                    {t("form.removeRow")}
                  </Button>
                </Group>
              );
            })}
            <Group>
              <Button {...form.insert.getButtonProps({ name: fields.dimensions.name })} type="submit" variant="light" size="compact-sm" data-testid="add-dimension">
                {t("form.addRow")}
              </Button>
            </Group>
          </Stack>
        </Fieldset>

        <TextareaField field={fields.comment} label={t("fields.comment")} />

        <Group gap="sm" wrap="wrap">
          <Button type="submit" name={fields.intent.name} value="draft" variant="default" data-testid="offer-save-draft">
            {t("actions.save_draft")}
          </Button>
          <Button type="submit" name={fields.intent.name} value="send" data-testid="offer-send">
            {t("actions.send")}
          </Button>
          <Button component={Link} to={cancelHref} variant="subtle">
            {t("common:actions.cancel")}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
