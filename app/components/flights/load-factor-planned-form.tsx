import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Button } from "~/components/plain/button";
import { Group } from "~/components/plain/group";
import { SimpleGrid } from "~/lib/mantine/SimpleGrid";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { NumberField } from "~/components/fields/fields";
import { CsrfInput } from "~/components/form-guards";
import { FormErrors } from "~/components/settings/form-parts";
import { useSettingsForm } from "~/components/settings/settings-form";
import { INT32_MAX } from "../../../cargo/limits";
import { decimalField, VOLUME, WEIGHT, wholeNumberField } from "~/lib/forms/decimal-field";

const nonNegative = { min: "flight-page:nonNegative" };

/** The planned load factor set a writer enters by hand (PATCH segments/{id}/loadfactor, kind planned). */
export const PlannedSetSchema = z.object({
  weight: decimalField(WEIGHT, nonNegative).optional(),
  volume: decimalField(VOLUME, nonNegative).optional(),
  pax: wholeNumberField(0, INT32_MAX, nonNegative).optional(),
  payload: decimalField(WEIGHT, nonNegative).optional(),
});
export const PLANNED_SET_FIELDS = ["weight", "volume", "pax", "payload"] as const;
export const PLANNED_SET_INTENT = "planned";

export function LoadFactorPlannedForm({
  defaultValue,
  lastResult,
}: {
  defaultValue: Record<string, string>;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const { t } = useTranslation("flight-page");
  const [form, fields] = useSettingsForm(PlannedSetSchema, { id: "planned-set", lastResult, defaultValue });
  return (
    <Form method="post" {...getFormProps(form)} data-testid="planned-form">
      <CsrfInput />
      <input type="hidden" name="tab" value="loadfactor" />
      <FormErrors errors={form.errors} />
      <SimpleGrid cols={{ base: 2, lg: 4 }} spacing="sm">
        <NumberField field={fields.weight} label={t("sets.weight")} min={0} />
        <NumberField field={fields.volume} label={t("sets.volume")} min={0} />
        <NumberField field={fields.pax} label={t("sets.pax")} min={0} step="1" />
        <NumberField field={fields.payload} label={t("sets.payload")} min={0} />
      </SimpleGrid>
      <Group justify="flex-end" mt="sm">
        <Button type="submit" name="intent" value={PLANNED_SET_INTENT} data-testid="planned-submit">
          {t("sets.savePlanned")}
        </Button>
      </Group>
    </Form>
  );
}
