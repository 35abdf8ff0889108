import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Button } from "~/components/plain/button";
import { Card } from "~/lib/mantine/Card";
import { Group } from "~/components/plain/group";
import { Radio } from "~/lib/mantine/Radio";
import { SimpleGrid } from "~/lib/mantine/SimpleGrid";
import { Stack } from "~/components/plain/stack";
import { Text } from "~/components/plain/text";
import { TextInput } from "~/components/plain/text-input";
import { Title } from "~/components/plain/title";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FlightChoices } from "~/components/air-waybills/awb-form-parts";
import { CheckboxField, TextField, useFieldError } from "~/components/fields/fields";
import { CsrfInput } from "~/components/form-guards";
import { FormErrors } from "~/components/settings/form-parts";
import { useSettingsForm } from "~/components/settings/settings-form";
import { NewBookingSchema } from "~/lib/bookings/new-booking-schema";
import type { Trip } from "~/lib/upstream/air-waybills.server";

type Flight = Trip["segments"][number];

/**
 * Booking the waybill on one more flight leg (its edit-booking page): a GET form searches the waybill's route on a
 * day, a POST form books the chosen flight with the figures (the waybill's by default) and the consignor
 * certification. Refusals come back beside their fields with everything typed kept; works without JS.
 */
export function NewBookingCard({
  date,
  flights,
  searchError,
  defaults,
  lastResult,
}: {
  date: string;
  flights: Flight[] | null;
  searchError: string | null;
  defaults: { pieces: string; weight: string; volume: string; shcs: string };
  lastResult: SubmissionResult<string[]> | null;
}) {
  const { t } = useTranslation(["awb", "errors"]);
  const error = useFieldError();
  const [form, fields] = useSettingsForm(NewBookingSchema, { id: "new-booking", lastResult, defaultValue: { intent: "book", ...defaults } });
  const chosen = typeof fields.segment_id.initialValue === "string" ? fields.segment_id.initialValue : undefined;
  return (
    <Card withBorder radius="md" data-testid="new-booking">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t("awb:editBooking.bookTitle")}
        </Title>
        <Form method="get">
          <input type="hidden" name="book" value="1" />
          <Group align="flex-end" gap="xs">
            <TextInput type="date" name="date" label={t("awb:fields.flight_date")} defaultValue={date} required />
            <Button type="submit" variant="light" data-testid="search-new-flights">
              {t("awb:route.search")}
            </Button>
          </Group>
        </Form>
        {searchError ? <Text c="red">{t(searchError)}</Text> : null}
        {flights && !flights.length ? (
          <Text size="sm" c="dimmed" data-testid="no-new-flights">
            {t("awb:route.noTrips")}
          </Text>
        ) : null}
        {flights?.length ? (
          <Form method="post" {...getFormProps(form)} noValidate>
            <CsrfInput />
            <input type="hidden" name={fields.intent.name} value="book" />
            <Stack gap="sm">
              <FormErrors errors={form.errors} />
              <Radio.Group name={fields.segment_id.name} label={t("awb:editBooking.newFlights")} defaultValue={chosen} error={error(fields.segment_id)}>
                <FlightChoices flights={flights} testId="new-flight-choice" />
              </Radio.Group>
              <SimpleGrid cols={{ base: 1, sm: 4 }} spacing="sm">
                <TextField field={fields.pieces} label={t("awb:fields.pieces")} required />
                <TextField field={fields.weight} label={t("awb:fields.weight")} description={t("awb:hints.kg")} required />
                <TextField field={fields.volume} label={t("awb:fields.volume")} description={t("awb:hints.volume")} />
                <TextField field={fields.shcs} label={t("awb:fields.shcs")} description={t("awb:hints.codes")} />
              </SimpleGrid>
              <CheckboxField field={fields.consignor_certified} label={t("awb:fields.consignor_certified")} description={t("awb:hints.certification")} />
              <Group>
                <Button type="submit" data-testid="confirm-book">
                  {t("awb:editBooking.book")}
                </Button>
              </Group>
            </Stack>
          </Form>
        ) : null}
      </Stack>
    </Card>
  );
}
