import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Alert } from "~/lib/mantine/Alert";
import { Button } from "~/components/plain/button";
import { Fieldset } from "~/lib/mantine/Fieldset";
import { Group } from "~/components/plain/group";
import { List } from "~/lib/mantine/List";
import { SimpleGrid } from "~/lib/mantine/SimpleGrid";
import { Stack } from "~/components/plain/stack";
import { Text } from "~/components/plain/text";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CsrfInput } from "~/components/form-guards";
import { CheckboxField, DateField, PickerField, TimeField } from "~/components/fields/fields";
import { FormActions, FormErrors, FormSection } from "~/components/settings/form-parts";
import { ScheduleFormSchema } from "~/lib/flights/flight-form-schema";
import { useSettingsForm } from "~/components/settings/settings-form";
import { DayVariationField, FlightIdentityFields, TimeModeField, useWeekdayList, WeekdayPicker } from "./flight-form-common";

/** A line stored before a later one failed (see saveScheduleLines). */
export interface CreatedScheduleLine {
  days: number[];
  departure_time: string;
  arrival_time: string;
  count: number;
}

/** The lines that are already stored: they left the form, so sending it again cannot create them twice. */
function CreatedLines({ lines }: { lines: CreatedScheduleLine[] }) {
  const { t } = useTranslation("flight-form");
  const dayList = useWeekdayList();
  if (!lines.length) return null;
  return (
    <Alert color="yellow" title={t("schedule.partialTitle")} data-testid="created-lines">
      <Stack gap={4}>
        <List size="sm">
          {lines.map((l) => (
            <List.Item key={`${l.days.join("")}-${l.departure_time}`}>
              {t("schedule.createdLine", { days: dayList(l.days), departure: l.departure_time, arrival: l.arrival_time, count: l.count })}
            </List.Item>
          ))}
        </List>
        <Text size="sm">{t("schedule.partialHint")}</Text>
      </Stack>
    </Alert>
  );
}

/**
 * Regular mode (one weekday line) and Schedule mode (several lines, e.g. Mon/Wed/Fri 22:00 and Sat 23:30 on
 * another aircraft) of the flight form: one period, route and flight number; each line becomes one
 * `POST schedules`. Lines are added and removed with conform intents, which post to the server without JS.
 */
export function ScheduleForm({
  id,
  mode,
  defaultValue,
  lastResult,
  created,
  cancelHref,
  airlines,
}: {
  id: string;
  mode: "regular" | "schedule";
  defaultValue: Record<string, unknown>;
  lastResult?: SubmissionResult<string[]> | null;
  created?: CreatedScheduleLine[];
  cancelHref: string;
  airlines?: Array<{ value: string; label: string }> | null;
}) {
  const { t } = useTranslation("flight-form");
  const [form, fields] = useSettingsForm(ScheduleFormSchema, { id, lastResult, defaultValue });
  const lines = fields.lines.getFieldList();
  return (
    <Form method="post" {...getFormProps(form)} data-testid="flight-form">
      <CsrfInput />
      <input type="hidden" name="mode" value={mode} />
      <Stack gap="md">
        <CreatedLines lines={created ?? []} />
        <FormErrors errors={form.errors} />
        {mode === "schedule" ? (
          <Alert color="blue" data-testid="schedule-hint">
            {t("schedule.hint")}
          </Alert>
        ) : null}
        <FlightIdentityFields fields={fields} airlines={airlines} />
        <FormSection legend={t("sections.period")} cols={3}>
          <DateField field={fields.period_from} label={t("fields.period_from")} required />
          <DateField field={fields.period_to} label={t("fields.period_to")} required />
          <TimeModeField field={fields.time_mode} />
          <CheckboxField field={fields.aci_required} label={t("fields.aci_required")} />
        </FormSection>
        <FormErrors errors={fields.lines.errors} />
        {lines.map((line, index) => {
          const f = line.getFieldset();
          // conform keys list items from `defaultValue`: a line the server answered beyond it (added without JS,
          // or a failed POST of more lines) has no key there, and React warned about the list in every such render
          const key = line.key ?? `line-${index}`;
          return (
            <Fieldset key={key} legend={mode === "schedule" ? t("schedule.line", { n: index + 1 }) : t("sections.days")} radius="md" data-testid="schedule-line">
              <Stack gap="sm">
                <WeekdayPicker field={f.days_of_week} label={t("fields.days_of_week")} />
                <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
                  <TimeField field={f.departure_time} label={t("fields.departure_time")} required />
                  <TimeField field={f.arrival_time} label={t("fields.arrival_time")} required />
                  <DayVariationField field={f.arrival_date_variation} label={t("fields.arrival_date_variation")} />
                  <PickerField field={f.aircraft_type} kind="aircraft-types" label={t("fields.aircraft_type")} />
                </SimpleGrid>
                {mode === "schedule" && lines.length > 1 ? (
                  <Group justify="flex-end">
                    <Button {...form.remove.getButtonProps({ name: fields.lines.name, index })} type="submit" variant="subtle" color="red" size="compact-sm">
                      {t("schedule.removeLine")}
                    </Button>
                  </Group>
                ) : null}
              </Stack>
            </Fieldset>
          );
        })}
        {mode === "schedule" ? (
          <Group>
            <Button
              {...form.insert.getButtonProps({ name: fields.lines.name, defaultValue: { arrival_date_variation: "0" } })}
              // Mantine buttons default to type="button": an intent must submit (the server applies it without JS)
              type="submit"
              variant="light"
              size="compact-sm"
              data-testid="add-line"
            >
              {t("schedule.addLine")}
            </Button>
          </Group>
        ) : null}
        <FormActions cancelHref={cancelHref} submitTestId="flight-submit" />
      </Stack>
    </Form>
  );
}
