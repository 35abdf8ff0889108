import type { SubmissionResult } from "@conform-to/react";
import { SimpleGrid } from "~/lib/mantine/SimpleGrid";
import { Text } from "~/components/plain/text";
import { useTranslation } from "react-i18next";
import { Form, useSearchParams } from "@remix-run/react";
import { Button } from "~/components/plain/button";
import { Group } from "~/components/plain/group";
import { TextInput } from "~/components/plain/text-input";
import { CheckboxField, NumberField, SelectField, TextField } from "~/components/fields/fields";
import { FormDialog } from "~/components/settings/dialog-overlay";
import { SettingsForm, useSettingsForm } from "~/components/settings/settings-form";
import { StockPickFormSchema, StockRangeFormSchema } from "~/lib/forms/awb-stock-schemas";

// The dialogs of the airline's AWB stock page, drawn from the URL (?dialog=load|assign|withdraw): plain POST forms
// that work without JS and come back with every typed value and the errors beside their fields.

interface DialogProps {
  lastResult?: SubmissionResult<string[]> | null;
  closeHref: string;
  prefix: string;
}

/** Loading a range of serials under the airline's prefix into its pool. */
export function LoadRangeDialog({ lastResult, closeHref, prefix }: DialogProps) {
  const { t } = useTranslation("stocks");
  const [form, fields] = useSettingsForm(StockRangeFormSchema, { id: "stock-load", lastResult, defaultValue: { intent: "load", prefix } });
  return (
    <FormDialog title={t("load.title")} testId="stock-load-dialog">
      <SettingsForm form={form} testId="stock-load-form" cancelHref={closeHref} submitTestId="stock-load-submit" hidden={<input type="hidden" name="intent" value="load" />}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextField field={fields.prefix} label={t("fields.prefix")} />
          <TextField field={fields.range} label={t("fields.range")} description={t("hints.range")} />
          <TextField field={fields.location_iata} label={t("fields.location")} />
        </SimpleGrid>
        <CheckboxField field={fields.bso} label={t("fields.bso")} description={t("hints.bso")} />
      </SettingsForm>
    </FormDialog>
  );
}

/** The forwarders an assignment may go to: those the airline has an agreement with (a page of them, `q` their search). */
export interface ForwarderChoices {
  options: Array<{ value: string; label: string }>;
  total: number;
  q: string;
}

/**
 * Giving numbers of the pool to a forwarder, or taking its free ones back: a serial range, or a count. An assignment
 * chooses the forwarder from `choices` (issue 22 item 9: no typing); when there are more than it shows, a GET search
 * above the form narrows them, so the choice works without JS too.
 */
export function PickNumbersDialog({
  lastResult,
  closeHref,
  prefix,
  intent,
  forwarder,
  choices,
}: DialogProps & { intent: "assign" | "withdraw"; forwarder?: string; choices?: ForwarderChoices }) {
  const { t } = useTranslation("stocks");
  const [form, fields] = useSettingsForm(StockPickFormSchema, {
    id: `stock-${intent}`,
    lastResult,
    defaultValue: { intent, prefix, forwarder_short_name: forwarder ?? "" },
  });
  return (
    <FormDialog title={t(`${intent}.title`)} testId={`stock-${intent}-dialog`}>
      {choices && (choices.total > choices.options.length || choices.q) ? <ForwarderSearch q={choices.q} /> : null}
      <SettingsForm form={form} testId={`stock-${intent}-form`} cancelHref={closeHref} submitTestId={`stock-${intent}-submit`} hidden={<input type="hidden" name="intent" value={intent} />}>
        <Text size="sm" c="dimmed">
          {t(`${intent}.text`)}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextField field={fields.prefix} label={t("fields.prefix")} />
          {choices ? (
            <SelectField
              field={fields.forwarder_short_name}
              label={t("fields.forwarder")}
              description={choices.options.length ? t("hints.agreedForwarders") : t("hints.noAgreedForwarders")}
              placeholder={t("fields.chooseForwarder")}
              options={choices.options}
            />
          ) : (
            <TextField field={fields.forwarder_short_name} label={t("fields.forwarder")} />
          )}
          <TextField field={fields.range} label={t("fields.range")} description={t("hints.rangeOrCount")} />
          <NumberField field={fields.count} label={t("fields.count")} step="1" min={1} />
        </SimpleGrid>
      </SettingsForm>
    </FormDialog>
  );
}

/** A search among the agreed forwarders: a GET of the page that keeps its list filters and the open dialog. */
function ForwarderSearch({ q }: { q: string }) {
  const { t } = useTranslation(["stocks", "common"]);
  const [params] = useSearchParams();
  const kept = [...params.entries()].filter(([name]) => name !== "fq" && name !== "index");
  return (
    <Form method="get" role="search" data-testid="stock-forwarder-search">
      {kept.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Group gap="xs" align="end">
        <TextInput name="fq" label={t("fields.findForwarder")} defaultValue={q} maxLength={100} />
        <Button type="submit" variant="default">
          {t("common:search")}
        </Button>
      </Group>
    </Form>
  );
}
