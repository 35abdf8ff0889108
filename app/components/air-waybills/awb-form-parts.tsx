import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { Alert } from "~/lib/mantine/Alert";
import { Button } from "~/components/plain/button";
import { Group } from "~/components/plain/group";
import { List } from "~/lib/mantine/List";
import { NativeSelect } from "~/lib/mantine/NativeSelect";
import { Radio } from "~/lib/mantine/Radio";
import { Stack } from "~/components/plain/stack";
import { Text } from "~/components/plain/text";
import { TextInput } from "~/components/plain/text-input";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { TextField, useFieldError } from "~/components/fields/fields";
import type { Trip } from "~/lib/upstream/air-waybills.server";

// Small pieces of the air waybill form: a decimal input that takes "1,5", a submit button for a form step (works
// without JS: the server answers the form with the step applied), the warnings to confirm and the trips to choose.

type Field = FieldMetadata<unknown>;

/** A number as people type it ("1,5" or "1.5"): a text input with the decimal keyboard, read by the schema. */
export function DecimalField({ field, label, description, required }: { field: Field; label: ReactNode; description?: ReactNode; required?: boolean }) {
  const error = useFieldError();
  return (
    <TextInput
      {...getInputProps(field, { type: "text" })}
      key={field.key}
      inputMode="decimal"
      label={label}
      description={description}
      required={required ?? field.required}
      error={error(field)}
    />
  );
}

/** A submit button of a form step (`step=<value>`): no client validation, the server re-renders the form. */
export function StepButton({ step, children, testId, variant = "light" }: { step: string; children: ReactNode; testId?: string; variant?: string }) {
  return (
    <Button type="submit" name="step" value={step} formNoValidate variant={variant} size="sm" data-testid={testId}>
      {children}
    </Button>
  );
}

/** A select of a list plus its "use" step button (e.g. a party from the lists, an accounting preset). */
export function PickRow({
  name,
  label,
  options,
  step,
  button,
  testId,
}: {
  name: string;
  label: string;
  options: Array<{ value: string; label: string } | { group: string; items: Array<{ value: string; label: string }> }>;
  step: string;
  button: string;
  testId: string;
}) {
  const { t } = useTranslation("awb");
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <NativeSelect name={name} label={label} data={[{ value: "", label: t("form.choose") }, ...options]} style={{ flex: 1, minWidth: 0 }} data-testid={testId} />
      <StepButton step={step} testId={`${testId}-use`}>
        {button}
      </StepButton>
    </Group>
  );
}

/**
 * The 409 confirmation (spec 2 §5: business-check warnings, the 500 kg restriction, the blank-number mismatch): the
 * warnings in the user's language, Continue posts the same form again with accept_warnings, Cancel goes back to it.
 */
export function WarningsConfirm({ warnings }: { warnings: string[] }) {
  const { t, i18n } = useTranslation("awb");
  const text = (code: string) => (i18n.exists(`awb:warnings.${code}`) ? t(`warnings.${code}`) : code);
  return (
    <Alert color="yellow" title={t("confirm.title")} data-testid="awb-warnings-confirm" role="alertdialog">
      <Stack gap="sm">
        <List size="sm">
          {warnings.map((code) => (
            <List.Item key={code} data-testid={`warning-${code}`}>
              {text(code)}
            </List.Item>
          ))}
        </List>
        <Text size="sm">{t("confirm.question")}</Text>
        <Group gap="xs">
          <Button type="submit" name="accept_warnings" value="true" formNoValidate color="yellow" data-testid="awb-continue">
            {t("confirm.continue")}
          </Button>
          <StepButton step="edit" variant="default" testId="awb-cancel-warnings">
            {t("confirm.cancel")}
          </StepButton>
        </Group>
      </Stack>
    </Alert>
  );
}

/** "2030-05-01T10:30:00+07:00" → "2030-05-01 10:30" (the airport's own clock, as the API wrote it). */
export const clock = (local: string | null | undefined, utc: string) => (local ?? utc).slice(0, 16).replace("T", " ");

/** The trips of the route search as radio choices (value: the segment ids of the trip), with "no booking" first. */
export function TripChoices({ trips, name, chosen, error }: { trips: Trip[]; name: string; chosen: string | undefined; error?: string }) {
  const { t } = useTranslation("awb");
  return (
    <Radio.Group name={name} defaultValue={chosen ?? ""} label={t("route.trips")} error={error} data-testid="awb-trips">
      <Stack gap="xs" mt="xs">
        <Radio value="" label={t("route.noBooking")} data-testid="trip-none" />
        {trips.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="trips-empty">
            {t("route.noTrips")}
          </Text>
        ) : null}
        {trips.map((trip) => {
          const ids = trip.segments.map((s) => s.id).join("-");
          const blocked = trip.locked || trip.sales_closed;
          return (
            <Radio
              key={trip.key}
              value={ids}
              disabled={blocked}
              data-testid="trip"
              label={
                <Stack gap={0}>
                  <Text size="sm" fw={500}>
                    {trip.route} · {trip.carrier}
                    {blocked ? ` · ${t("route.closed")}` : !trip.available ? ` · ${t("route.noSpace")}` : ""}
                  </Text>
                  {trip.segments.map((s) => (
                    <Text key={s.id} size="xs" c="dimmed">
                      {s.number_with_date} {s.origin_iata} {clock(s.std_local, s.std)} → {s.destination_iata} {clock(s.sta_local, s.sta)}
                      {s.available_weight !== null ? ` · ${t("route.free", { weight: s.available_weight })}` : ""}
                    </Text>
                  ))}
                </Stack>
              }
            />
          );
        })}
      </Stack>
    </Radio.Group>
  );
}

/** The legs of the route search as radio choices (value: the segment id); a locked, closed or cancelled one cannot be chosen. */
export function FlightChoices({ flights, testId }: { flights: Trip["segments"]; testId: string }) {
  const { t } = useTranslation("awb");
  return (
    <Stack gap="xs" mt="xs">
      {flights.map((s) => (
        <Radio
          key={String(s.id)}
          value={String(s.id)}
          disabled={s.locked || s.sales_closed || s.canceled}
          data-testid={testId}
          label={`${s.number_with_date} ${s.origin_iata} ${clock(s.std_local, s.std)} → ${s.destination_iata} ${clock(s.sta_local, s.sta)}${s.available_weight !== null ? ` · ${t("awb:route.free", { weight: s.available_weight })}` : ""}`}
        />
      ))}
    </Stack>
  );
}

/** The fields of a party (shipper, consignee, notify) of a master or a house waybill, in the waybill's words. */
export function PartyFields({
  party,
}: {
  party: Record<"name" | "address" | "city" | "state" | "country_code" | "post_code" | "tax_id" | "phone" | "email", Field>;
}) {
  const { t } = useTranslation("awb");
  return (
    <>
      <TextField field={party.name} label={t("parties.name")} />
      <TextField field={party.address} label={t("parties.address")} />
      <TextField field={party.city} label={t("parties.city")} />
      <TextField field={party.state} label={t("parties.state")} />
      <TextField field={party.country_code} label={t("parties.country_code")} />
      <TextField field={party.post_code} label={t("parties.post_code")} />
      <TextField field={party.tax_id} label={t("parties.tax_id")} />
      <TextField field={party.phone} label={t("parties.phone")} type="tel" />
      <TextField field={party.email} label={t("parties.email")} type="email" />
    </>
  );
}
